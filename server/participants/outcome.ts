// Recording a participant's outcome (PUT /v1/participant/{id}): the participant row holds the latest outcome,
// the outcome history keeps every one. Customers report outcomes for whole cohorts, so like the creation this is
// ONE SQL statement: the row update, the history event, the audit entry and the reads the answer needs (the
// current attempt, the attempt count and limit). It replaces a transaction of nine round trips. Only when the
// statement finds nothing does a slower path work out which error to give.
import { Prisma, type Attempt, type Participant } from '@/server/generated/prisma/client.ts';
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import { UUID_PATTERN } from '@/server/platform/lib/ids';
import { failureFields, logger } from '@/server/platform/observability/logger';
import { MESSAGES } from '@/server/participants/messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { REST_MESSAGES } from '@/server/rest-contract/messages';
import { auditInsertFrom, type AuditActor, type AuditEntry } from '@/server/audit/audit-log';
import { checkText, PARTICIPANT_FIELD_MAX } from '@/server/participants/fields';
import { participantCallGateWith } from '@/server/participants/call-gate';
import { participantEntry } from '@/server/participants/audit';
import {
  resolveParticipant,
  type ParticipantContactColumns,
  type ParticipantScope,
  type ParticipantView,
  type UpdateOutcomeInput,
} from '@/server/participants/participants';

/** A row of the statement: the participant's columns, its current attempt's and the call-gate figures. */
interface OutcomeRow extends ParticipantContactColumns {
  id: string;
  questionnaire_id: string;
  irn: string;
  irn_nfkc_exempt: boolean;
  outcome: string | null;
  outcome_ts: Date | null;
  created_at: Date;
  updated_at: Date;
  erased_at: Date | null;
  attempt_id: string | null;
  attempt_number: number;
  access_code: string;
  guide_token: string;
  attempt_created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  attempt_count: number;
  attempt_limit: number | null;
}

/**
 * Records an outcome for a participant of the scope and returns the participant's record. The errors, in
 * this order: the scope's questionnaire is gone (404), the participant is missing or erased (404) or another
 * questionnaire's (403), the outcome is empty or too long (400). `actor` is who records it: the audit entry
 * `participant.outcome` is written by the same statement.
 */
export async function updateParticipantOutcome(
  db: Db,
  scope: ParticipantScope,
  input: UpdateOutcomeInput,
  actor: AuditActor,
): Promise<ParticipantView> {
  const outcome = input.outcome.trim();
  const outcomeProblem = outcomeError(outcome);
  // A bad outcome, or an id that cannot be a participant's, for a participant that cannot be found is
  // answered with the participant's error first.
  if (outcomeProblem || !UUID_PATTERN.test(input.participantId)) {
    await explainMissingParticipant(db, scope, input.participantId);
    throw outcomeProblem ?? new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  }
  const outcomeTs = input.outcomeTs ?? new Date();
  const participantId = input.participantId.toLowerCase();
  // Never personal data in the audit log: the outcome code and time only.
  const audit = {
    ...participantEntry(actor, 'participant.outcome', scope.tenantId, {
      id: participantId,
      questionnaireId: scope.questionnaireId,
    }),
    details: { outcome, outcomeTs },
  };
  let row: OutcomeRow | undefined;
  try {
    [row] = await db.$queryRaw<OutcomeRow[]>(
      outcomeStatement(scope, participantId, { outcome, outcomeTs, apiKeyId: input.apiKeyId ?? null, audit }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error(failureFields(error), 'outcome update failed');
    throw new AppError('BAD_REQUEST', MESSAGES.outcomeFailed);
  }
  if (!row?.attempt_id) {
    await explainMissingParticipant(db, scope, input.participantId);
    throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  }
  const { participant, currentAttempt } = fromRow(row);
  return {
    participant,
    currentAttempt,
    attemptCount: row.attempt_count,
    isAllowed:
      (await participantCallGateWith(db, participant, row.attempt_count, row.attempt_limit)) === null,
  };
}

function outcomeError(outcome: string): AppError | null {
  if (!outcome) return new AppError('BAD_REQUEST', REST_MESSAGES.outcomeRequired);
  try {
    checkText('outcome', outcome, PARTICIPANT_FIELD_MAX.outcome);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** Throws the error for a participant the scope cannot reach: its questionnaire is gone, 404, or 403. */
async function explainMissingParticipant(db: Db, scope: ParticipantScope, participantId: string) {
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: scope.questionnaireId },
    select: { id: true },
  });
  if (!questionnaire) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  await resolveParticipant(db, scope, participantId);
}

/**
 * The one statement: updates the participant (of the scope's questionnaire, not erased), appends the outcome
 * event and the audit entry, and reads the current attempt, the attempt count and the attempt limit. No row
 * when the participant is not the scope's to change, or the scope's questionnaire is gone (a deletion whose
 * cascade has not reached the participant yet); then nothing is written.
 */
function outcomeStatement(
  scope: ParticipantScope,
  participantId: string,
  change: {
    outcome: string;
    outcomeTs: Date;
    apiKeyId: string | null;
    audit: AuditEntry & { tenantId: string };
  },
): Prisma.Sql {
  const now = new Date();
  return Prisma.sql`
    WITH updated AS (
      UPDATE participant SET outcome = ${change.outcome}, outcome_ts = ${change.outcomeTs}::timestamptz,
                             updated_at = ${now}::timestamptz
      WHERE id = ${participantId}::uuid AND questionnaire_id = ${scope.questionnaireId}::uuid AND erased_at IS NULL
        AND EXISTS (SELECT 1 FROM questionnaire WHERE id = ${scope.questionnaireId}::uuid)
      RETURNING *
    ), event AS (
      INSERT INTO outcome_event (id, participant_id, outcome, outcome_ts, recorded_at, api_key_id)
      SELECT gen_random_uuid(), id, ${change.outcome}, ${change.outcomeTs}::timestamptz, ${now}::timestamptz,
             ${change.apiKeyId}::uuid
      FROM updated
    ), audit AS (${auditInsertFrom(change.audit, Prisma.sql`updated`)})
    SELECT u.id, u.questionnaire_id, u.irn, u.irn_nfkc_exempt, u.phone_number1, u.phone_number2, u.external_ref_id, u.email,
           u.language, u.outcome, u.outcome_ts, u.created_at, u.updated_at, u.erased_at,
           a.id AS attempt_id, a.number AS attempt_number, a.access_code, a.guide_token,
           a.created_at AS attempt_created_at, a.started_at, a.completed_at,
           (SELECT count(*) FROM attempt WHERE participant_id = u.id)::int AS attempt_count,
           (SELECT attempt_limit FROM questionnaire WHERE id = u.questionnaire_id) AS attempt_limit
    FROM updated u
    LEFT JOIN LATERAL (
      SELECT * FROM attempt WHERE participant_id = u.id ORDER BY number DESC LIMIT 1
    ) a ON true`;
}

function fromRow(row: OutcomeRow): { participant: Participant; currentAttempt: Attempt } {
  return {
    participant: {
      id: row.id,
      questionnaireId: row.questionnaire_id,
      irn: row.irn,
      irnNfkcExempt: row.irn_nfkc_exempt,
      phoneNumber1: row.phone_number1,
      phoneNumber2: row.phone_number2,
      externalRefId: row.external_ref_id,
      email: row.email,
      language: row.language,
      outcome: row.outcome,
      outcomeTs: row.outcome_ts,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      erasedAt: row.erased_at,
    },
    currentAttempt: {
      id: row.attempt_id!,
      participantId: row.id,
      number: row.attempt_number,
      accessCode: row.access_code,
      guideToken: row.guide_token,
      createdAt: row.attempt_created_at,
      startedAt: row.started_at,
      completedAt: row.completed_at,
    },
  };
}
