// Liveness (server/platform/lifecycle/liveness.ts): 200 while the process answers, the database's state in the body.
import { getPrisma } from '@/server/platform/db';
import { liveness } from '@/server/platform/lifecycle/liveness';
import { observeRequests } from '@/server/platform/observability/observe-request';

export const dynamic = 'force-dynamic';

export const GET = observeRequests('/api/health', async (): Promise<Response> => {
  const { status, body } = await liveness(getPrisma);
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
});
