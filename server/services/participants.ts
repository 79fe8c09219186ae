// Participants of a questionnaire: the rules of creation, retakes, outcome tracking and reading, and the call
// gate (whether a participant may take the questionnaire). Every function takes the caller's scope (the
// questionnaire it acts in and that questionnaire's tenant), and writing ones take the actor, so the same rules
// and audit entries serve the REST door (an API key's scope), the Admin door, the CSV import and the CLI.
// The REST record and the spec's wording are in server/rest/participant-view.ts; erasure and the guide page
// have their own modules (participant-erasure.ts, participant-guide.ts).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { inTransaction } from '@/server/db/transaction';
import { Prisma, type Attempt, type Participant } from '@/server/generated/prisma/client.ts';
import {
  auditInsertFrom,
  recordAudit,
  type AuditAction,
  type AuditActor,
  type AuditEntry,
} from '@/server/services/audit-log';
import { MESSAGES } from '@/server/services/participant-messages';
import { AppError } from '@/server/lib/errors';
import { UUID_PATTERN } from '@/server/lib/ids';
import { deploymentCountry, isPhoneNumberText, phoneNumberTextMessage, toE164 } from '@/server/lib/phone';
import { generateAccessCode, randomToken } from '@/server/lib/secrets';
import { failureFields, logger } from '@/server/observability/logger';
import { queryRows } from '@/server/db/direct-statement';

/** Longest values accepted for the participant's text fields. */
export const PARTICIPANT_FIELD_MAX = {
  irn: 255,
  phoneNumber: 64,
  externalRefId: 255,
  email: 254,
  language: 64,
  outcome: 255,
} as const;

/** The questionnaire an actor works in, and its tenant. */
export interface ParticipantScope {
  questionnaireId: string;
  tenantId: string;
}

/** Optional fields: undefined leaves a stored value alone, an empty string clears it. */
export interface ParticipantDetails {
  phoneNumber1?: string;
  phoneNumber2?: string;
  externalRefId?: string;
  email?: string;
  language?: string;
}

/** A participant's contact fields as database columns, the way raw statements read and write them. */
export interface ParticipantContactColumns {
  phone_number1: string | null;
  phone_number2: string | null;
  external_ref_id: string | null;
  email: string | null;
  language: string | null;
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

/** The participant's phone numbers in E.164, read in the deployment's country; unreadable ones are left out. */
export function blockablePhoneNumbers(
  participant: Pick<Participant, 'phoneNumber1' | 'phoneNumber2'>,
): string[] {
  const country = deploymentCountry();
  const numbers = [participant.phoneNumber1, participant.phoneNumber2]
    .map((raw) => (raw ? toE164(raw, country) : null))
    .filter((n): n is string => n !== null);
  return [...new Set(numbers)];
}

/** Why the call gate refuses a participant: more attempts than the limit, or a phone number on the block list. */
export type DisallowedReason = 'attempt_limit' | 'blocked_number';

/**
 * The call gate, the one rule of is_participant_allowed for every caller (the REST record, the Admin list and
 * participant page): no more attempts than the questionnaire's limit (null: none) and none of the
 * participant's numbers (read by blockablePhoneNumbers) on the block list. Null when allowed, else the reason
 * (the attempt limit first).
 */
export function callGateVerdict(
  attemptCount: number,
  attemptLimit: number | null,
  blockedNumbers: number,
): DisallowedReason | null {
  if (attemptLimit !== null && attemptCount > attemptLimit) return 'attempt_limit';
  return blockedNumbers > 0 ? 'blocked_number' : null;
}

/** The call gate for one participant, read from the database: null when allowed, else why not. */
export async function participantCallGate(
  db: Db,
  participant: Pick<Participant, 'questionnaireId' | 'phoneNumber1' | 'phoneNumber2'>,
  attemptCount: number,
): Promise<DisallowedReason | null> {
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: participant.questionnaireId },
    select: { attemptLimit: true },
  });
  return participantCallGateWith(db, participant, attemptCount, questionnaire?.attemptLimit ?? null);
}

/** participantCallGate when the questionnaire's attempt limit is known already. */
export async function participantCallGateWith(
  db: Db,
  participant: Pick<Participant, 'questionnaireId' | 'phoneNumber1' | 'phoneNumber2'>,
  attemptCount: number,
  attemptLimit: number | null,
): Promise<DisallowedReason | null> {
  const overLimit = callGateVerdict(attemptCount, attemptLimit, 0);
  if (overLimit) return overLimit;
  const numbers = blockablePhoneNumbers(participant);
  if (numbers.length === 0) return null;
  const blocked = await db.blockedPhoneNumber.count({
    where: { questionnaireId: participant.questionnaireId, phoneNumber: { in: numbers } },
  });
  return callGateVerdict(attemptCount, attemptLimit, blocked);
}

/** Whether the participant may take the questionnaire (the spec's is_participant_allowed). */
export async function isParticipantAllowed(
  db: Db,
  participant: Pick<Participant, 'questionnaireId' | 'phoneNumber1' | 'phoneNumber2'>,
  attemptCount: number,
): Promise<boolean> {
  return (await participantCallGate(db, participant, attemptCount)) === null;
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

const emailFormat = z.email();

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

// Control characters other than tab and line breaks (PostgreSQL cannot store NUL at all), and lone UTF-16
// surrogates, which have no UTF-8 form and would be silently replaced.
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;
const LONE_SURROGATE = /\p{Cs}/u;

/** False for text the database cannot store faithfully (NUL and other control characters, broken UTF-16). */
export const isStorableText = (value: string): boolean =>
  !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);

export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;
export const unstorableMessage = (label: string) => `${label} must be valid text without control characters`;

/** Checks one text value; `label` names the field in the message. */
export function checkText(label: string, value: string, max: number): void {
  if (value.length > max) throw new AppError('BAD_REQUEST', tooLongMessage(label, max));
  if (!isStorableText(value)) throw new AppError('BAD_REQUEST', unstorableMessage(label));
}

function normaliseIrn(irn: string): string {
  const value = irn.trim();
  if (!value) throw new AppError('BAD_REQUEST', MESSAGES.irnEmpty);
  checkText('interview_ref_num', value, PARTICIPANT_FIELD_MAX.irn);
  return value;
}

/** The stored form of the optional fields that were sent: trimmed, empty meaning "no value". */
function normaliseDetails(details: ParticipantDetails) {
  const fields = {
    phoneNumber1: ['phone_number1', PARTICIPANT_FIELD_MAX.phoneNumber],
    phoneNumber2: ['phone_number2', PARTICIPANT_FIELD_MAX.phoneNumber],
    externalRefId: ['external_ref_id', PARTICIPANT_FIELD_MAX.externalRefId],
    email: ['email', PARTICIPANT_FIELD_MAX.email],
    language: ['language', PARTICIPANT_FIELD_MAX.language],
  } as const;
  const data: { [K in keyof ParticipantDetails]?: string | null } = {};
  for (const [key, [label, max]] of Object.entries(fields) as [
    keyof ParticipantDetails,
    (typeof fields)[keyof ParticipantDetails],
  ][]) {
    const raw = details[key];
    if (raw === undefined) continue;
    const value = raw.trim();
    checkText(label, value, max);
    if (value && (key === 'phoneNumber1' || key === 'phoneNumber2') && !isPhoneNumberText(value))
      throw new AppError('BAD_REQUEST', phoneNumberTextMessage(label));
    data[key] = value || null;
  }
  if (data.email && !emailFormat.safeParse(data.email).success)
    throw new AppError('BAD_REQUEST', MESSAGES.invalidEmail);
  return data;
}

/**
 * The checks a new participant's fields get, with their messages, and the stored form of the fields: the one
 * rule book for the REST create, the Admin door and the CSV import's preview.
 */
export function checkNewParticipantFields(input: Pick<CreateParticipantInput, 'irn'> & ParticipantDetails) {
  return { irn: normaliseIrn(input.irn), details: normaliseDetails(input) };
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

export const newAttemptCodes = () => ({ accessCode: generateAccessCode(), guideToken: randomToken(24) });

async function viewOrFail(db: Db, participantId: string): Promise<ParticipantView> {
  const view = await loadParticipantView(db, participantId);
  if (!view) throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  return view;
}

const OPTIONAL_FIELDS = ['phoneNumber1', 'phoneNumber2', 'externalRefId', 'email', 'language'] as const;

/** The names of the optional fields that were sent, not their values: the audit log outlives erasure. */
export const sentFieldNames = (details: ParticipantDetails): string[] =>
  OPTIONAL_FIELDS.filter((name) => details[name] !== undefined);

/** The audit entry of a change to one participant (never personal data: the log outlives erasure). */
export const participantEntry = (
  actor: AuditActor,
  action: AuditAction,
  tenantId: string,
  participant: Pick<Participant, 'id' | 'questionnaireId'>,
) => ({
  actor,
  action,
  targetType: 'participant',
  targetId: participant.id,
  tenantId,
  questionnaireId: participant.questionnaireId,
});

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
  const [row] = await queryRows<InsertParticipantRow>(db, insertParticipantStatement(p, a, audit));
  return {
    created: row?.created_ids.includes(p.id) === true,
    attemptLimit: row?.attempt_limit ?? null,
    blocked: row ? blockedNumbersOf(p, row).length : 0,
  };
}

/** The one row insertParticipantStatement and insertParticipantsStatement answer. */
export interface InsertParticipantRow {
  /** The participants the statement wrote (their IRN was free and their id unused). */
  created_ids: string[];
  attempt_limit: number | null;
  /** Those of the participants' blockable numbers that are on the questionnaire's block list. */
  blocked_numbers: string[];
}

/** A participant's numbers that the statement found on the block list: its call gate's blocked count. */
export const blockedNumbersOf = (
  participant: Pick<Participant, 'phoneNumber1' | 'phoneNumber2'>,
  row: Pick<InsertParticipantRow, 'blocked_numbers'>,
): string[] => blockablePhoneNumbers(participant).filter((n) => row.blocked_numbers.includes(n));

/** One participant for insertParticipantsStatement: its rows and the audit entry of its creation. */
export interface NewParticipantRow {
  participant: Participant;
  attempt: Attempt;
  audit: AuditEntry & { tenantId: string };
}

/**
 * The SQL of insertParticipant, exported so that the benchmark's bare floor server runs exactly this
 * statement (`.text` and `.values` go straight to pg or PGlite).
 */
export function insertParticipantStatement(
  p: Participant,
  a: Attempt,
  audit: AuditEntry & { tenantId: string },
): Prisma.Sql {
  return insertParticipantsStatement([{ participant: p, attempt: a, audit }]);
}

/**
 * The create's one statement for one participant (createParticipant) or a chunk of them in one questionnaire
 * (the CSV import's createParticipants): each participant whose IRN is free is inserted with its first attempt
 * and its audit entry; the others write nothing. Rows are inserted in the given order, so of two rows with
 * the same IRN the first wins; a participant whose id already exists is not inserted again (ON CONFLICT skips
 * the primary key like the IRN). Answers one InsertParticipantRow: which ids were written, the attempt limit
 * and the blocked numbers, which is what each participant's call gate needs.
 */
export function insertParticipantsStatement(rows: NewParticipantRow[]): Prisma.Sql {
  const questionnaireId = rows[0]?.participant.questionnaireId;
  if (!questionnaireId || rows.some((r) => r.participant.questionnaireId !== questionnaireId))
    throw new Error('insertParticipantsStatement: one or more participants, all of one questionnaire');
  // With one participant, `inserted` holds at most its own row, so its attempt and audit entry are read from
  // it directly: the per-row matching a chunk needs would make the busiest statement (POST /v1/participant)
  // about a fifth dearer for the database.
  const single = rows.length === 1;
  const participants = rows.map(
    ({ participant: p }) =>
      Prisma.sql`(${p.id}::uuid, ${p.questionnaireId}::uuid, ${p.irn}, ${p.phoneNumber1}, ${p.phoneNumber2},
        ${p.externalRefId}, ${p.email}, ${p.language}, ${p.createdAt}::timestamptz, ${p.updatedAt}::timestamptz)`,
  );
  const attemptValues = (a: Attempt) =>
    Prisma.sql`${a.id}::uuid, ${a.participantId}::uuid, ${a.number}::int, ${a.accessCode}::text,
      ${a.guideToken}::text, ${a.createdAt}::timestamptz`;
  const attempts = single
    ? Prisma.sql`SELECT ${attemptValues(rows[0]!.attempt)} FROM inserted`
    : Prisma.sql`SELECT a.id, a.participant_id, a.number, a.access_code, a.guide_token, a.created_at
      FROM (VALUES ${Prisma.join(rows.map(({ attempt }) => Prisma.sql`(${attemptValues(attempt)})`))})
        AS a(id, participant_id, number, access_code, guide_token, created_at)
      WHERE a.participant_id IN (SELECT id FROM inserted)`;
  // One entry per created participant, written by the same statement (its source is that participant's row
  // of `inserted`).
  const audits = rows.map(
    ({ participant: p, audit }, i) =>
      Prisma.sql`, audit_${Prisma.raw(String(i))} AS (${auditInsertFrom(
        audit,
        single
          ? Prisma.sql`inserted`
          : Prisma.sql`(SELECT id FROM inserted WHERE id = ${p.id}::uuid) AS created_row`,
      )})`,
  );
  const numbers = [...new Set(rows.flatMap(({ participant }) => blockablePhoneNumbers(participant)))];
  const blocked = numbers.length
    ? Prisma.sql`ARRAY(SELECT phone_number FROM blocked_phone_number
                       WHERE questionnaire_id = ${questionnaireId}::uuid AND phone_number IN (${Prisma.join(numbers)}))`
    : Prisma.sql`ARRAY[]::text[]`;
  return Prisma.sql`
    WITH inserted AS (
      INSERT INTO participant (id, questionnaire_id, irn, phone_number1, phone_number2, external_ref_id, email,
                               language, created_at, updated_at)
      VALUES ${Prisma.join(participants)}
      ON CONFLICT DO NOTHING
      RETURNING id
    ), first_attempt AS (
      INSERT INTO attempt (id, participant_id, number, access_code, guide_token, created_at)
      ${attempts}
    )${Prisma.join(audits, '')}
    SELECT ARRAY(SELECT id::text FROM inserted) AS created_ids,
           (SELECT attempt_limit FROM questionnaire WHERE id = ${questionnaireId}::uuid) AS attempt_limit,
           ${blocked} AS blocked_numbers`;
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
