import { getPrisma } from '@/server/db';
import { isDatabaseReachable } from '@/server/services/health';
import { observeRequests } from '@/server/observability/observe-request';

export const dynamic = 'force-dynamic';

export const GET = observeRequests('/api/health', async (): Promise<Response> => {
  let reachable = false;
  try {
    reachable = await isDatabaseReachable(getPrisma());
  } catch {
    reachable = false; // the database could not even be opened
  }
  return reachable
    ? Response.json({ status: 'ok', database: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
    : Response.json(
        { status: 'error', database: 'unreachable' },
        { status: 503, headers: { 'Cache-Control': 'no-store' } },
      );
});
