// When the dispatcher next has something to claim that is not claimable now: the earliest retry of a pending
// delivery, or the earliest probe of a failing endpoint (its breaker lets one delivery through from
// `probe_after` on). The scheduler sets its timer to it after each flush, so a retry goes out when it is due
// rather than on the next slow poll.
import { Prisma, type PrismaClient } from '@/server/generated/prisma/client.ts';
import { queryRows } from '@/server/platform/db/direct-statement';

/**
 * The earliest moment after `now` at which a pending delivery falls due or a failing endpoint may be probed,
 * or null when nothing is waiting. Two index range scans of one row each: the retries by (status,
 * next_attempt_at), and the few endpoints whose breaker is open.
 */
export async function nextDueAt(db: PrismaClient, now: Date): Promise<Date | null> {
  const [row] = await queryRows<{ due: Date | null }>(
    db,
    Prisma.sql`SELECT LEAST(
      (SELECT min(next_attempt_at) FROM webhook_delivery
       WHERE status = 'pending' AND next_attempt_at > ${now}::timestamptz),
      (SELECT min(probe_after) FROM webhook_endpoint
       WHERE active AND breaker_opened_at IS NOT NULL AND probe_after > ${now}::timestamptz)
    ) AS due`,
    { prepared: true },
  );
  return row?.due ? new Date(row.due) : null;
}
