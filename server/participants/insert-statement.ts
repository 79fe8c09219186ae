// The statement that creates participants: one participant (the REST create) or a chunk of one questionnaire's
// (the CSV import), each with its first attempt and its audit entry, and the reads their call gates need, in
// one round trip. Kept apart from the rules that call it so the benchmark's floor server can run it alone.
import { Prisma, type Attempt, type Participant } from '@/server/generated/prisma/client.ts';
import { auditInsertFrom, type AuditEntry } from '@/server/audit/audit-log';
import { blockablePhoneNumbers } from '@/server/participants/call-gate';

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
