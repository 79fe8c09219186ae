// GET /api/metrics: this instance's metrics in the Prometheus text format, for a scraper that sends
// `Authorization: Bearer $METRICS_TOKEN`. Unset, the endpoint does not exist (404), so an instance without
// the variable reveals nothing.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { errorResponse } from '@/server/doors/rest/errors';
import { DOOR_MESSAGES } from '@/server/rest-contract/messages';
import { metrics } from '@/server/platform/observability/metrics';
import { observeRequests } from '@/server/platform/observability/observe-request';
import { registerOutboxGauges } from '@/server/webhooks/outbox-gauges';
import { checkBearer, failureResponse } from './machine-door';

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
    if (!token) return errorResponse('participant', { status: 404, message: DOOR_MESSAGES.endpointNotFound });
    const denied = checkBearer(req, token, 'METRICS_TOKEN');
    if (denied) return denied;
    try {
      return new Response(await metrics.registry.metrics(), {
        headers: { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' },
      });
    } catch (error) {
      // The outbox figures come from the database: while it is gone, the one 503 with Retry-After.
      return failureResponse('metrics', error);
    }
  });
}
