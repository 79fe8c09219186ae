// What the process must hold exactly once, in one typed record under one globalThis key.
//
// Why globalThis at all: one process loads the server's modules more than once. `npm start` serves the REST
// door from its own module graph (scripts/start.ts), beside the bundles Next.js builds (instrumentation and
// route handlers, each with its own copy of every module it imports); a development reload loads them again.
// A module-level `const` exists once per copy, so the database pool, the verified-key cache, the logger, the
// metrics registry and the rest would each exist several times and disagree (a key deleted through the Admin
// app would stay cached for the REST door). Only globalThis is shared by every copy. One key, with every entry
// named and typed here, instead of one ad-hoc key per module: what the process shares is listed in one place.
import type { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type pino from 'pino';
import type { Database } from '@/server/db/client';
import type { DispatcherPool } from '@/server/db/dispatcher-pool';
import type { UnknownKeyCache, VerifiedKeyCache } from '@/server/services/api-keys';
import type { RequestContext } from '@/server/observability/request-context';
import type { LogSink } from '@/server/observability/logger';
import type { Metrics, PoolCounts } from '@/server/observability/metrics';
import type { OutboxSource } from '@/server/observability/outbox-gauges';
import type { KeyRequestLogState } from '@/server/observability/key-request-log';
import type { Tracing } from '@/server/observability/tracing';
import type { WebhookScheduler } from '@/server/webhooks/scheduler';
import type { Lifecycle } from '@/server/lifecycle/state';
import type { RequestDeadline } from '@/server/db/request-deadline';

/** A holder for a value that is replaced during the process's life (opened, swapped, stopped). */
interface Slot<T> {
  value: T;
}

interface ProcessSingletons {
  /** The server's Prisma client and pool (server/db.ts), opened on first use, closed at shutdown. */
  database: Slot<Database | undefined>;
  /** Prisma clients whose hot raw statements go straight to their pg pool (server/db/direct-statement.ts). */
  directPools: WeakMap<object, pg.Pool>;
  /** Prisma clients whose webhook claim and settle run on the dispatcher's own pool (dispatcher-pool.ts). */
  dispatcherPools: WeakMap<object, DispatcherPool>;
  /** Prisma clients whose prepared hot statements run on their embedded database (direct-statement.ts). */
  embeddedDatabases: WeakMap<object, PGlite>;
  /** The statements prepared (or being prepared) on each embedded database, by name (direct-statement.ts). */
  embeddedPreparations: WeakMap<PGlite, Map<string, Promise<void>>>;
  /** Live API keys verified in the last seconds (server/services/api-keys.ts). */
  verifiedKeys: VerifiedKeyCache;
  /** Hashes that were no live key in the last minute (server/services/api-keys.ts). */
  unknownKeys: UnknownKeyCache;
  /** The current request's context, found by the logger whichever module copy started the request. */
  requestContext: AsyncLocalStorage<RequestContext>;
  /** Where log lines go: stdout, or a test's sink. */
  logSink: Slot<LogSink>;
  logger: pino.Logger;
  /** The Prometheus registry and its metrics: every module copy counts into the same one. */
  metrics: Metrics;
  /** The pool reported in the pool gauges (the server's own). */
  watchedPool: Slot<PoolCounts | undefined>;
  /** The database the outbox gauges read, and their cached figures. */
  outboxSource: Slot<OutboxSource | undefined>;
  /** The batch of API-key requests the flusher writes (fast REST door and route handlers fill the same). */
  keyRequestLog: KeyRequestLogState;
  /** The OpenTelemetry exporter: undefined until first asked, null when tracing is off. */
  tracing: Slot<Tracing | null | undefined>;
  /** The built-in webhook scheduler of this process, if it runs one. */
  webhookScheduler: Slot<WebhookScheduler | undefined>;
  /** The shutdown state: draining, stop tasks, background work in flight. */
  lifecycle: Lifecycle;
  /** The deadline of the current REST request, found by the database code (server/db/request-deadline.ts). */
  requestDeadline: AsyncLocalStorage<RequestDeadline>;
}

const shared = globalThis as unknown as { __paisProcess?: Partial<ProcessSingletons> };
const singletons = (shared.__paisProcess ??= {});

/** This process's one `key`, created by `create` the first time any module copy asks for it. */
export function processSingleton<K extends keyof ProcessSingletons>(
  key: K,
  create: () => ProcessSingletons[K],
): ProcessSingletons[K] {
  return (singletons[key] ??= create());
}
