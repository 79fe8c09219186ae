// The machine-readable description of the public REST API.
import { buildOpenApiDocument } from '@/server/doors/rest/openapi';
import { annotateRequest } from '@/server/platform/observability/request-context';

export const dynamic = 'force-dynamic';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export function GET(): Response {
  // Its access line is the HTTP server's (observeServerRequests); this names its route there.
  annotateRequest({ route: '/questionnaire/v1/openapi.json' });
  document ??= buildOpenApiDocument();
  return Response.json(document, { headers: { 'Cache-Control': 'public, max-age=300' } });
}
