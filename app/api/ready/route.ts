// Readiness (server/lifecycle/readiness.ts); GET /api/health is the liveness check (server/lifecycle/liveness.ts).
import { getPrisma } from '@/server/db';
import { readiness } from '@/server/lifecycle/readiness';
import { observeRequests } from '@/server/observability/observe-request';

export const dynamic = 'force-dynamic';

export const GET = observeRequests('/api/ready', async (): Promise<Response> => {
  const { status, body } = await readiness(getPrisma);
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
});
