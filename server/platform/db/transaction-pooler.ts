// Detects a transaction-mode connection pooler (PgBouncer's pool_mode=transaction, and the like) in front of
// PostgreSQL. Behind one, session state does not survive a transaction: an advisory lock (migrations) may be
// taken on one server connection and "released" on another, staying held forever, and LISTEN (the dispatcher's
// wake listener) registers on a server connection whose notifications nobody reads. Both need a direct
// connection (DATABASE_DIRECT_URL).
import pg from 'pg';
import { env, isEmbeddedDatabase } from '@/server/platform/env';
import { logger } from '@/server/platform/observability/logger';

/** How many rounds the probe tries before concluding that sessions are kept (each costs two queries). */
const PROBE_ROUNDS = 3;

async function backendPid(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return rows[0]!.pid;
}

/**
 * True when `url` goes through a pooler that hands server sessions out per transaction. Two client
 * connections of one direct (or session-pooled) database never share a backend; behind a transaction pooler
 * the second client is given the backend the first one just released, or the first client's next statement
 * lands on another backend while the second one holds the first one's in a transaction.
 */
export async function isBehindTransactionPooler(url: string): Promise<boolean> {
  if (!/^postgres(ql)?:\/\//.test(url)) return false;
  const first = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  const second = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  first.on('error', () => undefined);
  second.on('error', () => undefined);
  try {
    await first.connect();
    await second.connect();
    for (let round = 0; round < PROBE_ROUNDS; round++) {
      const before = await backendPid(first);
      await second.query('BEGIN');
      try {
        const held = await backendPid(second);
        if (held === before || (await backendPid(first)) !== before) return true;
      } finally {
        await second.query('COMMIT');
      }
    }
    return false;
  } finally {
    await Promise.all([first.end().catch(() => undefined), second.end().catch(() => undefined)]);
  }
}

class TransactionPoolerError extends Error {
  override name = 'TransactionPoolerError';
}

/**
 * Throws a one-line TransactionPoolerError when `url` (named `variable` in the message) goes through a
 * transaction pooler, for work that needs a session of its own (`purpose`).
 */
export async function assertSessionConnection(url: string, variable: string, purpose: string): Promise<void> {
  if (await isBehindTransactionPooler(url)) {
    throw new TransactionPoolerError(
      `${variable} goes through a transaction-mode connection pooler (e.g. PgBouncer with pool_mode=transaction): ` +
        `${purpose} needs a session of its own. Set DATABASE_DIRECT_URL to a direct PostgreSQL connection.`,
    );
  }
}

/** The URL for work that needs a session of its own: DATABASE_DIRECT_URL when set, else DATABASE_URL. */
export function sessionDatabaseUrl(config: { DATABASE_URL: string; DATABASE_DIRECT_URL?: string }): string {
  return config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
}

/** The variable a session URL came from, for messages. */
function sessionDatabaseVariable(config: { DATABASE_DIRECT_URL?: string }): string {
  return config.DATABASE_DIRECT_URL ? 'DATABASE_DIRECT_URL' : 'DATABASE_URL';
}

/**
 * Start-up check for the dispatcher's wake listener (PostgreSQL, WEBHOOK_SCHEDULER on): behind a transaction
 * pooler LISTEN hears nothing, so the server logs why and exits 1 instead of running on the slow poll alone.
 */
export async function refuseTransactionPoolerForListen(): Promise<void> {
  if (!env.WEBHOOK_SCHEDULER || isEmbeddedDatabase()) return;
  try {
    await assertSessionConnection(
      sessionDatabaseUrl(env),
      sessionDatabaseVariable(env),
      'the webhook dispatcher’s LISTEN',
    );
  } catch (error) {
    if (!(error instanceof TransactionPoolerError)) return; // unreachable database: the dispatcher retries
    logger.fatal(error.message);
    process.exit(1);
  }
}
