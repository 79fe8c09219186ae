// The public REST API: every path under /questionnaire/v1 goes to the REST door.
import { getPrisma } from '@/server/db';
import { createRestHandler } from '@/server/rest/handler';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handler = createRestHandler({ db: getPrisma });

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
