// How the built-in dispatcher stops at shutdown: no new flush starts, the running one may finish its sends
// until the deadline, and whatever this instance still holds then is released (lease cleared, the claim's
// attempt given back) so that another instance sends it at once instead of after the lease expires.
// The one place to re-point when the dispatcher gains a stop/drain API of its own.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import type { WebhookScheduler } from './scheduler';
import { GIVE_BACK_LEASE } from './statements';

export async function stopDispatcher(
  scheduler: WebhookScheduler,
  options: { db: () => PrismaClient; flusherId: string; deadline: number },
): Promise<{ released: number }> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    scheduler.stop(),
    new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, options.deadline - Date.now())))),
  ]);
  clearTimeout(timer);
  const released = await options.db().$executeRaw`
    UPDATE webhook_delivery
    SET ${GIVE_BACK_LEASE}
    WHERE leased_by = ${options.flusherId} AND lease_until IS NOT NULL AND status = 'pending'`;
  return { released };
}
