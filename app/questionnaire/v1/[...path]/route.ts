// The public REST API: every path under /questionnaire/v1 goes to the REST door.
import { getPrisma } from '@/server/platform/db';
import { createRestHandler } from '@/server/doors/rest/handler';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handler = createRestHandler({ db: getPrisma });

// OPTIONS too: a CORS preflight gets the door's 405 and no Access-Control-Allow-* header (no CORS: the API is
// called server to server), instead of Next.js's automatic 204.
export {
  handler as GET,
  handler as POST,
  handler as PUT,
  handler as PATCH,
  handler as DELETE,
  handler as OPTIONS,
};
