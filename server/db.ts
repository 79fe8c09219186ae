// The server's one Prisma client, opened on first use (so `next build` never opens the database).
import { env } from '@/server/env';
import { createDatabase, type Database } from '@/server/db/client';

const globalForDb = globalThis as unknown as { __database?: Database };

export function getDatabase(): Database {
  globalForDb.__database ??= createDatabase(env.DATABASE_URL, env.DATABASE_POOL_SIZE);
  return globalForDb.__database;
}

export const getPrisma = () => getDatabase().prisma;

/** Closes the server's database if it was opened (at shutdown, once nothing uses it any more). */
export async function closeDatabase(): Promise<void> {
  const database = globalForDb.__database;
  globalForDb.__database = undefined;
  await database?.close();
}
