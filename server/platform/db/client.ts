import { PrismaClient } from '@/server/generated/prisma/client.ts';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { connectDatabase, type EmbeddedStart } from './adapter';
import { useDirectStatements, useDispatcherPool, useEmbeddedStatements } from './direct-statement';
import { createDispatcherPool, type DispatcherPool } from './dispatcher-pool';

/** A Prisma client or an open transaction: services take either as their first argument. */
export type Db = PrismaClient | Prisma.TransactionClient;

export interface Database {
  prisma: PrismaClient;
  /** The PGlite instance when the database is embedded (its listen/notify wakes the dispatcher). */
  pglite?: PGlite;
  /** The pg pool when the database is a PostgreSQL server. */
  pool?: pg.Pool;
  /** The webhook dispatcher's own pool when the database is a PostgreSQL server. */
  dispatcherPool?: DispatcherPool;
  /** Disconnects Prisma and releases the embedded database, if any. */
  close: () => Promise<void>;
}

/**
 * Opens the database at `url`. On PostgreSQL the webhook dispatcher's claim and settle get a small pool of their
 * own (dispatcher-pool.ts) over `directUrl` (DATABASE_DIRECT_URL) when given, else over `url`; it opens its
 * connections on first use only.
 */
export function createDatabase(
  url: string,
  poolSize?: number,
  start?: EmbeddedStart,
  options: { directUrl?: string } = {},
): Database {
  const connection = connectDatabase(url, poolSize, start);
  const prisma = new PrismaClient({
    adapter: connection.factory,
    // A burst can queue more transactions than the pool has connections: wait for one for up to 10 s
    // (Prisma's default is 2 s) rather than fail a request that would have succeeded a moment later.
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
  const dispatcherPool = connection.pool ? createDispatcherPool(options.directUrl ?? url) : undefined;
  if (connection.pool) useDirectStatements(prisma, connection.pool);
  if (dispatcherPool) useDispatcherPool(prisma, dispatcherPool);
  if (connection.pglite) useEmbeddedStatements(prisma, connection.pglite);
  return {
    prisma,
    pglite: connection.pglite,
    pool: connection.pool,
    dispatcherPool,
    close: async () => {
      await prisma.$disconnect();
      await Promise.all([connection.close(), dispatcherPool?.close()]);
    },
  };
}

export { PrismaClient };
