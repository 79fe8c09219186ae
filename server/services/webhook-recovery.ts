// Recovery after a webhook endpoint was disabled or its receiver was down past the retry schedule ("Re-enable
// and send what was missed since …", `webhook:recover`, POST /v1/webhooks/recover): the endpoint is enabled
// again, and every delivery it missed since a time is queued once, oldest first. Missed means: it gave up
// (status failed), or the result was published while the endpoint was disabled, so nothing was queued for it.
// A gave-up delivery is queued again as itself (same webhook-id, so receivers de-duplicate); a skipped result
// gets its first delivery. Either way the missed item then has a queued delivery, so a second recovery finds
// nothing more to queue until that delivery gives up again.
import type { Db } from '@/server/db/client';
import { inTransaction } from '@/server/db/transaction';
import { AppError } from '@/server/lib/errors';
import type { AuditActor } from '@/server/services/audit-log';
import { toRfc3339Utc } from '@/server/lib/time';
import { queueRevision, revisionQueueInclude } from '@/server/services/results';
import { findWebhook, recordWebhookAudit, requireWebhook } from '@/server/services/webhook-config';
import { wakeDispatchers } from '@/server/webhooks/wake-signal';
import { resetEndpointHealth } from '@/server/webhooks/endpoint-health';

export interface RecoverInput {
  questionnaireId: string;
  /** Only what was created (a delivery) or published (a skipped result) at or after this time. */
  since: Date;
  actor?: AuditActor;
  now?: Date;
}

/** A delivery or skipped result to queue, in the order it first happened. */
interface Missed {
  kind: 'gave-up' | 'skipped';
  id: string;
  at: Date;
}

/**
 * Enables the endpoint again (the one place that does so for recovery). Clears what marks it disabled, whoever
 * disabled it: an Admin, a 410 Gone, or the automatic disable after days of failures.
 */
async function reenableEndpoint(tx: Db, webhookId: string): Promise<void> {
  await tx.webhookEndpoint.update({
    where: { id: webhookId },
    data: { active: true, disabledAt: null, disabledReason: null },
  });
  // A fresh start for the breaker too: old failures must not disable it again at its next failure.
  await resetEndpointHealth(tx, webhookId);
}

/**
 * Deliveries of the endpoint that gave up since `since`, oldest first. One whose participant has a newer result
 * revision is left alone: the newer one was delivered, is on its way, or is recovered itself (a newer revision
 * supersedes an older one, as in delivery), and sending the older now could put it after the newer.
 */
function gaveUpSince(tx: Db, webhookId: string, since: Date) {
  return tx.$queryRaw<{ id: string; created_at: Date }[]>`
    SELECT d.id::text AS id, d.created_at
    FROM webhook_delivery d
    WHERE d.webhook_id = ${webhookId}::uuid
      AND d.status = 'failed'
      AND d.created_at >= ${since}::timestamptz
      AND NOT EXISTS (
        SELECT 1
        FROM result_revision mine
        JOIN result_revision newer ON newer.result_id = mine.result_id AND newer.created_at > mine.created_at
        WHERE mine.id = d.result_revision_id
      )`;
}

/**
 * Results whose latest revision was published since `since` (and since the endpoint was set up) without a
 * delivery to this endpoint: published while it was disabled. Participants erased since are left out.
 */
function skippedSince(
  tx: Db,
  questionnaireId: string,
  webhook: { id: string; createdAt: Date },
  since: Date,
) {
  const from = since > webhook.createdAt ? since : webhook.createdAt;
  return tx.$queryRaw<{ id: string; created_at: Date }[]>`
    WITH latest AS (
      SELECT DISTINCT ON (rv.result_id) rv.id, rv.created_at
      FROM result_revision rv
      JOIN result r ON r.id = rv.result_id
      JOIN participant p ON p.id = r.participant_id
      WHERE p.questionnaire_id = ${questionnaireId}::uuid AND p.erased_at IS NULL
      ORDER BY rv.result_id, rv.created_at DESC, rv.id DESC
    )
    SELECT latest.id::text AS id, latest.created_at
    FROM latest
    WHERE latest.created_at >= ${from}::timestamptz
      AND NOT EXISTS (
        SELECT 1 FROM webhook_delivery d
        WHERE d.webhook_id = ${webhook.id}::uuid AND d.result_revision_id = latest.id
      )`;
}

/** Everything missed since `since`, in the order it happened (ties by id, so the order is stable). */
async function missedSince(
  tx: Db,
  questionnaireId: string,
  webhook: { id: string; createdAt: Date },
  since: Date,
): Promise<Missed[]> {
  const gaveUp = await gaveUpSince(tx, webhook.id, since);
  const skipped = await skippedSince(tx, questionnaireId, webhook, since);
  const missed: Missed[] = [
    ...gaveUp.map((row) => ({ kind: 'gave-up' as const, id: row.id, at: row.created_at })),
    ...skipped.map((row) => ({ kind: 'skipped' as const, id: row.id, at: row.created_at })),
  ];
  return missed.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
}

/** Queues one missed item, due at `dueAt`; false when there was nothing to queue after all. */
async function queueMissed(
  tx: Db,
  questionnaireId: string,
  webhookId: string,
  item: Missed,
  dueAt: Date,
): Promise<boolean> {
  if (item.kind === 'gave-up') {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: item.id, status: 'failed' },
      data: {
        status: 'pending',
        attemptCount: 0,
        nextAttemptAt: dueAt,
        resumeScheduleAt: null,
        leaseUntil: null,
        leasedBy: null,
      },
    });
    return count === 1;
  }
  const revision = await tx.resultRevision.findUniqueOrThrow({
    where: { id: item.id },
    include: { result: { include: revisionQueueInclude } },
  });
  const ids = await queueRevision(tx, questionnaireId, revision.result, revision, {
    now: dueAt,
    webhookId,
  });
  return ids.length > 0;
}

/**
 * Enables the questionnaire's endpoint again if it is disabled and queues every delivery it missed since
 * `since`, once each, oldest first (each due a millisecond after the one before, so the dispatcher, which
 * claims in due order, sends them in that order). Returns how many were queued. Pending deliveries the
 * disabled endpoint was holding are not counted: enabling it releases them on their own schedule.
 */
export async function recoverDeliveries(db: Db, input: RecoverInput): Promise<number> {
  return inTransaction(db, async (tx) => {
    const questionnaire = await tx.questionnaire.findUnique({ where: { id: input.questionnaireId } });
    if (!questionnaire) throw new AppError('NOT_FOUND', 'Questionnaire not found');
    const found = await requireWebhook(tx, input.questionnaireId);
    // Two recoveries at once would both find the same skipped results: the second waits for the first.
    await tx.$queryRaw`SELECT id FROM webhook_endpoint WHERE id = ${found.id}::uuid FOR UPDATE`;
    const webhook = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: found.id } });
    const wasDisabled = !webhook.active || webhook.disabledAt !== null;
    if (wasDisabled) await reenableEndpoint(tx, webhook.id);
    const now = input.now ?? new Date();
    const missed = await missedSince(tx, input.questionnaireId, webhook, input.since);
    let queued = 0;
    for (const item of missed) {
      const dueAt = new Date(now.getTime() + queued);
      if (await queueMissed(tx, input.questionnaireId, webhook.id, item, dueAt)) queued += 1;
    }
    // Every instance's dispatcher, at commit (a skipped result's delivery already asked for it).
    if (queued > 0) await wakeDispatchers(tx);
    await recordWebhookAudit(tx, input.actor, 'webhook.recover', webhook, {
      since: toRfc3339Utc(input.since),
      queued,
      reenabled: wasDisabled,
      ...(wasDisabled ? { disabledReason: webhook.disabledReason } : {}),
    });
    return queued;
  });
}

/** What the Admin's recovery panel needs: whether there is anything to recover, and from when. */
export interface RecoveryState {
  disabledAt: string | null;
  disabledReason: string | null;
  /** Deliveries that gave up (status failed), and when the oldest of them was created. */
  failedCount: number;
  firstFailedAt: string | null;
}

export async function recoveryState(db: Db, questionnaireId: string): Promise<RecoveryState | null> {
  const webhook = await findWebhook(db, questionnaireId);
  if (!webhook) return null;
  const where = { webhookId: webhook.id, status: 'failed' as const };
  const [failedCount, first] = await Promise.all([
    db.webhookDelivery.count({ where }),
    db.webhookDelivery.findFirst({ where, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
  ]);
  return {
    disabledAt: webhook.active ? null : toRfc3339Utc(webhook.disabledAt ?? webhook.updatedAt),
    disabledReason: webhook.active ? null : webhook.disabledReason,
    failedCount,
    firstFailedAt: first ? toRfc3339Utc(first.createdAt) : null,
  };
}
