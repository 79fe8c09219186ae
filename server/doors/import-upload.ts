// The upload of an import file through the Admin app: its own route handler because the Admin tRPC door's body
// limit is far below the file limit. The body is the file itself (text/csv), read with the limit enforced
// while reading, so a client that lies about Content-Length cannot make the server hold more.
// The checks and the preview are the Admin door's procedures, called through the server-side caller.
import 'server-only';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { api } from '@/server/doors/admin/server-caller';
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from '@/server/admins/csrf';
import { readBodyWithin } from '@/server/platform/lib/body-limit';
import { failureFields, logger } from '@/server/platform/observability/logger';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@/server/imports/participant-import';

/** The header carrying the upload form's submission id (components/ui/use-submit-once.ts). */
const SUBMISSION_ID_HEADER = 'x-submission-id';

const problem = (status: number, message: string) =>
  Response.json({ error: message }, { status, headers: { 'Cache-Control': 'no-store' } });

/** The file's name as the page sent it (percent-encoded, so any name fits in a header); only shown back. */
function fileNameOf(req: Request): string {
  const raw = req.headers.get('x-file-name') ?? 'upload.csv';
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded after all: kept as sent.
  }
  // Control characters (NUL cannot even be stored) and broken UTF-16 are dropped.
  return name.replace(/[\p{Cc}\p{Cs}]/gu, '') || 'upload.csv';
}

/** POST …/participant-imports with the CSV as the body (X-File-Name names it): the stored preview. */
export async function handleImportUpload(req: Request, questionnaireId: string): Promise<Response> {
  if (!isSameOriginRequest(req)) return problem(403, CROSS_SITE_MESSAGE);
  try {
    // The caller is checked (signed in, grants) before a byte of the file is read.
    await api.questionnaire.get({ questionnaireId });
    const bytes = await readBodyWithin(req, IMPORT_MAX_BYTES);
    if (!bytes) return problem(413, IMPORT_MESSAGES.tooLarge);
    const preview = await api.participantImport.upload({
      questionnaireId,
      fileName: fileNameOf(req),
      bytes,
      // The page's form submission id (as a tRPC form sends it): a second upload with it stores nothing.
      submissionId: req.headers.get(SUBMISSION_ID_HEADER) ?? undefined,
    });
    return Response.json(preview, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR')
      return problem(getHTTPStatusCodeFromError(error), error.message);
    logger.error(
      failureFields(error instanceof TRPCError ? (error.cause ?? error) : error),
      'import upload failed',
    );
    return problem(500, 'The file could not be stored. Try again.');
  }
}
