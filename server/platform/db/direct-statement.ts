// The hot raw statements (a participant's creation, an import chunk) go to PostgreSQL through the pg pool of
// Prisma's own driver adapter, not through Prisma's client. For a raw statement the client's request pipeline
// (its parameters serialised to JSON and parsed back, its debug and tracing hooks, its query interpreter) cost a
// fifth of the server's CPU per creation (`npm run bench:profile`), more than all of tRPC. Same pool, same
// connections, same statement, same results: pg parses the columns these statements return (uuid[], text[],
// integers) as Prisma does. A request's write is bounded by its deadline in one round trip (pool-write.ts).
//
// Only the client itself is registered: inside a transaction (`tx`) the statement runs through Prisma on the
// transaction's connection. The statements marked `prepared` (the webhook claim and settle, many a second) go
// to the dispatcher's own pool on PostgreSQL (dispatcher-pool.ts: named prepared statements, never through a
// transaction pooler). On the embedded database those, and a request's writes, run straight on PGlite
// (embedded-statement.ts); the rest keeps Prisma's path.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { processSingleton } from '@/server/platform/process-registry';
import type { Db } from './client';
import type { DispatcherPool } from './dispatcher-pool';
import { embeddedPrepared, embeddedWithinDeadline } from './embedded-statement';
import { writeWithinDeadline } from './pool-write';
import { databaseStepBound } from './request-deadline';
import { inTransaction } from './transaction';

// One per process: the client may have been opened by the REST door's module graph or by Next.js's bundles
// (the first request decides), and both must find its pool.
const directPools = processSingleton('directPools', () => new WeakMap<object, pg.Pool>());
const dispatcherPools = processSingleton('dispatcherPools', () => new WeakMap<object, DispatcherPool>());
const embeddedDatabases = processSingleton('embeddedDatabases', () => new WeakMap<object, PGlite>());

/** Lets `prisma` run queryRows statements straight on `pool` (the pool its adapter uses). */
export function useDirectStatements(prisma: object, pool: pg.Pool): void {
  directPools.set(prisma, pool);
}

/** Lets `prisma` run the queryRows statements marked `prepared` on the dispatcher's own pool. */
export function useDispatcherPool(prisma: object, pool: DispatcherPool): void {
  dispatcherPools.set(prisma, pool);
}

/** Lets `prisma` run the queryRows statements marked `prepared` as prepared statements of `pglite`. */
export function useEmbeddedStatements(prisma: object, pglite: PGlite): void {
  embeddedDatabases.set(prisma, pglite);
}

/** True when `prisma`'s hot raw statements go straight to its pg pool (PostgreSQL). */
export const usesDirectStatements = (prisma: object): boolean => directPools.has(prisma);

/** The rows of a raw statement whose columns are uuid, text, integer, boolean, timestamptz or arrays of them. */
export async function queryRows<Row>(
  db: Db,
  statement: Prisma.Sql,
  options: {
    /** The dispatcher's statements: prepared on its own pool (PostgreSQL) or on the embedded database. */
    prepared?: boolean;
    /**
     * A request's write whose text is one of a few (the create of one participant): prepared on the
     * connection it runs on, where planning it costs more than running it (pool-write.ts,
     * embedded-statement.ts).
     */
    preparedWrite?: boolean;
  } = {},
): Promise<Row[]> {
  const pool = directPools.get(db);
  if (!pool) {
    const pglite = embeddedDatabases.get(db);
    if (pglite && options.prepared) return embeddedPrepared<Row>(pglite, statement);
    // Inside a request with a deadline, a write on the client gets a transaction of its own, bounded by it.
    const bound = '$connect' in db && !isRead(statement) ? databaseStepBound() : null;
    if (bound && pglite)
      return embeddedWithinDeadline<Row>(pglite, statement, bound, options.preparedWrite === true);
    if (bound) return inTransaction(db, (tx) => tx.$queryRaw<Row[]>(statement));
    return db.$queryRaw<Row[]>(statement);
  }
  const dispatcherPool = options.prepared ? dispatcherPools.get(db) : undefined;
  if (dispatcherPool) return dispatcherPool.query<Row>(statement);
  if (!isRead(statement) && databaseStepBound())
    return writeWithinDeadline<Row>(pool, statement, { prepared: options.preparedWrite === true });
  const result = await pool.query({ text: statement.text, values: statement.values });
  return result.rows as Row[];
}

/**
 * A plain SELECT: it changes nothing, so running it past a request's deadline stores nothing either; it keeps
 * its single round trip (and waits only for a lock taken in ACCESS EXCLUSIVE mode).
 */
// The text's first piece, not `.text`: Prisma builds that string anew on every access.
const isRead = (statement: Prisma.Sql): boolean => /^\s*SELECT\b/i.test(statement.strings[0] ?? '');
