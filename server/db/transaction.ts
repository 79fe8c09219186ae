// One way to run work in a transaction, for every service: a write and what must commit with it (its audit
// entry, its outbox rows, an idempotency answer) either all happen or none does, whichever door called.
import type { Db } from './client';

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one. A transaction client has a
 * $transaction too (nested ones need savepoints, which PGlite's adapter lacks), but no $connect.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return '$connect' in db ? db.$transaction(work) : work(db);
}
