// Results of the assessment: published by the engine (ingestion endpoint), by an Admin by hand (QA, manual
// review) or by the CLI. Publishing or updating keeps every revision and queues one webhook delivery per active
// webhook of the participant's questionnaire, all in one SQL statement that also wakes the dispatchers.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import { MESSAGES } from '@/server/participants/messages';
import { withAudit, type AuditActor } from '@/server/audit/audit-log';
import { toRfc3339Utc } from '@/server/platform/lib/time';
import {
  EVENT_TYPES,
  RESULT_UPDATE,
  storedResultDataSchema,
  type ResultData,
} from '@/server/webhooks/payload';
import { enqueueDeliveries } from '@/server/webhooks/outbox';
import { currentTraceparent } from '@/server/platform/observability/tracing';
import { publishStatement, type PublishRow } from './statements';

export interface PublishResultInput {
  participantId: string;
  result: ResultData;
  /** Who published it: "engine", "admin:<id>", "cli" or "test:<api key id>" (a sandbox's test result). */
  source: string;
  /** An Admin or the CLI publishing by hand: recorded in the audit log with the result. */
  actor?: AuditActor;
  /** The X-Request-Id of the ingestion request, stored on the deliveries so one id follows the result. */
  requestId?: string;
  now?: Date;
}

export interface PublishedResult {
  resultId: string;
  revisionId: string;
  /** True when the attempt had no result before. */
  created: boolean;
  deliveryIds: string[];
  /** The Standard Webhooks message ids (msg_…) of the queued deliveries, in the order of deliveryIds. */
  messageIds: string[];
}

/**
 * Stores the result of the participant's latest attempt and queues its webhook deliveries, atomically: one
 * statement, or one transaction with the audit entry when an Admin or the CLI publishes.
 */
export async function publishResult(db: Db, input: PublishResultInput): Promise<PublishedResult> {
  const { actor } = input;
  if (!actor) return insertResult(db, input);
  return withAudit(
    db,
    (tx) => insertResult(tx, input),
    (published) => ({
      actor,
      action: published.created ? 'result.publish' : 'result.update',
      targetType: 'result',
      targetId: published.resultId,
      questionnaireId: published.questionnaireId,
      details: {
        participantId: input.participantId,
        revisionId: published.revisionId,
        status: input.result.status,
      },
    }),
  );
}

/** The payload fields that come from the result itself (not from the participant). */
export function payloadFields(data: ResultData, publishedAt: Date) {
  return {
    callback_type: RESULT_UPDATE as typeof RESULT_UPDATE,
    status: data.status,
    questions_risk_rating: data.questions_risk_rating,
    overall_evaluation: data.overall_evaluation,
    is_admission: data.is_admission,
    is_counter_measure: data.is_counter_measure,
    is_not_complete: data.is_not_complete,
    ...(data.summary !== undefined ? { summary: data.summary } : {}),
    ...(data.summary_bgcolor !== undefined ? { summary_bgcolor: data.summary_bgcolor } : {}),
    ...(data.clear !== undefined ? { clear: data.clear } : {}),
    timestamp: toRfc3339Utc(publishedAt),
  };
}

/**
 * The one statement behind publishResult: the result of the latest attempt (inserted or updated in place), its
 * revision, one outbox row per active webhook (the payload's participant fields come from the same rows), and
 * the NOTIFY that wakes the dispatchers at commit (the outbox's part comes from its writer, queueDeliveriesSql).
 * Nothing is written for an unknown, erased or attempt-less participant.
 *
 * The participant's entry moves to the end of the results feed by the database's trigger on `result`
 * (migration result_feed_follows_every_write), at the end of this statement, so that results stored by any
 * release reach the feed. Its position comes from the questionnaire's counter row, whose lock the trigger takes
 * and the transaction holds until it ends: publications in one questionnaire take positions in the order they
 * commit, so a feed reader that sees a position has seen every smaller one, and a cursor never passes a result
 * that commits later. (A timestamp or a plain sequence would not do: a transaction that took an earlier value
 * can commit after a reader has moved past it.) The price is that publications in one questionnaire commit one
 * at a time.
 */
async function insertResult(
  db: Db,
  input: PublishResultInput,
): Promise<PublishedResult & { questionnaireId: string }> {
  const now = input.now ?? new Date();
  const { result: data } = input;
  const newResultId = randomUUID();
  const revisionId = randomUUID();
  // The payload's own fields; the database adds project_uuid, access_code, interview_ref_num and
  // participant_language. Key order does not matter here: the dispatcher puts the spec's order back.
  const payloadFromInput = payloadFields(data, now);
  const [row] = await db.$queryRaw<PublishRow[]>(
    publishStatement({
      participantId: input.participantId,
      newResultId,
      revisionId,
      data,
      source: input.source,
      payloadFromInput,
      requestId: input.requestId ?? null,
      traceparent: currentTraceparent(),
      now,
    }),
  );
  if (!row?.found) throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  if (!row.has_attempt || !row.result_id || !row.questionnaire_id)
    throw new AppError('CONFLICT', 'The participant has no attempt to publish a result for');
  return {
    resultId: row.result_id,
    revisionId,
    created: row.result_id === newResultId,
    deliveryIds: (row.deliveries ?? []).map((d) => d.id),
    messageIds: (row.deliveries ?? []).map((d) => d.message_id),
    questionnaireId: row.questionnaire_id,
  };
}

/** The participant's results (one per attempt that has one), newest attempt first, with their revisions. */
export function listResults(db: Db, participantId: string) {
  return db.result.findMany({
    where: { participantId },
    orderBy: { attempt: { number: 'desc' } },
    include: {
      attempt: { select: { number: true, accessCode: true } },
      revisions: { orderBy: { createdAt: 'desc' }, select: { id: true, source: true, createdAt: true } },
    },
  });
}

/** Results of the questionnaire published or updated at or after `since` (their participants not erased). */
const changedSince = (questionnaireId: string, since: Date) => ({
  participant: { questionnaireId, erasedAt: null },
  revisions: { some: { createdAt: { gte: since } } },
});

/** How many results a webhook paused at `since` has not been told about. */
export function countResultsChangedSince(db: Db, questionnaireId: string, since: Date): Promise<number> {
  return db.result.count({ where: changedSince(questionnaireId, since) });
}

/** What queueing a revision again needs to know about its result. */
export const revisionQueueInclude = {
  attempt: { select: { accessCode: true } },
  participant: { select: { irn: true, language: true, questionnaire: { select: { languages: true } } } },
} satisfies Prisma.ResultInclude;
type QueueableResult = Prisma.ResultGetPayload<{ include: typeof revisionQueueInclude }>;

/**
 * Queues one revision of a result for the questionnaire's active webhooks (or only `webhookId`), with the
 * payload publishResult would have queued then, its timestamp the revision's. Returns the delivery ids; none
 * when its data no longer reads as a result (erased).
 */
export async function queueRevision(
  tx: Db,
  questionnaireId: string,
  result: QueueableResult,
  revision: { id: string; data: Prisma.JsonValue; createdAt: Date },
  options: { now: Date; webhookId?: string },
): Promise<string[]> {
  const data = storedResultDataSchema.safeParse(revision.data);
  if (!data.success) return [];
  const { participant } = result;
  return enqueueDeliveries(tx, {
    questionnaireId,
    eventType: EVENT_TYPES.resultUpdate,
    payload: {
      ...payloadFields(data.data, revision.createdAt),
      project_uuid: questionnaireId,
      access_code: result.attempt.accessCode,
      interview_ref_num: participant.irn,
      participant_language: participant.language ?? participant.questionnaire.languages[0] ?? 'English',
    },
    participantId: result.participantId,
    resultRevisionId: revision.id,
    webhookId: options.webhookId,
    now: options.now,
  });
}

/**
 * Queues the latest revision of every result changed since `since` for the questionnaire's active webhooks
 * (a webhook enabled again after a pause, when the Admin asks for it); returns how many were queued.
 */
export async function requeueResultsChangedSince(
  tx: Db,
  questionnaireId: string,
  since: Date,
  now: Date = new Date(),
): Promise<number> {
  const results = await tx.result.findMany({
    where: changedSince(questionnaireId, since),
    include: { ...revisionQueueInclude, revisions: { orderBy: { createdAt: 'desc' }, take: 1 } },
  });
  let queued = 0;
  for (const result of results) {
    const revision = result.revisions[0];
    if (revision && (await queueRevision(tx, questionnaireId, result, revision, { now })).length) queued += 1;
  }
  return queued;
}
