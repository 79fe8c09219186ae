// Replaying webhook deliveries: one (Replay, or Retry now while it waits to retry) or every failed one since
// a time, always with the same webhook-id so receivers de-duplicate. Refused while the webhook is disabled,
// and for a delivery being sent this moment (its lease), so nothing is sent twice at once. "Retry now" is an
// extra attempt: if it fails, the automatic schedule goes on as it was (resume_schedule_at, settler.ts).
import type { Db } from '@/server/platform/db/client';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { inTransaction } from '@/server/platform/db/transaction';
import { AppError } from '@/server/platform/lib/errors';
import type { AuditActor } from '@/server/audit/audit-log';
import { toRfc3339Utc } from '@/server/platform/lib/time';
import { recordWebhookAudit, requireWebhook } from '@/server/webhooks/config';
import {
  deliveryStateOf,
  notLeased,
  participantIrns,
  RETRYING,
  summaryInclude,
  toSummary,
  type DeliverySummary,
} from '@/server/webhooks/delivery-log';
import { notRetryableMessage, WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import { EVENT_TYPES } from '@/server/webhooks/payload';

const replayData = (now: Date) => ({
  status: 'pending' as const,
  attemptCount: 0,
  nextAttemptAt: now,
  resumeScheduleAt: null,
  leaseUntil: null,
  leasedBy: null,
});

/**
 * "Retry now" on a delivery waiting to retry: due at once, and the time its automatic attempt was due is kept
 * (or the one an earlier "Retry now" kept), so a failed extra attempt uses up no step of the schedule.
 */
const retryNowData = (
  delivery: { nextAttemptAt: Date; resumeScheduleAt: Date | null },
  now: Date,
): Prisma.WebhookDeliveryUpdateManyMutationInput => ({
  nextAttemptAt: now,
  resumeScheduleAt:
    delivery.resumeScheduleAt ?? (delivery.nextAttemptAt > now ? delivery.nextAttemptAt : null),
});

/**
 * Sends a delivery again with the same webhook-id (receivers de-duplicate on it). A finished one gets a fresh
 * set of retries; one waiting to retry ("Retry now") gets an extra attempt at once that leaves its schedule
 * as it was, unless it succeeds. Due at once: the caller has it sent (send-now.ts), beside the endpoint's cap
 * and breaker, or leaves it to the next flush.
 */
export async function replayDelivery(
  db: Db,
  questionnaireId: string,
  deliveryId: string,
  options: {
    actor?: AuditActor;
    now?: Date;
    /** Only a delivery of this endpoint. */
    webhookId?: string;
    /** Only a delivery that failed (waiting to retry, or gave up): the customer's "retry now". */
    failedOnly?: boolean;
  } = {},
): Promise<DeliverySummary> {
  return inTransaction(db, async (tx) => {
    const delivery = await tx.webhookDelivery.findFirst({
      where: {
        id: deliveryId,
        webhook: { questionnaireId },
        ...(options.webhookId !== undefined ? { webhookId: options.webhookId } : {}),
      },
      include: { webhook: { select: { id: true, questionnaireId: true, active: true } } },
    });
    if (!delivery) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
    const state = deliveryStateOf(delivery);
    if (options.failedOnly && state !== 'retrying' && state !== 'failed')
      throw new AppError('CONFLICT', notRetryableMessage(state));
    if (!delivery.webhook.active) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.disabledForReplay);
    const now = options.now ?? new Date();
    const retrying = delivery.status === 'pending';
    // Retrying: only as read (the schedule kept is the one it had), and not while it is being sent.
    const unchanged = { attemptCount: delivery.attemptCount, nextAttemptAt: delivery.nextAttemptAt };
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, ...(retrying ? { ...unchanged, AND: [RETRYING, notLeased(now)] } : {}) },
      data: retrying ? retryNowData(delivery, now) : replayData(now),
    });
    if (count === 0) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.beingSent);
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
    if (!webhook.active) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.disabledForReplay);
    const now = options.now ?? new Date();
    // A failed test event is not replayed with the failed deliveries: it announced nothing.
    const scope = {
      webhook: { questionnaireId },
      createdAt: { gte: since },
      eventType: { not: EVENT_TYPES.test },
    };
    const gaveUp = await tx.webhookDelivery.updateMany({
      where: { ...scope, status: 'failed' },
      data: replayData(now),
    });
    const waiting = await tx.webhookDelivery.findMany({
      where: { ...scope, AND: [RETRYING, notLeased(now)] },
      select: { id: true, attemptCount: true, nextAttemptAt: true, resumeScheduleAt: true },
    });
    let retried = 0;
    for (const delivery of waiting) {
      const { id, attemptCount, nextAttemptAt } = delivery;
      const { count } = await tx.webhookDelivery.updateMany({
        where: { id, attemptCount, nextAttemptAt, AND: [notLeased(now)] },
        data: retryNowData(delivery, now),
      });
      retried += count;
    }
    const count = gaveUp.count + retried;
    // A replay that found nothing changed nothing: the audit log records changes only.
    if (count > 0)
      await recordWebhookAudit(tx, options.actor, 'webhook.delivery.replay_failed', webhook, {
        since: toRfc3339Utc(since),
        count,
      });
    return count;
  });
}
