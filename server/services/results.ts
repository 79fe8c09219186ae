// Results of the assessment: published by the engine (ingestion endpoint), by an Admin by hand (QA, manual
// review) or by the CLI. Publishing or updating keeps every revision and, in the same transaction, queues one
// webhook delivery per active webhook of the participant's questionnaire.
import type { Db } from '@/server/db/client';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/lib/errors';
import { recordAudit, type AuditActor } from '@/server/services/audit-log';
import { toRfc3339Utc } from '@/server/lib/time';
import { EVENT_TYPES, RESULT_UPDATE, type ResultData, type ResultPayload } from '@/server/webhooks/payload';
import { enqueueDeliveries } from '@/server/webhooks/outbox';

export interface PublishResultInput {
  participantId: string;
  result: ResultData;
  /** Who published it: "engine", "admin:<id>" or "cli". */
  source: string;
  /** An Admin or the CLI publishing by hand: recorded in the audit log with the result. */
  actor?: AuditActor;
  now?: Date;
}

export interface PublishedResult {
  resultId: string;
  revisionId: string;
  /** True when the attempt had no result before. */
  created: boolean;
  deliveryIds: string[];
}

/** Stores the result of the participant's latest attempt and queues its webhook deliveries, atomically. */
export async function publishResult(db: PrismaClient, input: PublishResultInput): Promise<PublishedResult> {
  return db.$transaction((tx) => publishResultInTransaction(tx, input));
}

async function publishResultInTransaction(tx: Db, input: PublishResultInput): Promise<PublishedResult> {
  const now = input.now ?? new Date();
  const participant = await tx.participant.findUnique({
    where: { id: input.participantId },
    include: {
      questionnaire: { select: { id: true, languages: true } },
      attempts: { orderBy: { number: 'desc' }, take: 1 },
    },
  });
  if (!participant || participant.erasedAt) throw new AppError('NOT_FOUND', 'Participant not found');
  const attempt = participant.attempts[0];
  if (!attempt) throw new AppError('CONFLICT', 'The participant has no attempt to publish a result for');

  const { result: data } = input;
  const fields = {
    status: data.status,
    overallEvaluation: data.overall_evaluation,
    questionsRiskRating: data.questions_risk_rating,
    isAdmission: data.is_admission,
    isCounterMeasure: data.is_counter_measure,
    isNotComplete: data.is_not_complete,
    summary: data.summary ?? null,
    summaryBgcolor: data.summary_bgcolor ?? null,
    clear: data.clear ?? null,
  };
  const existing = await tx.result.findUnique({ where: { attemptId: attempt.id }, select: { id: true } });
  const result = await tx.result.upsert({
    where: { attemptId: attempt.id },
    create: { participantId: participant.id, attemptId: attempt.id, ...fields },
    update: fields,
    select: { id: true },
  });
  const revision = await tx.resultRevision.create({
    data: { resultId: result.id, data: data, source: input.source, createdAt: now },
    select: { id: true },
  });

  const payload: ResultPayload = {
    project_uuid: participant.questionnaireId,
    callback_type: RESULT_UPDATE,
    access_code: attempt.accessCode,
    interview_ref_num: participant.irn,
    status: data.status,
    questions_risk_rating: data.questions_risk_rating,
    overall_evaluation: data.overall_evaluation,
    is_admission: data.is_admission,
    is_counter_measure: data.is_counter_measure,
    is_not_complete: data.is_not_complete,
    participant_language: participant.language ?? participant.questionnaire.languages[0] ?? 'English',
    ...(data.summary !== undefined ? { summary: data.summary } : {}),
    ...(data.summary_bgcolor !== undefined ? { summary_bgcolor: data.summary_bgcolor } : {}),
    ...(data.clear !== undefined ? { clear: data.clear } : {}),
    timestamp: toRfc3339Utc(now),
  };
  const deliveryIds = await enqueueDeliveries(tx, {
    questionnaireId: participant.questionnaireId,
    eventType: EVENT_TYPES.resultUpdate,
    payload,
    participantId: participant.id,
    resultRevisionId: revision.id,
    now,
  });
  if (input.actor) {
    await recordAudit(tx, {
      actor: input.actor,
      action: existing ? 'result.update' : 'result.publish',
      targetType: 'result',
      targetId: result.id,
      questionnaireId: participant.questionnaireId,
      details: { participantId: participant.id, revisionId: revision.id, status: data.status },
    });
  }
  return { resultId: result.id, revisionId: revision.id, created: !existing, deliveryIds };
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
