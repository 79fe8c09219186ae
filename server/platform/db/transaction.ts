// One way to run work in a transaction, for every service: a write and what must commit with it (its audit
// entry, its outbox rows, an idempotency answer) either all happen or none does, whichever door called.
import type { Db } from './client';
import { usesDirectStatements } from './direct-statement';
import {
  databaseStepBound,
  pastDeadline,
  RequestDeadlineError,
  setLocalStatementTimeout,
} from './request-deadline';

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one. A transaction client has a
 * $transaction too (nested ones need savepoints, which PGlite's adapter lacks), but no $connect.
 *
 * Inside a request with a deadline (server/platform/db/request-deadline.ts) the transaction waits for a connection
 * and runs only until the deadline (Prisma's maxWait and timeout: past either, it rolls back), and on
 * PostgreSQL its statements are cancelled by the server at the statement timeout. The embedded database
 * accepts statement_timeout but does not enforce it; it has one connection and no lock another session could
 * hold, so what a request waits for there is the connection, which maxWait bounds.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!('$connect' in db)) return work(db);
  const bound = databaseStepBound();
  if (!bound) return db.$transaction(work);
  const onPostgresql = usesDirectStatements(db);
  try {
    return await db.$transaction(
      async (tx) => {
        // Checked again: the wait for the connection may have used up what was left.
        const now = databaseStepBound();
        if (now && onPostgresql) await tx.$executeRawUnsafe(setLocalStatementTimeout(now));
        return work(tx);
      },
      { maxWait: bound.remainingMs, timeout: bound.remainingMs },
    );
  } catch (error) {
    // Prisma's own "could not start in time" or "timed out" past the deadline: the request's deadline.
    throw pastDeadline() ? new RequestDeadlineError({ cause: error }) : error;
  }
}
