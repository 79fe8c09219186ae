// The webhook dispatcher's own small pool of PostgreSQL connections, for its claim and settle (the statements
// marked `prepared` in direct-statement.ts, many a second). They run as named prepared statements with the
// session setting plan_cache_mode = force_generic_plan: planning those CTEs took 8–13 ms and running them under
// 2 ms, and PostgreSQL's default (auto) kept planning them for every call.
//
// Named statements and session settings live in a server session. Behind a transaction-mode pooler
// (PgBouncer's pool_mode=transaction) consecutive statements of one client land on different server
// connections: a statement prepared on one is missing on the next (26000) or prepared twice (42P05), and a
// session SET would leak into other clients' transactions. So the pool connects over DATABASE_DIRECT_URL when
// set (the direct connection the dispatcher's LISTEN already needs), else over DATABASE_URL; and before its
// first statement it checks once whether that URL goes through a transaction pooler. If it does (a cron-only
// deployment with DATABASE_URL alone at PgBouncer), it sends plain unnamed statements, planned each time, and
// sets nothing on the session. The check can miss a pooler that other clients keep busy (its two probe
// connections may each keep a backend of their own by chance), so a named statement that fails the way only a
// pooler makes it fail (42P05 or 26000: the statement never ran) switches the pool to unnamed statements for
// good and runs again, unnamed.
import pg from 'pg';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { isPooledSessionError, preparedName } from './prepared-statement';
import { isBehindTransactionPooler } from './transaction-pooler';

/** Connections at most: one claim and the settler's three concurrent groups (settler.ts). */
const DISPATCHER_POOL_SIZE = 4;

const SESSION_SETTINGS = 'SET plan_cache_mode = force_generic_plan';

export interface DispatcherPool {
  /** Runs a claim or settle statement and returns its rows. */
  query: <Row>(statement: Prisma.Sql) => Promise<Row[]>;
  /** Whether its statements are named prepared statements (false behind a transaction pooler); null: not yet known. */
  usesNamedStatements: () => boolean | null;
  close: () => Promise<void>;
}

export function createDispatcherPool(url: string): DispatcherPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: DISPATCHER_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
  });
  // A connection that dies (a restarting server) must not crash the process, idle (the pool's 'error') or lent
  // out (pg-pool leaves a lent client's 'error' unhandled; its statement fails, and the next one reconnects).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  /** Connections whose session settings are in place. */
  const configured = new WeakSet<pg.PoolClient>();
  let named: boolean | null = null;
  let probing: Promise<boolean> | undefined;

  const decide = (): Promise<boolean> => {
    if (named !== null) return Promise.resolve(named);
    probing ??= isBehindTransactionPooler(url).then(
      (pooled) => (named = !pooled),
      (error: unknown) => {
        // Unreachable for now: the next statement looks again (it fails the same way meanwhile).
        probing = undefined;
        throw error;
      },
    );
    return probing;
  };

  const runNamed = async <Row>(statement: Prisma.Sql): Promise<Row[]> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      if (!configured.has(client)) {
        await client.query(SESSION_SETTINGS);
        configured.add(client);
      }
      // Read once: Prisma builds the text anew on every access (a claim's or settlement's is several KB).
      const text = statement.text;
      const result = await client.query({ name: preparedName(text), text, values: statement.values });
      return result.rows as Row[];
    } catch (error) {
      // A connection that failed other than with a statement's error (it has a SQLSTATE) may be unusable: the
      // pool drops it instead of lending it again.
      broken = error instanceof Error && !('code' in error) ? error : undefined;
      throw error;
    } finally {
      client.release(broken);
    }
  };

  return {
    query: async <Row>(statement: Prisma.Sql) => {
      if (await decide()) {
        try {
          return await runNamed<Row>(statement);
        } catch (error) {
          if (!isPooledSessionError(error)) throw error;
          named = false;
        }
      }
      const result = await pool.query({ text: statement.text, values: statement.values });
      return result.rows as Row[];
    },
    usesNamedStatements: () => named,
    close: () => (pool.ended ? Promise.resolve() : pool.end()),
  };
}
