// GET …/participant-imports/{importId}/results.csv: one line per uploaded row, the participant or the error.
import { getCurrentAdmin } from '@/server/auth/session';
import { getPrisma } from '@/server/db';
import { isAppError } from '@/server/lib/errors';
import { requireQuestionnaireAccess } from '@/server/services/admin-access';
import { getImportProgress, importResultsCsv } from '@/server/services/participant-import';

export const dynamic = 'force-dynamic';

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string; importId: string }> },
) {
  const admin = await getCurrentAdmin();
  if (!admin) return new Response('Sign in to download import results.\n', { status: 401 });
  const { id, importId } = await params;
  const db = getPrisma();
  try {
    await requireQuestionnaireAccess(db, admin, id);
    const job = await getImportProgress(db, id, importId);
    const name = job.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_');
    return new Response(importResultsCsv(db, importId), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}-results.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  } catch (error) {
    if (isAppError(error)) return new Response(`${error.message}\n`, { status: error.httpStatus });
    throw error;
  }
}
