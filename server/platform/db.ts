// The server's one Prisma client, opened on first use (so `next build` never opens the database).
import { env } from '@/server/platform/env';
import { createDatabase, type Database } from '@/server/platform/db/client';
import { requestWritesPrepared } from '@/server/platform/db/pool-write';
import { watchPool, watchPreparedStatements } from '@/server/platform/observability/metrics';
import { processSingleton } from '@/server/platform/process-registry';

const opened = processSingleton('database', () => ({ value: undefined }));

export function getDatabase(): Database {
  if (!opened.value) {
    opened.value = createDatabase(env.DATABASE_URL, env.DATABASE_POOL_SIZE, undefined, {
      directUrl: env.DATABASE_DIRECT_URL,
    });
    const { pool, dispatcherPool } = opened.value;
    if (pool) {
      watchPool(pool);
      watchPreparedStatements({
        requests: () => requestWritesPrepared(pool),
        dispatcher: () => dispatcherPool?.usesNamedStatements() ?? null,
      });
    }
  }
  return opened.value;
}

export const getPrisma = () => getDatabase().prisma;

/** Closes the server's database if it was opened (at shutdown, once nothing uses it any more). */
export async function closeDatabase(): Promise<void> {
  const database = opened.value;
  opened.value = undefined;
  await database?.close();
}
