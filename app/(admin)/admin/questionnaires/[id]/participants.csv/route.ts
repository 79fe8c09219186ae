// GET /admin/questionnaires/{id}/participants.csv?<the table's filter>: the filtered participants as CSV.
import { responseRefusal } from '@/server/doors/admin/caller-refusals';
import { api } from '@/server/doors/admin/server-caller';
import { filterFromQuery } from '@/server/participants/export';
import { observeRequests } from '@/server/platform/observability/observe-request';

export const dynamic = 'force-dynamic';

export const GET = observeRequests(
  '/admin/questionnaires/[id]/participants.csv',
  async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
    const { id } = await params;
    const filter = filterFromQuery(new URL(request.url).searchParams);
    let csv: ReadableStream<Uint8Array>;
    try {
      csv = await api.participant.exportCsv({ ...filter, questionnaireId: id });
    } catch (error) {
      return responseRefusal(error, 'Sign in to export participants.');
    }
    const date = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="participants-${id}-${date}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  },
);
