// The server's one Prisma client, opened on first use (so `next build` never opens the database).
import { env } from '@/server/env';
import { createDatabase, type Database } from '@/server/db/client';
import { watchPool } from '@/server/observability/metrics';

const globalForDb = globalThis as unknown as { __database?: Database };

export function getDatabase(): Database {
  if (!globalForDb.__database) {
    globalForDb.__database = createDatabase(env.DATABASE_URL, env.DATABASE_POOL_SIZE);
    if (globalForDb.__database.pool) watchPool(globalForDb.__database.pool);
  }
  return globalForDb.__database;
}

export const getPrisma = () => getDatabase().prisma;

/** Closes the server's database if it was opened (at shutdown, once nothing uses it any more). */
export async function closeDatabase(): Promise<void> {
  const database = globalForDb.__database;
  globalForDb.__database = undefined;
  await database?.close();
}
