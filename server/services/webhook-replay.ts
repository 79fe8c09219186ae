// Replaying webhook deliveries: one (Replay, or Retry now while it waits to retry) or every failed one since
// a time, always with the same webhook-id so receivers de-duplicate. Refused while the webhook is disabled,
// and for a delivery being sent this moment (its lease), so nothing is sent twice at once.
import type { Db } from '@/server/db/client';
import { inTransaction } from '@/server/db/transaction';
import { AppError } from '@/server/lib/errors';
import type { AuditActor } from '@/server/services/audit-log';
import { toRfc3339Utc } from '@/server/lib/time';
import { recordWebhookAudit, requireWebhook } from '@/server/services/webhook-config';
import {
  notLeased,
  participantIrns,
  RETRYING,
  summaryInclude,
  toSummary,
  type DeliverySummary,
} from '@/server/services/webhook-delivery-log';

const replayData = (now: Date) => ({
  status: 'pending' as const,
  attemptCount: 0,
  nextAttemptAt: now,
  leaseUntil: null,
  leasedBy: null,
});

/**
 * Sends a delivery again with the same webhook-id (receivers de-duplicate on it). A finished one gets a fresh
 * set of retries; one waiting to retry ("Retry now") keeps its count and is simply due at once. The next
 * flush sends it.
 */
export async function replayDelivery(
  db: Db,
  questionnaireId: string,
  deliveryId: string,
  options: { actor?: AuditActor; now?: Date } = {},
): Promise<DeliverySummary> {
  return inTransaction(db, async (tx) => {
    const delivery = await tx.webhookDelivery.findFirst({
      where: { id: deliveryId, webhook: { questionnaireId } },
      include: { webhook: { select: { id: true, questionnaireId: true, active: true } } },
    });
    if (!delivery) throw new AppError('NOT_FOUND', 'Delivery not found');
    if (!delivery.webhook.active)
      throw new AppError('CONFLICT', 'The webhook is disabled: enable it before replaying');
    const now = options.now ?? new Date();
    const retrying = delivery.status === 'pending';
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, ...(retrying ? { AND: [RETRYING, notLeased(now)] } : {}) },
      data: retrying ? { nextAttemptAt: now } : replayData(now),
    });
    if (count === 0) throw new AppError('CONFLICT', 'The delivery is being sent right now');
    await recordWebhookAudit(tx, options.actor, 'webhook.delivery.replay', delivery.webhook, {
      deliveryId: delivery.id,
    });
    const updated = await tx.webhookDelivery.findUniqueOrThrow({
      where: { id: delivery.id },
      include: summaryInclude,
    });
    return toSummary(updated, await participantIrns(tx, [updated]));
  });
}

/** Replays every failed delivery (FAILED_DELIVERY) created at or after `since`; returns how many. */
export async function replayFailedSince(
  db: Db,
  questionnaireId: string,
  since: Date,
  options: { actor?: AuditActor; now?: Date } = {},
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const webhook = await requireWebhook(tx, questionnaireId);
    if (!webhook.active)
      throw new AppError('CONFLICT', 'The webhook is disabled: enable it before replaying');
    const now = options.now ?? new Date();
    const scope = { webhook: { questionnaireId }, createdAt: { gte: since } };
    const gaveUp = await tx.webhookDelivery.updateMany({
      where: { ...scope, status: 'failed' },
      data: replayData(now),
    });
    const retrying = await tx.webhookDelivery.updateMany({
      where: { ...scope, AND: [RETRYING, notLeased(now)] },
      data: { nextAttemptAt: now },
    });
    const count = gaveUp.count + retrying.count;
    await recordWebhookAudit(tx, options.actor, 'webhook.delivery.replay_failed', webhook, {
      since: toRfc3339Utc(since),
      count,
    });
    return count;
  });
}
