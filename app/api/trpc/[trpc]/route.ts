// The Admin door (see server/doors/admin/admin-door.ts).
import { getPrisma } from '@/server/platform/db';
import { getSession } from '@/server/admins/session';
import { createAdminDoorHandler } from '@/server/doors/admin/admin-door';
import { observeRequests } from '@/server/platform/observability/observe-request';

const handler = observeRequests('/api/trpc', createAdminDoorHandler({ db: getPrisma, session: getSession }));

export { handler as GET, handler as POST };
