// GET …/participant-imports/{importId}/results.csv: one line per uploaded row, the participant or the error.
import { responseRefusal } from '@/server/api/caller-refusals';
import { api } from '@/server/api/server-caller';

export const dynamic = 'force-dynamic';

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string; importId: string }> },
) {
  const { id, importId } = await params;
  let results: Awaited<ReturnType<typeof api.participantImport.resultsCsv>>;
  try {
    results = await api.participantImport.resultsCsv({ questionnaireId: id, importId });
  } catch (error) {
    return responseRefusal(error, 'Sign in to download import results.');
  }
  const name = results.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_');
  return new Response(results.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-results.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
