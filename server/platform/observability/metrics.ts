// The Prometheus metrics of one instance (prom-client), scraped at GET /api/metrics. Counters are bumped by
// one-line calls where things happen; the outbox figures are read from the database when scraped
// (outbox-gauges.ts). One registry per process (server/platform/process-registry.ts): every module copy counts into it.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import packageJson from '../../../package.json' with { type: 'json' };
import { processSingleton } from '@/server/platform/process-registry';

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'pais_build_info',
    help: 'The running build: its version and Node.js version (always 1)',
    labelNames: ['version', 'node_version'] as const,
    registers: [registry],
  }).set({ version: packageJson.version, node_version: process.version }, 1);
  createRuntimeGauges(registry);
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests answered by the route handlers, by route template, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    adminProcedureCalls: new Counter({
      name: 'admin_trpc_procedure_calls_total',
      help: 'Admin tRPC procedure calls by procedure (each call of a batch counts)',
      labelNames: ['procedure'] as const,
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (succeeded, retried, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    webhookPublishToDelivery: new Histogram({
      name: 'webhook_publish_to_delivery_seconds',
      help: 'From a delivery being queued (the result published) to the receiver accepting it, retries included',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 21600, 86400],
      registers: [registry],
    }),
    webhookSendDuration: new Histogram({
      name: 'webhook_send_duration_seconds',
      help: "One delivery attempt of this instance's dispatcher, from signing it to the receiver's answer (or the error)",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers: [registry],
    }),
    webhookSettleDuration: new Histogram({
      name: 'webhook_settle_duration_seconds',
      help: "From an attempt's answer to its settlement committed (the attempt recorded, the delivery updated, the slot's next delivery handed over), waiting for its group's statement included",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    dispatcherBatches: new Counter({
      name: 'webhook_dispatcher_batches_total',
      help: 'Claims of due deliveries made by the dispatcher of this instance (each takes one or more)',
      registers: [registry],
    }),
    dispatcherFailures: new Counter({
      name: 'webhook_dispatcher_failures_total',
      help: 'Failed webhook flushes of this instance (built-in scheduler or cron route) by kind: unreachable, prepared_statement, permission, database, other',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    apiKeyCache: new Counter({
      name: 'api_key_cache_requests_total',
      help: 'API-key verifications by cache result (hit, unknown: refused from the cache of unknown keys, miss)',
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

/** The counts of a pg pool (pg.Pool has them). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const watchedPool = processSingleton('watchedPool', () => ({ value: undefined }));
// Whether this process's webhook dispatcher listens for its wake signal, asked at each scrape; the webhook
// scheduler reports how to find out (reportWakeListener), since platform code knows no domain.
const wakeListener = processSingleton('wakeListenerProbe', () => ({ value: undefined }));

/** `isListening` answers undefined while this process runs no webhook scheduler (no gauge value then). */
export function reportWakeListener(isListening: () => boolean | undefined): void {
  wakeListener.value = isListening;
}

/** The server's pools whose repeated statements may run prepared: the requests' writes and the dispatcher's. */
export type PreparedStatementPool = 'requests' | 'dispatcher';
/**
 * Whether a pool's repeated statements run prepared: false once a transaction pooler made them go unprepared
 * (the create and the dispatch are slower then, and correct), null while that is not known yet.
 */
export type PreparedStatementsProbe = () => boolean | null;
const preparedStatements = processSingleton('preparedStatementProbes', () => ({
  value: {},
}));

/** Reports the server's pools in the prepared-statements gauge (the last ones watched win). */
export function watchPreparedStatements(
  probes: Partial<Record<PreparedStatementPool, PreparedStatementsProbe>>,
): void {
  preparedStatements.value = probes;
}

/** Reports `pool`'s connections in the pool gauges (the server's own pool; the last one watched wins). */
export function watchPool(pool: PoolCounts): void {
  watchedPool.value = pool;
}

function createRuntimeGauges(registry: Registry): void {
  new Gauge({
    name: 'db_pool_connections',
    help: "Connections of this instance's PostgreSQL pool by state (in_use, idle) and requests waiting for one",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = watchedPool.value;
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_prepared_statements',
    help: "1 while the pool's repeated statements run prepared, 0 once a transaction pooler made them go unprepared (slower, still correct)",
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, probe] of Object.entries(preparedStatements.value)) {
        const prepared = probe();
        if (prepared !== null) this.set({ pool }, prepared ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'webhook_wake_listener_up',
    help: '1 while the webhook dispatcher of this instance listens for the wake signal, 0 while it does not (poll only)',
    registers: [registry],
    collect() {
      const listening = wakeListener.value?.();
      if (listening !== undefined) this.set(listening ? 1 : 0);
    },
  });
}

export const metrics: Metrics = processSingleton('metrics', createMetrics);
