// One pruning run at a time across every instance. On PostgreSQL a session advisory lock, taken with a try
// (an instance that finds it held skips its turn) on a connection of its own: a pooled connection could hand
// the lock's session to another query. The embedded database is opened by one process only, so there is
// nobody to exclude.
import pg from 'pg';

/** Arbitrary, fixed: the advisory lock id of the pruning run ("pais" data prune). */
export const PRUNE_LOCK_KEY = 7_061_690_115;

/** Runs `work` holding the pruning lock; returns null without running it when another session holds it. */
export async function withPruneLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T | null> {
  if (databaseUrl.startsWith('pglite:')) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      PRUNE_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRUNE_LOCK_KEY]);
    }
  } finally {
    // Closing the session releases the lock too, should the unlock above have failed.
    await client.end();
  }
}
