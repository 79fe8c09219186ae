// The import's two downloads: its results (every row) and its problems (the rows refused or to be refused).
import 'server-only';
import { responseRefusal } from '@/server/doors/admin/caller-refusals';
import { api } from '@/server/doors/admin/server-caller';

export async function importCsvDownload(
  params: { id: string; importId: string },
  kind: 'results' | 'problems',
): Promise<Response> {
  let download: Awaited<ReturnType<typeof api.participantImport.resultsCsv>>;
  try {
    download = await api.participantImport.resultsCsv({
      questionnaireId: params.id,
      importId: params.importId,
      problemsOnly: kind === 'problems',
    });
  } catch (error) {
    return responseRefusal(error, `Sign in to download import ${kind}.`);
  }
  const name = download.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_');
  return new Response(download.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${kind}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
