// GET …/participant-imports/{importId}/results.csv: one line per uploaded row, the participant or the error.
import { importCsvDownload } from '@/server/doors/import-csv-download';

export const dynamic = 'force-dynamic';

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string; importId: string }> },
) {
  return importCsvDownload(await params, 'results');
}
