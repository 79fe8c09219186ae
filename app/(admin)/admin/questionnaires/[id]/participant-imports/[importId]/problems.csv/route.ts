// GET …/participant-imports/{importId}/problems.csv: every row with a problem (the page lists the first ones).
import { importCsvDownload } from '@/server/doors/import-csv-download';

export const dynamic = 'force-dynamic';

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string; importId: string }> },
) {
  return importCsvDownload(await params, 'problems');
}
