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
import type { Database } from '@/server/platform/db/client';
import type { DispatcherPool } from '@/server/platform/db/dispatcher-pool';
import type { KeyedRequest } from '@/server/platform/observability/observe-request';
import type { LogSink } from '@/server/platform/observability/logger';
import type {
  Metrics,
  PoolCounts,
  PreparedStatementPool,
  PreparedStatementsProbe,
} from '@/server/platform/observability/metrics';
import type { Tracing } from '@/server/platform/observability/tracing';
import type { Lifecycle } from '@/server/platform/lifecycle/state';
import type { RequestScope } from '@/server/platform/request-scope';

/** A holder for a value that is replaced during the process's life (opened, swapped, stopped). */
export interface Slot<T> {
  value: T;
}

// Platform code knows no domain: a domain adds its own entries to this record where it defines them, with
// `declare module '@/server/platform/process-registry' { interface ProcessSingletons { … } }`, so every entry
// is still named and typed once, and `processSingleton` refuses an unknown name.
export interface ProcessSingletons {
  /** The server's Prisma client and pool (server/platform/db.ts), opened on first use, closed at shutdown. */
  database: Slot<Database | undefined>;
  /** Prisma clients whose hot raw statements go straight to their pg pool (server/platform/db/direct-statement.ts). */
  directPools: WeakMap<object, pg.Pool>;
  /** Prisma clients whose webhook claim and settle run on the dispatcher's own pool (dispatcher-pool.ts). */
  dispatcherPools: WeakMap<object, DispatcherPool>;
  /** Prisma clients whose hot statements run straight on their embedded database (direct-statement.ts). */
  embeddedDatabases: WeakMap<object, PGlite>;
  /** The statements prepared (or being prepared) on each embedded database, by name (embedded-statement.ts). */
  embeddedPreparations: WeakMap<PGlite, Map<string, Promise<void>>>;
  /** pg pools whose prepared request writes met a transaction pooler: unprepared from then on (pool-write.ts). */
  pooledWritePools: WeakSet<pg.Pool>;
  /** The request writes prepared on each pg connection, by name (pool-write.ts). */
  preparedWrites: WeakMap<pg.ClientBase, Set<string>>;
  /**
   * The current request's context and deadline, found by the logger and the database code whichever module
   * copy started the request (server/platform/request-scope.ts).
   */
  requestScope: AsyncLocalStorage<RequestScope>;
  /** Where log lines go: stdout, or a test's sink. */
  logSink: Slot<LogSink>;
  logger: pino.Logger;
  /** The Prometheus registry and its metrics: every module copy counts into the same one. */
  metrics: Metrics;
  /** The pool reported in the pool gauges (the server's own). */
  watchedPool: Slot<PoolCounts | undefined>;
  /** How the prepared-statements gauge learns whether the server's pools run their statements prepared. */
  preparedStatementProbes: Slot<Partial<Record<PreparedStatementPool, PreparedStatementsProbe>>>;
  /** How the wake-listener gauge learns whether this process's webhook dispatcher listens (metrics.ts). */
  wakeListenerProbe: Slot<(() => boolean | undefined) | undefined>;
  /** Who hears of each answered API-key request (observe-request.ts). */
  keyedRequestSink: Slot<((request: KeyedRequest) => void) | undefined>;
  /** The OpenTelemetry exporter: undefined until first asked, null when tracing is off. */
  tracing: Slot<Tracing | null | undefined>;
  /** The shutdown state: draining, stop tasks, background work in flight. */
  lifecycle: Lifecycle;
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
