// The signal that wakes the dispatchers of every instance: a PostgreSQL NOTIFY on one channel, sent inside the
// transaction that writes outbox rows. PostgreSQL (and PGlite) deliver it only at commit, so a rolled-back
// publication wakes nobody, and a woken dispatcher always finds the committed rows.
import { Prisma } from '@/server/generated/prisma/client.ts';
import type { Db } from '@/server/platform/db/client';

export const WAKE_CHANNEL = 'webhook_delivery';

/** An expression for a statement's SELECT list or a CTE: notifies once per row it is evaluated for. */
export const wakeDispatchersSql = Prisma.sql`pg_notify(${WAKE_CHANNEL}, '')`;

/** Notifies the dispatchers in the caller's transaction (several notifications in one commit arrive as one). */
export async function wakeDispatchers(tx: Db): Promise<void> {
  await tx.$queryRaw`SELECT ${wakeDispatchersSql}::text AS notified`;
}
