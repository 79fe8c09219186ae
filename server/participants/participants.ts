// Participants of a questionnaire: creation, retakes and reading. Every function takes the caller's scope (the
// questionnaire it acts in and that questionnaire's tenant), and writing ones take the actor, so the same rules
// and audit entries serve the REST door (an API key's scope), the Admin door, the CSV import and the CLI.
// Beside it: the fields' checks (fields.ts), the call gate (call-gate.ts), the domain's raw statements and
// the one description of the participant's columns (statements.ts) and the audit entries (audit.ts). The
// REST record and the spec's wording are in rest-view.ts; outcomes, erasure and the guide page have their own
// modules (outcome.ts, erasure.ts, guide.ts).
import { randomUUID } from 'node:crypto';
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { isDeadlineExceeded } from '@/server/platform/db/request-deadline';
import { isDatabaseUnavailable } from '@/server/platform/lib/database-errors';
import type { Attempt, Participant } from '@/server/generated/prisma/client.ts';
import { recordAudit, type AuditActor, type AuditEntry } from '@/server/audit/audit-log';
import { MESSAGES } from '@/server/participants/messages';
import { AppError } from '@/server/platform/lib/errors';
import { UUID_PATTERN } from '@/server/platform/lib/ids';
import { generateAccessCode, randomToken } from '@/server/platform/lib/secrets';
import { failureFields, logger } from '@/server/platform/observability/logger';
import { queryRows } from '@/server/platform/db/direct-statement';
import {
  checkNewParticipantFields,
  normaliseDetails,
  normaliseIrn,
  type ParticipantDetails,
} from '@/server/participants/fields';
import { callGateVerdict, isParticipantAllowed } from '@/server/participants/call-gate';
import { participantEntry, sentFieldNames } from '@/server/participants/audit';
import {
  blockedNumbersOf,
  insertParticipantStatement,
  type InsertParticipantRow,
} from '@/server/participants/statements';

/** The questionnaire an actor works in, and its tenant. */
export interface ParticipantScope {
  questionnaireId: string;
  tenantId: string;
}

export interface CreateParticipantInput extends ParticipantDetails {
  /** The spec's project_uuid: the questionnaire the participant belongs to. */
  projectId: string;
  irn: string;
}

export interface RetakeParticipantInput extends CreateParticipantInput {
  participantId: string;
}

export interface UpdateOutcomeInput {
  participantId: string;
  outcome: string;
  /** Defaults to the current time. */
  outcomeTs?: Date;
  /** The API key that recorded it, kept in the outcome history. */
  apiKeyId?: string;
}

/** A participant with what its record needs: the current attempt, the number of attempts, the call gate. */
export interface ParticipantView {
  participant: Participant;
  currentAttempt: Attempt;
  attemptCount: number;
  isAllowed: boolean;
}

/** Loads what a participant's record shows; null when there is no such participant or it was erased. */
export async function loadParticipantView(db: Db, participantId: string): Promise<ParticipantView | null> {
  const participant = await db.participant.findUnique({
    where: { id: participantId },
    include: { attempts: { orderBy: { number: 'desc' }, take: 1 }, _count: { select: { attempts: true } } },
  });
  const currentAttempt = participant?.attempts[0];
  if (!participant || participant.erasedAt || !currentAttempt) return null;
  const { attempts: _attempts, _count, ...row } = participant;
  return {
    participant: row,
    currentAttempt,
    attemptCount: _count.attempts,
    isAllowed: await isParticipantAllowed(db, row, _count.attempts),
  };
}

/**
 * The questionnaire named by project_uuid, when the scope may act in it. One that exists but is not the key's
 * (another questionnaire of the same tenant, or of another tenant) is "not associated" (403), as the spec's
 * rule 5 publishes; 404 only for one that does not exist. Identifiers are random v4 UUIDs, so the 403 tells
 * nobody anything they could have guessed.
 */
export async function resolveProject(db: Db, scope: ParticipantScope, projectId: string): Promise<string> {
  const id = projectId.toLowerCase();
  if (id === scope.questionnaireId) return id;
  const questionnaire = UUID_PATTERN.test(id)
    ? await db.questionnaire.findUnique({ where: { id }, select: { id: true } })
    : null;
  if (questionnaire) throw new AppError('FORBIDDEN', MESSAGES.notAssociated);
  throw new AppError('NOT_FOUND', MESSAGES.projectNotFound);
}

/** The same rule for a participant named by id: another questionnaire's 403, a missing (or erased) one 404. */
export async function resolveParticipant(
  db: Db,
  scope: ParticipantScope,
  participantId: string,
): Promise<Participant> {
  const id = participantId.toLowerCase();
  const participant = UUID_PATTERN.test(id) ? await db.participant.findUnique({ where: { id } }) : null;
  if (!participant || participant.erasedAt) throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  if (participant.questionnaireId !== scope.questionnaireId)
    throw new AppError('FORBIDDEN', MESSAGES.notAssociated);
  return participant;
}

/**
 * A unique index refused the write: P2002 from Prisma's API, a raw statement's (P2010) SQLSTATE 23505, or
 * 23505 itself from a statement run on the pool directly (queryRows).
 */
export const isUniqueViolation = (error: unknown): boolean => {
  const { code, meta } = error as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
  };
  return (
    code === 'P2002' ||
    code === '23505' ||
    (code === 'P2010' && meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation')
  );
};

/** Random access codes and guide tokens can collide, very rarely; a fresh pair is drawn each try. */
export const FRESH_CODE_TRIES = 3;

const newAttemptCodes = () => ({ accessCode: generateAccessCode(), guideToken: randomToken(24) });

async function viewOrFail(db: Db, participantId: string): Promise<ParticipantView> {
  const view = await loadParticipantView(db, participantId);
  if (!view) throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  return view;
}

/** Who creates the participant, and what else the creation needs to know. */
export interface CreateParticipantOptions {
  /** Who acts: the audit entry of the creation names them, written by the same statement. */
  actor: AuditActor;
  /**
   * Facts the entry holds instead of the names of the optional fields sent (the CSV import names its job and
   * row); the entry always holds `attempt: 1`.
   */
  auditDetails?: Record<string, unknown>;
  /**
   * The new participant's id, when the caller decides it up front: the CSV import does, so that a resumed
   * job recognises its own earlier write (the IRN taken by this very id) after a crash.
   */
  participantId?: string;
}

/**
 * The rows a new participant is written as: the participant and its first attempt (fresh codes each call),
 * from the fields checkNewParticipantFields returned. `participantId` when the caller decides the id.
 */
export function newParticipantRecords(
  questionnaireId: string,
  { irn, details }: ReturnType<typeof checkNewParticipantFields>,
  participantId?: string,
): { participant: Participant; currentAttempt: Attempt } {
  const now = new Date();
  const participant: Participant = {
    id: participantId ?? randomUUID(),
    questionnaireId,
    irn,
    phoneNumber1: details.phoneNumber1 ?? null,
    phoneNumber2: details.phoneNumber2 ?? null,
    externalRefId: details.externalRefId ?? null,
    email: details.email ?? null,
    language: details.language ?? null,
    outcome: null,
    outcomeTs: null,
    createdAt: now,
    updatedAt: now,
    erasedAt: null,
    irnNfkcExempt: false,
  };
  const currentAttempt: Attempt = {
    id: randomUUID(),
    participantId: participant.id,
    number: 1,
    ...newAttemptCodes(),
    createdAt: now,
    startedAt: null,
    completedAt: null,
  };
  return { participant, currentAttempt };
}

/**
 * Creates a participant with its first attempt. The IRN must be unused in the questionnaire.
 *
 * This is the busiest write of the service (customers enrol participants in bursts of tens of thousands), so
 * the participant, its attempt and its audit entry are written by ONE SQL statement, which also reads what
 * the record needs (the attempt limit and the block list): a statement is atomic on its own, and one round
 * trip instead of a transaction's dozen is what makes the endpoint keep up with the server's own overhead.
 * The unique index on (questionnaire, IRN) decides duplicates, also between concurrent requests. Pass the
 * client, not a transaction: a failed statement would abort the caller's transaction before the retry.
 */
export async function createParticipant(
  db: Db,
  scope: ParticipantScope,
  input: CreateParticipantInput,
  options: CreateParticipantOptions,
): Promise<ParticipantView> {
  const questionnaireId = await resolveProject(db, scope, input.projectId);
  const auditDetails = options.auditDetails ?? { fields: sentFieldNames(input) };
  const { irn, details } = checkNewParticipantFields(input);
  for (let attempt = 1; ; attempt++) {
    const { participant, currentAttempt } = newParticipantRecords(
      questionnaireId,
      { irn, details },
      options.participantId,
    );
    try {
      const written = await insertParticipant(db, participant, currentAttempt, {
        ...participantEntry(options.actor, 'participant.create', scope.tenantId, participant),
        details: { attempt: 1, ...auditDetails },
      });
      if (!written.created) throw new AppError('BAD_REQUEST', MESSAGES.duplicateIrn(irn));
      const isAllowed = callGateVerdict(1, written.attemptLimit, written.blocked) === null;
      return { participant, currentAttempt, attemptCount: 1, isAllowed };
    } catch (error) {
      // A random access code or guide token that is already taken (very rare): draw a fresh pair.
      if (!isUniqueViolation(error) || attempt >= FRESH_CODE_TRIES) throw error;
    }
  }
}

/**
 * The one statement behind createParticipant. Nothing is written when the IRN is taken (created = false);
 * the attempt and the audit entry are written exactly when the participant is.
 */
async function insertParticipant(
  db: Db,
  p: Participant,
  a: Attempt,
  audit: AuditEntry & { tenantId: string },
): Promise<{ created: boolean; attemptLimit: number | null; blocked: number }> {
  const [row] = await queryRows<InsertParticipantRow>(db, insertParticipantStatement(p, a, audit), {
    preparedWrite: true,
  });
  return {
    created: row?.created_ids.includes(p.id) === true,
    attemptLimit: row?.attempt_limit ?? null,
    blocked: row ? blockedNumbersOf(p, row).length : 0,
  };
}

/**
 * Starts a retake: the same participant gets a new attempt with a new access code and guide link; the optional
 * fields that were sent are updated and the outcome history is kept. All or nothing.
 */
export async function retakeParticipant(
  db: Db,
  scope: ParticipantScope,
  input: RetakeParticipantInput,
  actor: AuditActor,
): Promise<ParticipantView> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, async (tx) => {
        const questionnaireId = await resolveProject(tx, scope, input.projectId);
        const participant = await resolveParticipant(tx, { ...scope, questionnaireId }, input.participantId);
        if (normaliseIrn(input.irn) !== participant.irn)
          throw new AppError('BAD_REQUEST', MESSAGES.irnChanged);
        const details = normaliseDetails(input);
        // Updating the row first locks it, so concurrent retakes of one participant take turns.
        await tx.participant.update({
          where: { id: participant.id },
          data: { ...details, updatedAt: new Date() },
        });
        const last = await tx.attempt.aggregate({
          where: { participantId: participant.id },
          _max: { number: true },
        });
        await tx.attempt.create({
          data: { participantId: participant.id, number: (last._max.number ?? 0) + 1, ...newAttemptCodes() },
        });
        const view = await viewOrFail(tx, participant.id);
        await recordAudit(tx, {
          ...participantEntry(actor, 'participant.retake', scope.tenantId, participant),
          details: { attempt: view.attemptCount, fields: sentFieldNames(input) },
        });
        return view;
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isUniqueViolation(error) && attempt < FRESH_CODE_TRIES) continue;
      // Past the request's deadline, or the database gone: the door's 503 (retry later), not the spec's 500.
      if (isDeadlineExceeded(error) || isDatabaseUnavailable(error)) throw error;
      logger.error(failureFields(error), 'retake failed');
      throw new AppError('INTERNAL_SERVER_ERROR', MESSAGES.retakeFailed);
    }
  }
}

export async function getParticipant(
  db: Db,
  scope: ParticipantScope,
  participantId: string,
): Promise<ParticipantView> {
  const participant = await resolveParticipant(db, scope, participantId);
  return viewOrFail(db, participant.id);
}

/**
 * The participant of the key's questionnaire with this IRN (IRNs are unique per questionnaire): how a client
 * whose reply was lost learns the participant's id. Only the key's own questionnaire is searched, so no other
 * questionnaire's IRNs can be probed.
 */
export async function findParticipantByIrn(
  db: Db,
  scope: ParticipantScope,
  irn: string,
): Promise<ParticipantView> {
  const participant = await db.participant.findFirst({
    where: { questionnaireId: scope.questionnaireId, irn: irn.trim(), erasedAt: null },
    select: { id: true },
  });
  if (!participant) throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  return viewOrFail(db, participant.id);
}

/** Every outcome recorded for a participant of the scope, newest first. */
export async function listOutcomeHistory(db: Db, scope: ParticipantScope, participantId: string) {
  const participant = await resolveParticipant(db, scope, participantId);
  return db.outcomeEvent.findMany({
    where: { participantId: participant.id },
    orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
  });
}
