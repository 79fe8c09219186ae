// Participants of a questionnaire: creation, retakes, outcome tracking, reading and erasure. Every function
// takes the caller's scope (the questionnaire it acts in and that questionnaire's tenant), so the same rules
// serve the REST door (an API key's scope), the Admin door and the CLI.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { env } from '@/server/env';
import { Prisma, type Attempt, type Participant } from '@/server/generated/prisma/client.ts';
import { auditInsertFrom, type AuditEntry } from '@/server/services/audit-log';
import { AppError } from '@/server/lib/errors';
import { UUID_PATTERN } from '@/server/lib/ids';
import { deploymentCountry, isPhoneNumberText, phoneNumberTextMessage, toE164 } from '@/server/lib/phone';
import { generateAccessCode, randomToken } from '@/server/lib/secrets';
import { toRfc3339Utc } from '@/server/lib/time';
import { failureFields, logger } from '@/server/observability/logger';

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

export const participantRecordSchema = z.object({
  project_uuid: z.string(),
  phone_number1: z.string(),
  phone_number2: z.string(),
  interview_ref_num: z.string(),
  external_ref_id: z.string(),
  participant_uuid: z.string(),
  email: z.string(),
  language: z.string(),
  particpant_guide_link: z.string(),
  is_participant_allowed: z.boolean(),
  outcome: z.string().nullable(),
  outcome_ts: z.string().nullable(),
});
/** The spec's Participant record (the guide link's field name is spelt as published). */
export type ParticipantRecord = z.infer<typeof participantRecordSchema>;

export const MESSAGES = {
  participantNotFound: 'Participant not found',
  projectNotFound: 'Project not found',
  questionnaireNotFound: 'Questionnaire not found',
  notAssociated: 'API Key not associated with this Questionnaire',
  irnEmpty: 'IRN cannot be empty.',
  irnChanged: 'In Retake Participant Interview Reference number can not be changed.',
  invalidEmail: 'Invalid email format',
  retakeFailed: 'Failed to update participant for retake',
  outcomeFailed: 'Failed to update outcome tracking',
  duplicateIrn: (irn: string) =>
    `Error: Duplicate IRN. IRN number ${irn} has already been assigned to another participant.`,
} as const;

export const guideLink = (guideToken: string): string => `${env.PUBLIC_BASE_URL}/guide/${guideToken}`;

export function toParticipantRecord(view: ParticipantView): ParticipantRecord {
  const { participant: p } = view;
  return {
    project_uuid: p.questionnaireId,
    phone_number1: p.phoneNumber1 ?? '',
    phone_number2: p.phoneNumber2 ?? '',
    interview_ref_num: p.irn,
    external_ref_id: p.externalRefId ?? '',
    participant_uuid: p.id,
    email: p.email ?? '',
    language: p.language ?? '',
    particpant_guide_link: guideLink(view.currentAttempt.guideToken),
    is_participant_allowed: view.isAllowed,
    outcome: p.outcome,
    outcome_ts: p.outcomeTs ? toRfc3339Utc(p.outcomeTs) : null,
  };
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

/**
 * Whether the participant may take the questionnaire: not when one of their phone numbers is on the
 * questionnaire's block list, nor when they have more attempts than the questionnaire's attempt limit.
 */
export async function isParticipantAllowed(
  db: Db,
  participant: Pick<Participant, 'questionnaireId' | 'phoneNumber1' | 'phoneNumber2'>,
  attemptCount: number,
): Promise<boolean> {
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: participant.questionnaireId },
    select: { attemptLimit: true },
  });
  return isParticipantAllowedWith(db, participant, attemptCount, questionnaire?.attemptLimit ?? null);
}

/** isParticipantAllowed when the questionnaire's attempt limit is known already. */
export async function isParticipantAllowedWith(
  db: Db,
  participant: Pick<Participant, 'questionnaireId' | 'phoneNumber1' | 'phoneNumber2'>,
  attemptCount: number,
  attemptLimit: number | null,
): Promise<boolean> {
  if (!callGateAllows(attemptCount, attemptLimit, 0)) return false;
  const numbers = blockablePhoneNumbers(participant);
  if (numbers.length === 0) return true;
  const blocked = await db.blockedPhoneNumber.count({
    where: { questionnaireId: participant.questionnaireId, phoneNumber: { in: numbers } },
  });
  return callGateAllows(attemptCount, attemptLimit, blocked);
}

/** The call gate: no more attempts than the questionnaire's limit (null: none) and no blocked number. */
const callGateAllows = (attemptCount: number, attemptLimit: number | null, blockedNumbers: number): boolean =>
  (attemptLimit === null || attemptCount <= attemptLimit) && blockedNumbers === 0;

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
async function resolveProject(db: Db, scope: ParticipantScope, projectId: string): Promise<string> {
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

/** A unique index refused the write: P2002 from Prisma's API, or a raw statement's (P2010) SQLSTATE 23505. */
const isUniqueViolation = (error: unknown): boolean => {
  const { code, meta } = error as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
  };
  return (
    code === 'P2002' ||
    (code === 'P2010' && meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation')
  );
};

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one. A transaction client has a
 * $transaction too (nested ones need savepoints, which PGlite's adapter lacks), but no $connect.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return '$connect' in db ? db.$transaction(work) : work(db);
}

/** Random access codes and guide tokens can collide, very rarely; a fresh pair is drawn each try. */
const FRESH_CODE_TRIES = 3;

export const newAttemptCodes = () => ({ accessCode: generateAccessCode(), guideToken: randomToken(24) });

async function viewOrFail(db: Db, participantId: string): Promise<ParticipantView> {
  const view = await loadParticipantView(db, participantId);
  if (!view) throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  return view;
}

/** What creating a participant may write besides the participant itself. */
export interface CreateParticipantOptions {
  /** The audit entry of the creation, written by the same statement (given the new participant's id). */
  audit?: (participantId: string) => AuditEntry & { tenantId: string };
  /**
   * The new participant's id, when the caller decides it up front: the CSV import does, so that a resumed
   * job recognises its own earlier write (the IRN taken by this very id) after a crash.
   */
  participantId?: string;
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
  options: CreateParticipantOptions = {},
): Promise<ParticipantView> {
  const questionnaireId = await resolveProject(db, scope, input.projectId);
  const { irn, details } = checkNewParticipantFields(input);
  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const participant: Participant = {
      id: options.participantId ?? randomUUID(),
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
    try {
      const written = await insertParticipant(
        db,
        participant,
        currentAttempt,
        options.audit?.(participant.id),
      );
      if (!written.created) throw new AppError('BAD_REQUEST', MESSAGES.duplicateIrn(irn));
      const isAllowed = callGateAllows(1, written.attemptLimit, written.blocked);
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
  audit: (AuditEntry & { tenantId: string }) | undefined,
): Promise<{ created: boolean; attemptLimit: number | null; blocked: number }> {
  const [row] = await db.$queryRaw<InsertParticipantRow[]>(insertParticipantStatement(p, a, audit));
  return {
    created: row?.created === true,
    attemptLimit: row?.attempt_limit ?? null,
    blocked: row?.blocked ?? 0,
  };
}

/** The row insertParticipantStatement answers. */
export interface InsertParticipantRow {
  created: boolean;
  attempt_limit: number | null;
  blocked: number;
}

/**
 * The SQL of insertParticipant, exported so that the benchmark's bare floor server runs exactly this
 * statement (`.text` and `.values` go straight to pg or PGlite).
 */
export function insertParticipantStatement(
  p: Participant,
  a: Attempt,
  audit: (AuditEntry & { tenantId: string }) | undefined,
): Prisma.Sql {
  const numbers = blockablePhoneNumbers(p);
  const blocked = numbers.length
    ? Prisma.sql`(SELECT count(*) FROM blocked_phone_number
                  WHERE questionnaire_id = ${p.questionnaireId}::uuid AND phone_number IN (${Prisma.join(numbers)}))::int`
    : Prisma.sql`0`;
  const auditStatement = audit
    ? Prisma.sql`, audit AS (${auditInsertFrom(audit, Prisma.sql`inserted`)})`
    : Prisma.empty;
  return Prisma.sql`
    WITH inserted AS (
      INSERT INTO participant (id, questionnaire_id, irn, phone_number1, phone_number2, external_ref_id, email,
                               language, created_at, updated_at)
      VALUES (${p.id}::uuid, ${p.questionnaireId}::uuid, ${p.irn}, ${p.phoneNumber1}, ${p.phoneNumber2},
              ${p.externalRefId}, ${p.email}, ${p.language}, ${p.createdAt}::timestamptz, ${p.updatedAt}::timestamptz)
      ON CONFLICT (questionnaire_id, irn) DO NOTHING
      RETURNING id
    ), first_attempt AS (
      INSERT INTO attempt (id, participant_id, number, access_code, guide_token, created_at)
      SELECT ${a.id}::uuid, id, ${a.number}, ${a.accessCode}, ${a.guideToken}, ${a.createdAt}::timestamptz
      FROM inserted
    )${auditStatement}
    SELECT EXISTS (SELECT 1 FROM inserted) AS created,
           (SELECT attempt_limit FROM questionnaire WHERE id = ${p.questionnaireId}::uuid) AS attempt_limit,
           ${blocked} AS blocked`;
}

/**
 * Starts a retake: the same participant gets a new attempt with a new access code and guide link; the optional
 * fields that were sent are updated and the outcome history is kept. All or nothing.
 */
export async function retakeParticipant(
  db: Db,
  scope: ParticipantScope,
  input: RetakeParticipantInput,
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
        return viewOrFail(tx, participant.id);
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

/**
 * Erases a participant's personal data. The row stays as an anonymised tombstone (so results stay countable):
 * contact fields are cleared, the IRN is replaced by a value that identifies no one and no longer blocks its
 * reuse, the attempts' access codes and guide tokens stop working, and queued webhook payloads lose the IRN
 * and access code (pending ones are cancelled).
 */
export async function eraseParticipant(
  db: Db,
  scope: ParticipantScope,
  participantId: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const participant = await resolveParticipant(tx, scope, participantId);
    const erasedAt = new Date();
    await tx.participant.update({
      where: { id: participant.id },
      data: {
        irn: `erased:${participant.id}`,
        phoneNumber1: null,
        phoneNumber2: null,
        externalRefId: null,
        email: null,
        language: null,
        erasedAt,
      },
    });
    const attempts = await tx.attempt.findMany({
      where: { participantId: participant.id },
      select: { id: true },
    });
    for (const { id } of attempts) {
      await tx.attempt.update({
        where: { id },
        data: { accessCode: `erased:${id}`, guideToken: `erased:${id}` },
      });
    }
    const deliveries = await tx.webhookDelivery.findMany({
      where: { participantId: participant.id },
      select: { id: true, payload: true, status: true },
    });
    for (const delivery of deliveries) {
      const payload = delivery.payload as Record<string, unknown>;
      await tx.webhookDelivery.update({
        where: { id: delivery.id },
        data: {
          payload: { ...payload, interview_ref_num: '', access_code: '' },
          ...(delivery.status === 'pending' ? { status: 'cancelled', lastError: 'participant erased' } : {}),
        },
      });
    }
  });
}

export interface ParticipantGuide {
  questionnaireName: string;
  accessCode: string;
  phoneNumber: string | null;
  instructions: string | null;
  /** The language the instructions are in. */
  instructionsLanguage: string;
  /** False when a retake has replaced this attempt's code and link. */
  isCurrent: boolean;
}

function pickGuideText(
  guideTexts: unknown,
  language: string | null,
): { text: string | null; language: string } {
  const texts =
    guideTexts && typeof guideTexts === 'object' && !Array.isArray(guideTexts)
      ? Object.entries(guideTexts as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
        )
      : [];
  const find = (name: string) =>
    texts.find(([key]) => key.trim().toLowerCase() === name.trim().toLowerCase());
  const match = (language && find(language)) || find('English');
  return match ? { text: match[1], language: match[0] } : { text: null, language: 'English' };
}

/** What the public guide page /guide/{token} shows; null for an unknown (or erased) token. */
export async function getParticipantGuide(db: Db, guideToken: string): Promise<ParticipantGuide | null> {
  if (!guideToken || guideToken.length > 100 || guideToken.startsWith('erased:')) return null;
  const attempt = await db.attempt.findUnique({
    where: { guideToken },
    include: {
      participant: {
        select: {
          erasedAt: true,
          language: true,
          attempts: { orderBy: { number: 'desc' }, take: 1, select: { id: true } },
          questionnaire: { select: { name: true, phoneNumber: true, guideTexts: true } },
        },
      },
    },
  });
  if (!attempt || attempt.participant.erasedAt) return null;
  const { questionnaire } = attempt.participant;
  const instructions = pickGuideText(questionnaire.guideTexts, attempt.participant.language);
  return {
    questionnaireName: questionnaire.name,
    accessCode: attempt.accessCode,
    phoneNumber: questionnaire.phoneNumber,
    instructions: instructions.text,
    instructionsLanguage: instructions.language,
    isCurrent: attempt.participant.attempts[0]?.id === attempt.id,
  };
}
