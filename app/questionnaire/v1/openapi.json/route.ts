// The machine-readable description of the public REST API.
import { buildOpenApiDocument } from '@/server/rest/openapi';

export const dynamic = 'force-dynamic';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export function GET(): Response {
  document ??= buildOpenApiDocument();
  return Response.json(document, { headers: { 'Cache-Control': 'public, max-age=300' } });
}
