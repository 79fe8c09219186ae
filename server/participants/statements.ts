// The participants domain's raw SQL: the statements Prisma's query API cannot make one round trip of (the
// create, the outcome, the Admin list's page), built from ONE description of the participant and attempt tables.
// A column added to prisma/schema.prisma is a tsc error in PARTICIPANT_COLUMNS (or ATTEMPT_COLUMNS) until it is
// described; from there every statement below writes and reads it, unless the statement's list of deliberate
// omissions names it. statements.test.ts compares the descriptions and every statement's columns with the
// migrated database (PGlite and PostgreSQL).
//
// Why not Prisma's TypedSQL (`prisma generate --sql`, tried with Prisma 7.10): it types a query by asking the
// native schema-engine binary to describe it against a live database (its `introspectSql` call), and that
// binary cannot be downloaded here (binaries.prisma.sh is unreachable; this repository migrates with the
// WebAssembly schema engine instead, server/platform/db/migrations/). The WebAssembly engine has the same call,
// but it overflows its stack on any query, even `SELECT 1`, and the prisma CLI would not use it anyway. It would
// not fit these statements either: TypedSQL types fixed .sql files run through Prisma's client, while the
// create is assembled per call (one VALUES row per participant of an import chunk, one audit CTE each) and runs
// on the pg pool directly (server/platform/db/direct-statement.ts).
import { Prisma, type Attempt, type Participant } from '@/server/generated/prisma/client.ts';
import { Table, type RowOf, type TableColumns } from '@/server/platform/db/table-columns';
import { auditInsertFrom, type AuditEntry } from '@/server/audit/audit-log';
import { blockablePhoneNumbers } from '@/server/participants/call-gate';

/**
 * The participant table, field by field: its column, the column's type, and whether the field is one of the
 * optional details a participant is created with (the CSV import's columns besides the IRN, personal data that
 * erasure clears).
 */
const PARTICIPANT_COLUMNS = {
  id: { name: 'id', type: 'uuid', detail: false },
  questionnaireId: { name: 'questionnaire_id', type: 'uuid', detail: false },
  irn: { name: 'irn', type: 'text', detail: false },
  irnNfkcExempt: { name: 'irn_nfkc_exempt', type: 'boolean', detail: false },
  phoneNumber1: { name: 'phone_number1', type: 'text', detail: true },
  phoneNumber2: { name: 'phone_number2', type: 'text', detail: true },
  externalRefId: { name: 'external_ref_id', type: 'text', detail: true },
  email: { name: 'email', type: 'text', detail: true },
  language: { name: 'language', type: 'text', detail: true },
  outcome: { name: 'outcome', type: 'text', detail: false },
  outcomeTs: { name: 'outcome_ts', type: 'timestamptz', detail: false },
  createdAt: { name: 'created_at', type: 'timestamptz', detail: false },
  updatedAt: { name: 'updated_at', type: 'timestamptz', detail: false },
  erasedAt: { name: 'erased_at', type: 'timestamptz', detail: false },
} as const satisfies TableColumns<Participant> & { readonly [F in keyof Participant]: { detail: boolean } };

/** The attempt table, field by field. */
const ATTEMPT_COLUMNS = {
  id: { name: 'id', type: 'uuid' },
  participantId: { name: 'participant_id', type: 'uuid' },
  number: { name: 'number', type: 'int' },
  accessCode: { name: 'access_code', type: 'text' },
  guideToken: { name: 'guide_token', type: 'text' },
  createdAt: { name: 'created_at', type: 'timestamptz' },
  startedAt: { name: 'started_at', type: 'timestamptz' },
  completedAt: { name: 'completed_at', type: 'timestamptz' },
} as const satisfies TableColumns<Attempt>;

type ParticipantColumns = typeof PARTICIPANT_COLUMNS;
type AttemptColumns = typeof ATTEMPT_COLUMNS;

export const PARTICIPANT = new Table<Participant, ParticipantColumns>('participant', PARTICIPANT_COLUMNS);
export const ATTEMPT = new Table<Attempt, AttemptColumns>('attempt', ATTEMPT_COLUMNS);

/** A participant's optional details (phone numbers, external reference, email, language). */
export type ParticipantDetailField = {
  [F in keyof ParticipantColumns]: ParticipantColumns[F]['detail'] extends true ? F : never;
}[keyof ParticipantColumns];

/** The optional details, in the description's order. */
export const PARTICIPANT_DETAIL_FIELDS = PARTICIPANT.fields.filter(
  (field): field is ParticipantDetailField => PARTICIPANT_COLUMNS[field].detail,
);

/** A participant's details as database columns, the way raw statements read and write them. */
type ParticipantDetailColumns = RowOf<Participant, ParticipantColumns, ParticipantDetailField>;

/** Every detail cleared (erasure: the details are the participant's personal data besides the IRN). */
export const NO_DETAILS = Object.fromEntries(PARTICIPANT_DETAIL_FIELDS.map((field) => [field, null])) as {
  readonly [F in ParticipantDetailField]: null;
};

/** Details in the service's names, as columns (a detail not given is null). */
export function detailColumnsOf(details: {
  readonly [F in ParticipantDetailField]?: string | null;
}): ParticipantDetailColumns {
  const columns = {} as Record<string, string | null>;
  for (const field of PARTICIPANT_DETAIL_FIELDS) columns[PARTICIPANT.column(field)] = details[field] ?? null;
  return columns as ParticipantDetailColumns;
}

/** Stored details (null for none) as the create's input fields (undefined for none). */
export function detailFieldsOf(record: Pick<Participant, ParticipantDetailField>): {
  [F in ParticipantDetailField]?: string;
} {
  const fields: { [F in ParticipantDetailField]?: string } = {};
  for (const field of PARTICIPANT_DETAIL_FIELDS) fields[field] = record[field] ?? undefined;
  return fields;
}

// ---------------------------------------------------------------------------------------------------------------
// The create: participants with their first attempt and audit entry, in one statement.

/**
 * The columns a new participant leaves to their defaults, each for its reason; the create writes every other
 * column of the description.
 */
export const CREATE_OMITS = [
  // false: only participants whose IRN predates the NFKC rule are exempt (migration irn_nfkc_unique).
  'irnNfkcExempt',
  // No outcome until one is recorded (PUT /v1/participant/{id}).
  'outcome',
  'outcomeTs',
  // Not erased.
  'erasedAt',
] as const;
/** A first attempt is neither started nor completed. */
export const FIRST_ATTEMPT_OMITS = ['startedAt', 'completedAt'] as const;

const CREATED_PARTICIPANT_FIELDS = PARTICIPANT.fieldsExcept(CREATE_OMITS);
const FIRST_ATTEMPT_FIELDS = ATTEMPT.fieldsExcept(FIRST_ATTEMPT_OMITS);
// Put together once: the create is the busiest statement.
const createdParticipantColumns = PARTICIPANT.columnList(CREATED_PARTICIPANT_FIELDS);
const participantValues = PARTICIPANT.parameterRow(CREATED_PARTICIPANT_FIELDS);
const firstAttemptColumns = ATTEMPT.columnList(FIRST_ATTEMPT_FIELDS);
const firstAttemptColumnsOfA = ATTEMPT.columnList(FIRST_ATTEMPT_FIELDS, { alias: 'a' });
const attemptValues = ATTEMPT.parameterRow(FIRST_ATTEMPT_FIELDS);
const firstAttemptSelectList = ATTEMPT.parameterRow(FIRST_ATTEMPT_FIELDS, { parenthesised: false });

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
  const attempts = single
    ? Prisma.sql`SELECT ${firstAttemptSelectList(rows[0]!.attempt)} FROM inserted`
    : Prisma.sql`SELECT ${firstAttemptColumnsOfA}
      FROM (VALUES ${Prisma.join(rows.map(({ attempt }) => attemptValues(attempt)))})
        AS a(${firstAttemptColumns})
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
      INSERT INTO participant (${createdParticipantColumns})
      VALUES ${Prisma.join(rows.map(({ participant }) => participantValues(participant)))}
      ON CONFLICT DO NOTHING
      RETURNING id
    ), first_attempt AS (
      INSERT INTO attempt (${firstAttemptColumns})
      ${attempts}
    )${Prisma.join(audits, '')}
    SELECT ARRAY(SELECT id::text FROM inserted) AS created_ids,
           (SELECT attempt_limit FROM questionnaire WHERE id = ${questionnaireId}::uuid) AS attempt_limit,
           ${blocked} AS blocked_numbers`;
}

// ---------------------------------------------------------------------------------------------------------------
// The outcome: the row update, the history event, the audit entry and the record's reads, in one statement.

/** The record is read back whole: every participant column, and every column of the current attempt. */
const ATTEMPT_PREFIX = 'attempt_';
const participantColumns = PARTICIPANT.columnList(PARTICIPANT.fields);
const participantColumnsOfU = PARTICIPANT.columnList(PARTICIPANT.fields, { alias: 'u' });
const attemptColumnsOfA = ATTEMPT.columnList(ATTEMPT.fields, { alias: 'a', prefix: ATTEMPT_PREFIX });

/** A row of outcomeStatement: the participant, its current attempt (prefixed), the call-gate figures. */
export type OutcomeRow = RowOf<Participant, ParticipantColumns> &
  Omit<RowOf<Attempt, AttemptColumns, keyof Attempt, typeof ATTEMPT_PREFIX>, 'attempt_id'> & {
    /** Null only for a participant without an attempt, which the create never leaves. */
    attempt_id: string | null;
    attempt_count: number;
    attempt_limit: number | null;
  };

/**
 * The one statement behind updateParticipantOutcome: updates the participant (of the questionnaire, not
 * erased), appends the outcome event and the audit entry, and reads the participant, its current attempt, the
 * attempt count and the attempt limit. No row when the participant is not the questionnaire's to change, or the
 * questionnaire is gone (a deletion whose cascade has not reached the participant yet); then nothing is written.
 */
export function outcomeStatement(
  questionnaireId: string,
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
      WHERE id = ${participantId}::uuid AND questionnaire_id = ${questionnaireId}::uuid AND erased_at IS NULL
        AND EXISTS (SELECT 1 FROM questionnaire WHERE id = ${questionnaireId}::uuid)
      RETURNING ${participantColumns}
    ), event AS (
      INSERT INTO outcome_event (id, participant_id, outcome, outcome_ts, recorded_at, api_key_id)
      SELECT gen_random_uuid(), id, ${change.outcome}, ${change.outcomeTs}::timestamptz, ${now}::timestamptz,
             ${change.apiKeyId}::uuid
      FROM updated
    ), audit AS (${auditInsertFrom(change.audit, Prisma.sql`updated`)})
    SELECT ${participantColumnsOfU},
           ${attemptColumnsOfA},
           (SELECT count(*) FROM attempt WHERE participant_id = u.id)::int AS attempt_count,
           (SELECT attempt_limit FROM questionnaire WHERE id = u.questionnaire_id) AS attempt_limit
    FROM updated u
    LEFT JOIN LATERAL (
      SELECT * FROM attempt WHERE participant_id = u.id ORDER BY number DESC LIMIT 1
    ) a ON true`;
}

/** The participant and its current attempt of an outcomeStatement row; null for one without an attempt. */
export function outcomeRecords(
  row: OutcomeRow,
): { participant: Participant; currentAttempt: Attempt } | null {
  if (row.attempt_id === null) return null;
  return {
    participant: PARTICIPANT.recordOf(PARTICIPANT.fields, row),
    currentAttempt: ATTEMPT.recordOf(
      ATTEMPT.fields,
      row as OutcomeRow & { attempt_id: string },
      ATTEMPT_PREFIX,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The Admin participants list (search.ts builds its conditions and sort order; these are its statements).

/** The columns the list leaves out: it shows neither. */
export const LIST_OMITS = [
  // Only the unique indexes care.
  'irnNfkcExempt',
  // The list shows when a participant was created, not when it last changed.
  'updatedAt',
] as const;
const LIST_FIELDS = PARTICIPANT.fieldsExcept(LIST_OMITS);
const listColumnsOfP = PARTICIPANT.columnList(LIST_FIELDS, { alias: 'p' });

/** A row of participantPageStatement. */
export type ParticipantPageRow = RowOf<Participant, ParticipantColumns, (typeof LIST_FIELDS)[number]> & {
  attempts: number;
  result_status: string | null;
};

/**
 * One page of the list: the page's participants are chosen first (`conditions`, sorted by `order` and read
 * from `offset`, one more than `limit` to tell whether another page follows), then the per-row facts (attempts,
 * latest result status) are worked out for its rows only, which are answered in `pageOrder`.
 */
export function participantPageStatement(page: {
  conditions: Prisma.Sql[];
  order: Prisma.Sql;
  pageOrder: Prisma.Sql;
  limit: number;
  offset: number;
}): Prisma.Sql {
  return Prisma.sql`
    SELECT page.*,
      (SELECT count(*)::int FROM attempt a WHERE a.participant_id = page.id) AS attempts,
      (SELECT r.status FROM result r JOIN attempt a ON a.id = r.attempt_id
        WHERE r.participant_id = page.id ORDER BY a.number DESC LIMIT 1) AS result_status
    FROM (
      SELECT ${listColumnsOfP}
      FROM participant p
      WHERE ${Prisma.join(page.conditions, ' AND ')}
      ORDER BY ${page.order}
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    ) page
    ORDER BY ${page.pageOrder}`;
}

/** How many participants match `conditions`, counted up to `cap` + 1 (`n`). */
export const countStatement = (conditions: Prisma.Sql[], cap: number): Prisma.Sql => Prisma.sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM participant p WHERE ${Prisma.join(conditions, ' AND ')} LIMIT ${cap + 1}
    ) matched`;

/** The ids (`id`) the candidate queries yield, at most `cap` + 1 of them. */
export const candidateIdsStatement = (candidates: Prisma.Sql[], cap: number): Prisma.Sql => Prisma.sql`
    SELECT id FROM (${Prisma.join(candidates, ' UNION ALL ')}) AS candidate LIMIT ${cap + 1}`;

/**
 * The outcome codes in use in the questionnaire (`value`, at most 100), by a skip scan: one index probe per
 * distinct value instead of reading every row.
 */
export const outcomesInUseStatement = (questionnaireId: string): Prisma.Sql => Prisma.sql`
    WITH RECURSIVE found(value) AS (
      (SELECT outcome FROM participant
        WHERE questionnaire_id = ${questionnaireId}::uuid AND outcome IS NOT NULL ORDER BY outcome LIMIT 1)
      UNION ALL
      SELECT (SELECT outcome FROM participant
        WHERE questionnaire_id = ${questionnaireId}::uuid AND outcome > found.value ORDER BY outcome LIMIT 1)
      FROM found WHERE found.value IS NOT NULL
    )
    SELECT value FROM found WHERE value IS NOT NULL LIMIT 100`;

/**
 * The result statuses in use anywhere (`value`, at most 100; they are the assessment engine's vocabulary,
 * shared by every questionnaire), by the same skip scan.
 */
export const resultStatusesInUseStatement = Prisma.sql`
    WITH RECURSIVE found(value) AS (
      (SELECT status FROM result ORDER BY status LIMIT 1)
      UNION ALL
      SELECT (SELECT status FROM result WHERE status > found.value ORDER BY status LIMIT 1)
      FROM found WHERE found.value IS NOT NULL
    )
    SELECT value FROM found WHERE value IS NOT NULL LIMIT 100`;
