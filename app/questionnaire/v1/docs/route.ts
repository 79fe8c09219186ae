import { docsPage } from '@/server/rest/docs';
import { NONCE_HEADER } from '@/server/security/page-csp';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  return docsPage(request.headers.get(NONCE_HEADER) ?? '');
}
