// Recording a participant's outcome (PUT /v1/participant/{id}): the participant row holds the latest outcome,
// the outcome history keeps every one. Customers report outcomes for whole cohorts, so like the creation this is
// ONE SQL statement: the row update, the history event, the audit entry and the reads the answer needs (the
// current attempt, the attempt count and limit), outcomeStatement in statements.ts. It replaces a transaction of
// nine round trips. Only when the statement finds nothing does a slower path work out which error to give.
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import { UUID_PATTERN } from '@/server/platform/lib/ids';
import { failureFields, logger } from '@/server/platform/observability/logger';
import { MESSAGES } from '@/server/participants/messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { REST_MESSAGES } from '@/server/rest-contract/messages';
import type { AuditActor } from '@/server/audit/audit-log';
import { checkText, PARTICIPANT_FIELD_MAX } from '@/server/participants/fields';
import { participantCallGateWith } from '@/server/participants/call-gate';
import { participantEntry } from '@/server/participants/audit';
import {
  resolveParticipant,
  type ParticipantScope,
  type ParticipantView,
  type UpdateOutcomeInput,
} from '@/server/participants/participants';
import { outcomeRecords, outcomeStatement, type OutcomeRow } from '@/server/participants/statements';

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
      outcomeStatement(scope.questionnaireId, participantId, {
        outcome,
        outcomeTs,
        apiKeyId: input.apiKeyId ?? null,
        audit,
      }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error(failureFields(error), 'outcome update failed');
    throw new AppError('BAD_REQUEST', MESSAGES.outcomeFailed);
  }
  const records = row ? outcomeRecords(row) : null;
  if (!row || !records) {
    await explainMissingParticipant(db, scope, input.participantId);
    throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  }
  const { participant, currentAttempt } = records;
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
