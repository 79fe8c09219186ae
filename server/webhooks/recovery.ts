// Recovery after a webhook endpoint was disabled or its receiver was down past the retry schedule ("Re-enable
// and send what was missed since …", `webhook:recover`, POST /v1/webhooks/recover): the endpoint is enabled
// again, and every delivery it missed since a time is queued once, oldest first. Missed means: it gave up
// (status failed), or the result was published while the endpoint was disabled, so nothing was queued for it.
// A gave-up delivery is queued again as itself (same webhook-id, so receivers de-duplicate); a skipped result
// gets its first delivery. Either way the missed item then has a queued delivery, so a second recovery finds
// nothing more to queue until that delivery gives up again. A revision already delivered to the endpoint is
// never missed, also once retention removed its delivery (webhook_result_delivered, server/data-lifecycle/prune.ts).
//
// The work is done in bounded batches, each its own short transaction, and one call runs a bounded number of
// them: what is left is reported (`hasMore`) and the next call queues it. Each batch finds what is still
// missed, so an interrupted call loses nothing and queues nothing twice: calling again goes on from there.
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import type { WebhookEndpoint } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import type { AuditActor } from '@/server/audit/audit-log';
import { toRfc3339Utc } from '@/server/platform/lib/time';
import { queueRevision, revisionQueueInclude } from '@/server/results/results';
import { findWebhook, recordWebhookAudit, requireWebhook } from '@/server/webhooks/config';
import { wakeDispatchers } from '@/server/webhooks/wake-signal';
import { resetEndpointHealth } from '@/server/webhooks/endpoint-health';
import { PAUSED_BY_ADMIN, RECOVERY_LIMITS, type RecoveryLimits } from '@/server/webhooks/recovery-limits';
import { EVENT_TYPES } from '@/server/webhooks/payload';
import {
  gaveUpSinceStatement,
  skippedSinceStatement,
  type MissedQuery,
  type MissedRow,
} from '@/server/webhooks/statements';

export interface RecoverInput {
  questionnaireId: string;
  /** Only what was created (a delivery) or published (a skipped result) at or after this time. */
  since: Date;
  actor?: AuditActor;
  now?: Date;
  /**
   * Whether the caller may enable an endpoint an Admin paused (Admins and operators); otherwise (an API key)
   * such an endpoint is refused with PAUSED_BY_ADMIN and nothing changes.
   */
  mayLiftAdminPause?: boolean;
  /** Runs in the first transaction (the Admin form's submission id, claimed with the re-enable). */
  alsoInTransaction?: (tx: Db) => Promise<void>;
  limits?: RecoveryLimits;
}

interface Recovery {
  /** Deliveries this call queued. */
  queued: number;
  /** True when the call stopped at its bound with more missed: call again with the same `since`. */
  hasMore: boolean;
  /** Whether this call enabled the endpoint again. */
  reenabled: boolean;
}

/** A delivery or skipped result to queue, in the order it first happened. */
interface Missed extends MissedRow {
  kind: 'gave-up' | 'skipped';
}

/** Where a call's batches have got to: everything up to (at, id) was looked at. */
const START: MissedRow = { at: new Date(0), id: '00000000-0000-0000-0000-000000000000' };

/**
 * Enables the endpoint again (the one place that does so for recovery). Clears what marks it disabled, whoever
 * disabled it: a 410 Gone, the automatic disable after days of failures, or (for an Admin or an operator) an
 * Admin's pause.
 */
async function reenableEndpoint(tx: Db, webhookId: string): Promise<void> {
  await tx.webhookEndpoint.update({
    where: { id: webhookId },
    data: { active: true, disabledAt: null, disabledReason: null, pausedByAdmin: false },
  });
  // A fresh start for the breaker too: old failures must not disable it again at its next failure.
  await resetEndpointHealth(tx, webhookId);
}

/** The first `limit` items missed since `since` after the cursor, in the order they happened (ties by id). */
async function missedSince(tx: Db, query: MissedQuery): Promise<Missed[]> {
  const gaveUp = await tx.$queryRaw<MissedRow[]>(gaveUpSinceStatement(query));
  const skipped = await tx.$queryRaw<MissedRow[]>(skippedSinceStatement(query));
  const missed: Missed[] = [
    ...gaveUp.map((row) => ({ kind: 'gave-up' as const, id: row.id, at: row.at })),
    ...skipped.map((row) => ({ kind: 'skipped' as const, id: row.id, at: row.at })),
  ];
  // Ids are lower-case uuids: string order is the database's uuid order.
  missed.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return missed.slice(0, query.limit);
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

const isDisabled = (webhook: WebhookEndpoint) => !webhook.active || webhook.disabledAt !== null;

/**
 * The first transaction: refuses an Admin's pause to a caller that may not lift it (nothing changes), claims
 * what the caller asked for, and enables the endpoint again if it is disabled. Returns whether it did.
 */
async function startRecovery(tx: Db, input: RecoverInput, webhook: WebhookEndpoint): Promise<boolean> {
  const disabled = isDisabled(webhook);
  if (disabled && webhook.pausedByAdmin && !input.mayLiftAdminPause)
    throw new AppError('CONFLICT', PAUSED_BY_ADMIN);
  await input.alsoInTransaction?.(tx);
  if (disabled) await reenableEndpoint(tx, webhook.id);
  return disabled;
}

interface BatchStep {
  batch: number;
  after: MissedRow;
  /** Milliseconds after `now` the next queued delivery is due (one more per delivery, to keep the order). */
  dueOffset: number;
}

interface BatchResult {
  queued: number;
  reenabled: boolean;
  /** The last item looked at, or null when there was nothing (left) to look at. */
  last: MissedRow | null;
  more: boolean;
}

/** One transaction: up to `batchSize` missed items queued in the order they happened, and its audit entry. */
async function recoverBatch(
  tx: Db,
  input: RecoverInput,
  limits: RecoveryLimits,
  now: Date,
  step: BatchStep,
): Promise<BatchResult> {
  const first = step.batch === 0;
  if (first) {
    const questionnaire = await tx.questionnaire.findUnique({ where: { id: input.questionnaireId } });
    if (!questionnaire) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  }
  const found = await requireWebhook(tx, input.questionnaireId);
  // Two recoveries at once would both find the same skipped results: each batch waits for the other's.
  await tx.$queryRaw`SELECT id FROM webhook_endpoint WHERE id = ${found.id}::uuid FOR UPDATE`;
  const webhook = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: found.id } });
  const reenabled = first && (await startRecovery(tx, input, webhook));
  // Disabled again since the call began (an Admin paused it, a 410 Gone): the call stops here.
  if (!first && isDisabled(webhook)) return { queued: 0, reenabled, last: null, more: true };
  const { batchSize } = limits;
  const missed = await missedSince(tx, {
    questionnaireId: input.questionnaireId,
    webhook,
    since: input.since,
    after: step.after,
    limit: batchSize + 1,
  });
  const batch = missed.slice(0, batchSize);
  let queued = 0;
  for (const item of batch) {
    const dueAt = new Date(now.getTime() + step.dueOffset + queued);
    if (await queueMissed(tx, input.questionnaireId, webhook.id, item, dueAt)) queued += 1;
  }
  // Every instance's dispatcher, at commit (a skipped result's delivery already asked for it).
  if (queued > 0) await wakeDispatchers(tx);
  // Each transaction that changed something is audited with what it did (one entry for a call of one batch).
  if (first || queued > 0) {
    await recordWebhookAudit(tx, input.actor, 'webhook.recover', webhook, {
      since: toRfc3339Utc(input.since),
      queued,
      ...(first ? { reenabled } : { batch: step.batch + 1 }),
      ...(reenabled ? { disabledReason: webhook.disabledReason } : {}),
    });
  }
  return { queued, reenabled, last: batch.at(-1) ?? null, more: missed.length > batchSize };
}

/**
 * Enables the questionnaire's endpoint again if it is disabled and queues every delivery it missed since
 * `since`, once each, oldest first (each due a millisecond after the one before, so the dispatcher, which
 * claims in due order, sends them in that order), in batches of their own transactions. Pending deliveries
 * the disabled endpoint was holding are not counted: enabling it releases them on their own schedule.
 */
export async function recoverDeliveries(db: Db, input: RecoverInput): Promise<Recovery> {
  const limits = input.limits ?? RECOVERY_LIMITS;
  const now = input.now ?? new Date();
  const total: Recovery = { queued: 0, hasMore: false, reenabled: false };
  let after = START;
  for (let batch = 0; batch < limits.batchesPerCall; batch++) {
    const step = { batch, after, dueOffset: total.queued };
    const done = await inTransaction(db, (tx) => recoverBatch(tx, input, limits, now, step));
    total.queued += done.queued;
    total.reenabled ||= done.reenabled;
    if (!done.more || !done.last) return { ...total, hasMore: done.more };
    after = done.last;
  }
  return { ...total, hasMore: true };
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
  // A failed test event is no missed delivery (gaveUpSinceStatement leaves it out too).
  const where = { webhookId: webhook.id, status: 'failed' as const, eventType: { not: EVENT_TYPES.test } };
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
