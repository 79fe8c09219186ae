// Readiness (server/platform/lifecycle/readiness.ts); GET /api/health is the liveness check (server/platform/lifecycle/liveness.ts).
import { getPrisma } from '@/server/platform/db';
import { readiness } from '@/server/platform/lifecycle/readiness';
import { observeRequests } from '@/server/platform/observability/observe-request';

export const dynamic = 'force-dynamic';

export const GET = observeRequests('/api/ready', async (): Promise<Response> => {
  const { status, body } = await readiness(getPrisma);
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
});
