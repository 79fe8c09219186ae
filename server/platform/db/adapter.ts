// Chooses the Prisma driver adapter from DATABASE_URL: embedded PGlite (pglite:<dir> or pglite:memory://)
// or a real PostgreSQL server (postgresql://…).
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { lockEmbeddedDataDir } from './embedded-lock';
import { tracingEnabled } from '@/server/platform/observability/tracing';
import { traceQueries } from '@/server/platform/observability/trace-queries';

export interface DatabaseConnection {
  factory: SqlDriverAdapterFactory;
  /** The PGlite instance when the database is embedded. */
  pglite?: PGlite;
  /** The pg pool behind the adapter when the database is a PostgreSQL server. */
  pool?: pg.Pool;
  close: () => Promise<void>;
}

export const MEMORY_PGLITE = 'memory://';

/**
 * Extensions the migrations use, loaded into every PGlite (server, CLI, tests, the migration shadow
 * database). PostgreSQL ships the same ones as contrib modules: pg_trgm serves the participant search.
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** The PGlite data directory of a pglite: URL, or `memory://` for an in-memory database. */
export function pgliteDataDir(url: string): string {
  return url.slice('pglite:'.length) || MEMORY_PGLITE;
}

/** How an embedded database starts: from a data directory dump (a test's migrated template), or empty. */
export interface EmbeddedStart {
  loadDataDir?: Blob;
}

export function openPglite(
  url: string,
  start: EmbeddedStart = {},
): { pglite: PGlite; close: () => Promise<void> } {
  const dataDir = pgliteDataDir(url);
  const release = dataDir.startsWith(MEMORY_PGLITE) ? () => undefined : lockEmbeddedDataDir(dataDir);
  const pglite = new PGlite(dataDir, { ...PGLITE_OPTIONS, ...start });
  return {
    pglite,
    close: async () => {
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}

export function connectDatabase(url: string, poolSize = 10, start?: EmbeddedStart): DatabaseConnection {
  if (url.startsWith('pglite:')) {
    const { pglite, close } = openPglite(url, start);
    return { factory: new PrismaPGlite(pglite), pglite, close };
  }
  // The pool is ours, handed to the adapter, so that hot raw statements can use its connections too
  // (server/platform/db/direct-statement.ts); DATABASE_POOL_SIZE stays the one bound on connections.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle connection that dies (a restarting server) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  if (tracingEnabled()) traceQueries(pool);
  const factory = new PrismaPg(pool);
  return { factory, pool, close: () => (pool.ended ? Promise.resolve() : pool.end()) };
}
