// GET /admin/questionnaires/{id}/participants.csv?<the table's filter>: the filtered participants as CSV.
import { getCurrentAdmin } from '@/server/auth/session';
import { getPrisma } from '@/server/db';
import { isAppError } from '@/server/lib/errors';
import { requireQuestionnaireAccess } from '@/server/services/admin-access';
import { filterFromQuery, participantsCsvStream } from '@/server/services/participant-export';
import { observeRequests } from '@/server/observability/observe-request';

export const dynamic = 'force-dynamic';

export const GET = observeRequests(
  '/admin/questionnaires/[id]/participants.csv',
  async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
    const admin = await getCurrentAdmin();
    if (!admin) return new Response('Sign in to export participants.\n', { status: 401 });
    const { id } = await params;
    const db = getPrisma();
    try {
      await requireQuestionnaireAccess(db, admin, id);
    } catch (error) {
      if (isAppError(error)) return new Response(`${error.message}\n`, { status: error.httpStatus });
      throw error;
    }
    const filter = filterFromQuery(new URL(request.url).searchParams);
    const date = new Date().toISOString().slice(0, 10);
    return new Response(participantsCsvStream(db, id, filter), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="participants-${id}-${date}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  },
);
