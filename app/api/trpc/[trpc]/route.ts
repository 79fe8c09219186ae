// The Admin door (see server/api/admin-door.ts).
import { getPrisma } from '@/server/db';
import { getSession } from '@/server/auth/session';
import { createAdminDoorHandler } from '@/server/api/admin-door';
import { observeRequests } from '@/server/observability/observe-request';

const handler = observeRequests('/api/trpc', createAdminDoorHandler({ db: getPrisma, session: getSession }));

export { handler as GET, handler as POST };
