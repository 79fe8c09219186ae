// A REST write whose answer is stored under the request's Idempotency-Key in the write's own transaction: the
// answer exists exactly when the write does, so a retry after a lost reply, even after a crash before the door
// stored the answer, replays it instead of writing again.
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { storeCommittedAnswer } from './idempotency';
import type { RestRequestFacts } from './rest-context';

/** Runs `write`; with an Idempotency-Key, in a transaction that also stores its answer (`status`, JSON). */
export async function writeWithStoredAnswer<T>(
  ctx: { db: Db; rest: RestRequestFacts },
  status: number,
  write: (db: Db) => Promise<T>,
): Promise<T> {
  const ref = ctx.rest.idempotency;
  if (!ref) return write(ctx.db);
  return inTransaction(ctx.db, async (tx) => {
    const answer = await write(tx);
    await storeCommittedAnswer(tx, ref, { status, body: JSON.stringify(answer) });
    return answer;
  });
}
