// GET …/participant-imports/template.csv: the columns an import file may have, with one example row.
import { IMPORT_TEMPLATE_CSV } from '@/server/imports/participant-import';

export function GET() {
  return new Response(IMPORT_TEMPLATE_CSV, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="participants-import-template.csv"',
    },
  });
}
