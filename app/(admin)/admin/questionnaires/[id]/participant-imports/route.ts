// POST /admin/questionnaires/{id}/participant-imports: upload a CSV file (the body), get its preview.
import { handleImportUpload } from '@/server/doors/import-upload';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleImportUpload(request, (await params).id);
}
