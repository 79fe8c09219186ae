// GET /api/metrics: this instance's metrics in the Prometheus text format, for a scraper that sends
// `Authorization: Bearer $METRICS_TOKEN`. Unset, the endpoint does not exist (404), so an instance without
// the variable reveals nothing.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { checkBearer, errorResponse } from '@/server/webhooks/http-door';
import { logUnexpected } from '@/server/lib/log-unexpected';
import { metrics } from './metrics';
import { observeRequests } from './observe-request';
import { registerOutboxGauges } from './outbox-gauges';

export interface MetricsEndpointOptions {
  db: () => PrismaClient;
  /** METRICS_TOKEN; unset switches the endpoint off. */
  token: () => string | undefined;
  /** How long the outbox figures read from the database are reused. */
  outboxCacheMs?: number;
}

export function createMetricsHandler(options: MetricsEndpointOptions): (req: Request) => Promise<Response> {
  registerOutboxGauges(options.db, options.outboxCacheMs);
  return observeRequests('/api/metrics', async (req) => {
    const token = options.token();
    if (!token) return errorResponse(404, 'Endpoint not found');
    const denied = checkBearer(req, token, 'METRICS_TOKEN');
    if (denied) return denied;
    try {
      return new Response(await metrics.registry.metrics(), {
        headers: { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' },
      });
    } catch (error) {
      logUnexpected('metrics', error);
      return errorResponse(500, 'Internal server error');
    }
  });
}
