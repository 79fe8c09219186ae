import { docsPage } from '@/server/doors/rest/docs';
import { NONCE_HEADER } from '@/server/platform/http/page-csp';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  return docsPage(request.headers.get(NONCE_HEADER) ?? '');
}
