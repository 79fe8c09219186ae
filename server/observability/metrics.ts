// The Prometheus metrics of one instance (prom-client), scraped at GET /api/metrics. Counters are bumped by
// one-line calls where things happen; the outbox figures are read from the database when scraped
// (outbox-gauges.ts). Kept on globalThis: Next.js may load this module once per server bundle, and every
// copy must count into the same registry.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests answered by the route handlers, by route template, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (succeeded, retried, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    dispatcherBatches: new Counter({
      name: 'webhook_dispatcher_batches_total',
      help: 'Batches of due deliveries claimed and sent by the dispatcher of this instance',
      registers: [registry],
    }),
    apiKeyCache: new Counter({
      name: 'api_key_cache_requests_total',
      help: 'API-key verifications by cache result (hit, miss)',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused with 429 because their API key was over its rate limit',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const shared = globalThis as unknown as { __paisMetrics?: Metrics };

export const metrics: Metrics = (shared.__paisMetrics ??= createMetrics());
