import { docsPage } from '@/server/rest/docs';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return docsPage();
}
