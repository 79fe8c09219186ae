// The Admin participants table: search, filters, sorting and keyset pagination over one questionnaire's
// participants, built to stay fast at a million rows.
//
// Every page is one indexed range scan: the sort key and the id continue from the last row of the previous
// page (a cursor), so page 1,000 costs the same as page 1 and rows added meanwhile never shift the pages.
// Search is a prefix match on IRN, email and external reference (btree text_pattern_ops indexes serve
// LIKE 'abc%' in any collation) and an exact match on either phone number in E.164.
import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '@/server/db/client';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/lib/errors';
import { toE164 } from '@/server/lib/phone';
import { blockablePhoneNumbers } from '@/server/services/participants';

/** Filter value meaning "has none" (no outcome yet, no result yet). */
export const NONE = '__none__';

export const participantFilterSchema = z.object({
  search: z.string().trim().max(200, { error: 'Search for at most 200 characters' }).default(''),
  searchField: z.enum(['any', 'irn', 'email', 'externalRef', 'phone']).default('any'),
  allowed: z.enum(['all', 'allowed', 'disallowed']).default('all'),
  /** An outcome code, NONE for participants without one, or '' for any. */
  outcome: z.string().trim().max(100).default(''),
  /** A result status, NONE for participants without a result, or '' for any. */
  resultStatus: z.string().trim().max(100).default(''),
  sort: z.enum(['createdAt', 'irn']).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type ParticipantFilter = z.infer<typeof participantFilterSchema>;

export const participantPageSchema = participantFilterSchema.extend({
  cursor: z.string().max(1_000).nullish(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ParticipantPageQuery = z.infer<typeof participantPageSchema>;

export type DisallowedReason = 'blocked_number' | 'attempt_limit';

export interface ParticipantRow {
  id: string;
  irn: string;
  email: string | null;
  externalRefId: string | null;
  phoneNumber1: string | null;
  phoneNumber2: string | null;
  language: string | null;
  outcome: string | null;
  outcomeTs: Date | null;
  createdAt: Date;
  erased: boolean;
  attempts: number;
  resultStatus: string | null;
  isAllowed: boolean;
  disallowedReason: DisallowedReason | null;
}

export interface ParticipantPage {
  rows: ParticipantRow[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

interface Cursor {
  sort: ParticipantFilter['sort'];
  direction: ParticipantFilter['direction'];
  value: string;
  id: string;
}

const cursorSchema = z.object({
  sort: z.enum(['createdAt', 'irn']),
  direction: z.enum(['asc', 'desc']),
  value: z.string(),
  id: z.uuid(),
});

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

function decodeCursor(text: string, filter: ParticipantFilter): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success || cursor.data.sort !== filter.sort || cursor.data.direction !== filter.direction) {
    throw new AppError(
      'BAD_REQUEST',
      'This page position is no longer valid: start again from the first page',
    );
  }
  return cursor.data;
}

/** LIKE pattern matching values that start with `text` (its own % _ and \ taken literally). */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(filter: ParticipantFilter, country: CountryCode): Prisma.Sql {
  const text = filter.search;
  if (!text) return Prisma.sql`TRUE`;
  const prefix = prefixPattern(text);
  const irn = Prisma.sql`p.irn LIKE ${prefix}`;
  const email =
    text.toLowerCase() === text
      ? Prisma.sql`p.email LIKE ${prefix}`
      : Prisma.sql`(p.email LIKE ${prefix} OR p.email LIKE ${prefixPattern(text.toLowerCase())})`;
  const externalRef = Prisma.sql`p.external_ref_id LIKE ${prefix}`;
  const e164 = toE164(text, country);
  const phone = e164
    ? Prisma.sql`(p.phone_number1 = ${e164} OR p.phone_number2 = ${e164})`
    : /^\+?[\d\s().-]+$/.test(text)
      ? Prisma.sql`(p.phone_number1 LIKE ${prefixPattern(text.replace(/[\s().-]/g, ''))} OR p.phone_number2 LIKE ${prefixPattern(text.replace(/[\s().-]/g, ''))})`
      : Prisma.sql`FALSE`;
  switch (filter.searchField) {
    case 'irn':
      return irn;
    case 'email':
      return email;
    case 'externalRef':
      return externalRef;
    case 'phone':
      return phone;
    default:
      return Prisma.sql`(${irn} OR ${email} OR ${externalRef} OR ${phone})`;
  }
}

// A participant is not allowed when either phone number is on the questionnaire's block list, or when they
// have used more attempts than the questionnaire's attempt limit (participants.ts, isParticipantAllowed).
// Phone numbers are stored as the customer sent them; in SQL a stored number matches a blocked one when it
// is the same after dropping spaces, dots, dashes and brackets, which covers every number sent in
// international form. Attempt numbers run 1, 2, … so "an attempt numbered above the limit exists" is "more
// attempts than the limit", and it is one index probe.
type Alias = 'p' | 'page';

const SEPARATORS = ' ().-';

const blockedNumberExpr = (alias: Alias) => {
  const p = Prisma.raw(alias);
  return Prisma.sql`EXISTS (
    SELECT 1 FROM blocked_phone_number b
    WHERE b.questionnaire_id = ${p}.questionnaire_id
      AND b.phone_number IN (translate(${p}.phone_number1, ${SEPARATORS}, ''),
                             translate(${p}.phone_number2, ${SEPARATORS}, '')))`;
};

const overLimitExpr = (alias: Alias, attemptLimit: number | null) =>
  attemptLimit === null
    ? Prisma.sql`FALSE`
    : Prisma.sql`EXISTS (
        SELECT 1 FROM attempt a WHERE a.participant_id = ${Prisma.raw(alias)}.id AND a.number > ${attemptLimit})`;

// The status of the result of the participant's latest attempt that has one.
const latestResultStatusExpr = (alias: Alias) => Prisma.sql`(
  SELECT r.status FROM result r JOIN attempt a ON a.id = r.attempt_id
  WHERE r.participant_id = ${Prisma.raw(alias)}.id ORDER BY a.number DESC LIMIT 1)`;

function filterConditions(filter: ParticipantFilter, attemptLimit: number | null, country: CountryCode) {
  const conditions = [searchCondition(filter, country)];
  if (filter.allowed !== 'all') {
    const disallowed = Prisma.sql`(${blockedNumberExpr('p')} OR ${overLimitExpr('p', attemptLimit)})`;
    conditions.push(filter.allowed === 'disallowed' ? disallowed : Prisma.sql`NOT ${disallowed}`);
  }
  if (filter.outcome === NONE) conditions.push(Prisma.sql`p.outcome IS NULL`);
  else if (filter.outcome) conditions.push(Prisma.sql`p.outcome = ${filter.outcome}`);
  if (filter.resultStatus === NONE) {
    conditions.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM result r WHERE r.participant_id = p.id)`);
  } else if (filter.resultStatus) {
    conditions.push(Prisma.sql`${latestResultStatusExpr('p')} = ${filter.resultStatus}`);
    // Lets the planner start from the (usually few) participants holding any result of this status.
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM result r WHERE r.participant_id = p.id AND r.status = ${filter.resultStatus})`,
    );
  }
  return conditions;
}

function keysetCondition(filter: ParticipantFilter, cursor: Cursor | null): Prisma.Sql {
  if (!cursor) return Prisma.sql`TRUE`;
  const after = filter.direction === 'asc';
  if (filter.sort === 'irn') {
    // IRNs are unique within a questionnaire, so the IRN alone fixes the position.
    return after ? Prisma.sql`p.irn > ${cursor.value}` : Prisma.sql`p.irn < ${cursor.value}`;
  }
  const at = new Date(cursor.value);
  if (Number.isNaN(at.getTime())) {
    throw new AppError(
      'BAD_REQUEST',
      'This page position is no longer valid: start again from the first page',
    );
  }
  return after
    ? Prisma.sql`(p.created_at, p.id) > (${at}::timestamptz, ${cursor.id}::uuid)`
    : Prisma.sql`(p.created_at, p.id) < (${at}::timestamptz, ${cursor.id}::uuid)`;
}

function orderBy(filter: ParticipantFilter, alias: 'p' | 'page'): Prisma.Sql {
  const dir = filter.direction === 'asc' ? 'ASC' : 'DESC';
  return Prisma.raw(
    filter.sort === 'irn' ? `${alias}.irn ${dir}` : `${alias}.created_at ${dir}, ${alias}.id ${dir}`,
  );
}

interface RawRow {
  id: string;
  irn: string;
  email: string | null;
  external_ref_id: string | null;
  phone_number1: string | null;
  phone_number2: string | null;
  language: string | null;
  outcome: string | null;
  outcome_ts: Date | null;
  created_at: Date;
  erased_at: Date | null;
  attempts: number;
  result_status: string | null;
}

async function questionnaireAttemptLimit(db: Db, questionnaireId: string): Promise<number | null> {
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: questionnaireId },
    select: { attemptLimit: true },
  });
  if (!questionnaire) throw new AppError('NOT_FOUND', 'Questionnaire not found');
  return questionnaire.attemptLimit;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** One page of the questionnaire's participants matching the filter. */
export async function searchParticipants(
  db: Db,
  questionnaireId: string,
  query: ParticipantPageQuery,
  country: CountryCode,
): Promise<ParticipantPage> {
  const attemptLimit = await questionnaireAttemptLimit(db, questionnaireId);
  const cursor = query.cursor ? decodeCursor(query.cursor, query) : null;
  const conditions = [
    Prisma.sql`p.questionnaire_id = ${questionnaireId}::uuid`,
    ...filterConditions(query, attemptLimit, country),
    keysetCondition(query, cursor),
  ];
  // The page is chosen first; the per-row facts (attempts, latest result, allowed) are then worked out for
  // its rows only.
  const raw = await db.$queryRaw<RawRow[]>`
    SELECT page.*,
      (SELECT count(*)::int FROM attempt a WHERE a.participant_id = page.id) AS attempts,
      ${latestResultStatusExpr('page')} AS result_status
    FROM (
      SELECT p.id, p.questionnaire_id, p.irn, p.email, p.external_ref_id, p.phone_number1, p.phone_number2,
        p.language, p.outcome, p.outcome_ts, p.created_at, p.erased_at
      FROM participant p
      WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY ${orderBy(query, 'p')}
      LIMIT ${query.limit + 1}
    ) page
    ORDER BY ${orderBy(query, 'page')}`;
  const hasMore = raw.length > query.limit;
  const rows = await withAllowedState(db, questionnaireId, attemptLimit, raw.slice(0, query.limit));
  const last = rows.at(-1);
  return {
    rows,
    nextCursor:
      hasMore && last
        ? encodeCursor({
            sort: query.sort,
            direction: query.direction,
            value: query.sort === 'irn' ? last.irn : last.createdAt.toISOString(),
            id: last.id,
          })
        : null,
  };
}

/**
 * The allowed state of each row by the very rule of the REST door (isParticipantAllowed in participants.ts:
 * its phone numbers read with libphonenumber, its attempt count against the limit), for a page at once.
 */
async function withAllowedState(
  db: Db,
  questionnaireId: string,
  attemptLimit: number | null,
  raw: RawRow[],
): Promise<ParticipantRow[]> {
  const numbersOf = raw.map((r) =>
    blockablePhoneNumbers({ phoneNumber1: r.phone_number1, phoneNumber2: r.phone_number2 }),
  );
  const candidates = [...new Set(numbersOf.flat())];
  const blocked = new Set(
    candidates.length
      ? (
          await db.blockedPhoneNumber.findMany({
            where: { questionnaireId, phoneNumber: { in: candidates } },
            select: { phoneNumber: true },
          })
        ).map((b) => b.phoneNumber)
      : [],
  );
  return raw.map((r, i) => {
    const attempts = Number(r.attempts);
    const disallowedReason: DisallowedReason | null =
      attemptLimit !== null && attempts > attemptLimit
        ? 'attempt_limit'
        : numbersOf[i]?.some((n) => blocked.has(n))
          ? 'blocked_number'
          : null;
    return {
      id: r.id,
      irn: r.irn,
      email: r.email,
      externalRefId: r.external_ref_id,
      phoneNumber1: r.phone_number1,
      phoneNumber2: r.phone_number2,
      language: r.language,
      outcome: r.outcome,
      outcomeTs: r.outcome_ts ? asDate(r.outcome_ts) : null,
      createdAt: asDate(r.created_at),
      erased: r.erased_at !== null,
      attempts,
      resultStatus: r.result_status,
      isAllowed: disallowedReason === null,
      disallowedReason,
    };
  });
}

export const COUNT_CAP = 10_000;

/** How many participants match, counted up to COUNT_CAP (a full count of a million rows is not worth it). */
export async function countParticipants(
  db: Db,
  questionnaireId: string,
  filter: ParticipantFilter,
  country: CountryCode,
): Promise<{ count: number; capped: boolean }> {
  const attemptLimit = await questionnaireAttemptLimit(db, questionnaireId);
  const conditions = [
    Prisma.sql`p.questionnaire_id = ${questionnaireId}::uuid`,
    ...filterConditions(filter, attemptLimit, country),
  ];
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM participant p WHERE ${Prisma.join(conditions, ' AND ')} LIMIT ${COUNT_CAP + 1}
    ) matched`;
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}

/** Every matching participant, page by page (for the CSV export). */
export async function* allParticipants(
  db: Db,
  questionnaireId: string,
  filter: ParticipantFilter,
  country: CountryCode,
  pageSize = 1_000,
): AsyncGenerator<ParticipantRow[]> {
  let cursor: string | null = null;
  do {
    const page: ParticipantPage = await searchParticipants(
      db,
      questionnaireId,
      { ...filter, cursor, limit: pageSize },
      country,
    );
    if (page.rows.length) yield page.rows;
    cursor = page.nextCursor;
  } while (cursor);
}

/** Outcome codes in use in the questionnaire and result statuses in use anywhere, for the filter menus. */
export async function participantFilterOptions(
  db: Db,
  questionnaireId: string,
): Promise<{ outcomes: string[]; resultStatuses: string[] }> {
  // Skip scans: one index probe per distinct value instead of reading every row.
  const outcomes = await db.$queryRaw<{ value: string | null }[]>`
    WITH RECURSIVE found(value) AS (
      (SELECT outcome FROM participant
        WHERE questionnaire_id = ${questionnaireId}::uuid AND outcome IS NOT NULL ORDER BY outcome LIMIT 1)
      UNION ALL
      SELECT (SELECT outcome FROM participant
        WHERE questionnaire_id = ${questionnaireId}::uuid AND outcome > found.value ORDER BY outcome LIMIT 1)
      FROM found WHERE found.value IS NOT NULL
    )
    SELECT value FROM found WHERE value IS NOT NULL LIMIT 100`;
  // Statuses are the assessment engine's vocabulary, shared by every questionnaire.
  const statuses = await db.$queryRaw<{ value: string | null }[]>`
    WITH RECURSIVE found(value) AS (
      (SELECT status FROM result ORDER BY status LIMIT 1)
      UNION ALL
      SELECT (SELECT status FROM result WHERE status > found.value ORDER BY status LIMIT 1)
      FROM found WHERE found.value IS NOT NULL
    )
    SELECT value FROM found WHERE value IS NOT NULL LIMIT 100`;
  const values = (rows: { value: string | null }[]) =>
    rows.flatMap((r) => (r.value === null ? [] : [r.value]));
  return { outcomes: values(outcomes), resultStatuses: values(statuses) };
}
