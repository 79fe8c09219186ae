// One delivery someone asked to have sent now (an Admin's or the customer's "Retry now", a replay, the
// customer's test event), sent by the instance that was asked, in the background so the request answers at
// once. It is claimed by id beside the endpoint's cap and breaker (dispatcher.ts, deliverNow): left to the
// fair claim, a failing endpoint's breaker lets one probe through at a time, no earlier than its probe time
// (up to 10 minutes away), and the probe takes the endpoint's oldest due delivery, not the one asked for.
// The send is at-least-once like every other: an instance that dies mid-send leaves a lease that expires,
// and the dispatcher sends the delivery then (it is due). A listen endpoint's delivery is not sent from here:
// it is due now, and its `pais listen` session's poll hands it over (listen-poll.ts).
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { outsideRequestDeadline } from '@/server/platform/db/request-deadline';
import { failureFields, logger } from '@/server/platform/observability/logger';
import { deliverNow, type FlushOptions } from '@/server/webhooks/dispatcher';
import { wakeListenPolls } from '@/server/webhooks/listen-wake';

/**
 * Sends the (due) delivery now, without holding up the caller: the returned promise settles once the attempt
 * is settled (or it turned out that someone else sent it), and never rejects. Not bound to the deadline of the
 * request that asked: the send may take the whole attempt timeout.
 */
export function sendInBackground(
  db: PrismaClient,
  deliveryId: string,
  options: FlushOptions = {},
): Promise<void> {
  return outsideRequestDeadline(async () => {
    try {
      const delivery = await db.webhookDelivery.findUnique({
        where: { id: deliveryId },
        select: { webhook: { select: { deliveryMode: true } } },
      });
      if (delivery?.webhook.deliveryMode === 'listen') return wakeListenPolls();
      await deliverNow(db, deliveryId, options);
    } catch (error) {
      // The delivery stays due (or its lease expires): the dispatcher sends it at its next claim.
      logger.warn(
        { deliveryId, ...failureFields(error) },
        'webhook send-now failed; the dispatcher sends it',
      );
    }
  });
}
