// The Admin participants table: search, filters, sorting and keyset pagination over one questionnaire's
// participants, built to stay fast at a million rows.
//
// Every page is one indexed range scan: the sort key and the id continue from the last row of the previous
// page (a cursor), so page 1,000 costs the same as page 1 and rows added meanwhile never shift the pages.
// Search finds text anywhere inside the IRN, email and external reference and digits anywhere
// inside either phone number, through one trigram index (migration admin_search_and_form_submissions);
// shorter searches match the start of a field through the prefix indexes (participant_search_indexes), and a
// full phone number matches however it was written.
import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '@/server/platform/db/client';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { deploymentCountry, toE164 } from '@/server/platform/lib/phone';
import {
  blockablePhoneNumbers,
  callGateVerdict,
  type DisallowedReason,
} from '@/server/participants/call-gate';
import {
  candidateIdsStatement,
  countStatement,
  outcomesInUseStatement,
  participantPageStatement,
  resultStatusesInUseStatement,
  type ParticipantPageRow,
} from '@/server/participants/statements';

/** The list counts matches up to this many (a full count of a million rows is not worth it). */
const COUNT_CAP = 10_000;

const STALE_PAGE_POSITION = 'This page position is no longer valid: start again from the first page';

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
  /**
   * Without a cursor: jump to this page (1-based). Only pages within the first COUNT_CAP matches (the part
   * of the list that is counted), so a jump never reads more than that many rows.
   */
  page: z.number().int().min(1).max(COUNT_CAP).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ParticipantPageQuery = z.infer<typeof participantPageSchema>;

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
  /** Pass back as `cursor` for the previous page; null on the first page. */
  prevCursor: string | null;
}

interface Cursor {
  sort: ParticipantFilter['sort'];
  direction: ParticipantFilter['direction'];
  value: string;
  id: string;
  /** The page ends just before this row (going back); otherwise it starts just after it. */
  before?: boolean;
}

const cursorSchema = z.object({
  sort: z.enum(['createdAt', 'irn']),
  direction: z.enum(['asc', 'desc']),
  value: z.string(),
  id: z.uuid(),
  before: z.boolean().optional(),
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
    throw new AppError('BAD_REQUEST', STALE_PAGE_POSITION);
  }
  return cursor.data;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** LIKE pattern matching values that start with `text` (its own % _ and \ taken literally). */
const prefixPattern = (text: string) => `${escapeLike(text)}%`;
/** LIKE pattern matching values that contain `text`. */
const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * A trigram index needs three characters to narrow the search: from this length on, a search matches
 * anywhere inside a field; shorter ones match the start of a field (the Admin page says so).
 */
const SUBSTRING_SEARCH_MIN = 3;

type Alias = 'p' | 'p2' | 'page';

// Phone numbers are stored as the customer sent them ("+44 20 7946 0958", "(415) 555-0132"). SQL compares
// them without separators; expression indexes on exactly these expressions (see the migration
// participant_search_indexes) make that comparison an index lookup.
const PHONE_SEPARATORS = ' ().-/';
const STRIP = (text: string) => text.replace(/[ ().\-/]/g, '');
const phoneColumn = (alias: Alias, column: 'phone_number1' | 'phone_number2') =>
  Prisma.raw(`translate(${alias}.${column}, '${PHONE_SEPARATORS}', '')`);

/**
 * Everything the search box looks in, as one text: the expression of the trigram index
 * participant_search_trgm_idx, character for character (the planner uses the index only for this very
 * expression). Fields are joined by a line break, which a search box cannot send.
 */
const searchHaystack = (alias: Alias) =>
  Prisma.raw(
    `(lower(coalesce(${alias}.irn, '') || chr(10) || coalesce(${alias}.email, '') || chr(10) || coalesce(${alias}.external_ref_id, ''))` +
      ` || chr(10) || translate(coalesce(${alias}.phone_number1, ''), '${PHONE_SEPARATORS}', '')` +
      ` || chr(10) || translate(coalesce(${alias}.phone_number2, ''), '${PHONE_SEPARATORS}', ''))`,
  );

/**
 * Every separator-free way a stored number could spell these E.164 numbers: international
 * (+442079460958), national with trunk prefix (02079460958), digits only (442079460958) and with the
 * international dialling prefix (00442079460958). libphonenumber reads each of them back as the same number.
 */
function phoneMatchForms(numbers: string[]): string[] {
  const forms = new Set<string>();
  for (const e164 of numbers) {
    const parsed = parsePhoneNumberFromString(e164);
    if (!parsed) continue;
    const digits = e164.slice(1);
    forms.add(e164);
    forms.add(digits);
    forms.add(`00${digits}`);
    forms.add(STRIP(parsed.formatNational()));
    if (parsed.countryCallingCode === '1') forms.add(`011${digits}`);
  }
  return [...forms];
}

/** The questionnaire's block list, as the forms a stored phone number may take. */
async function blockedForms(db: Db, questionnaireId: string): Promise<string[]> {
  const blocked = await db.blockedPhoneNumber.findMany({
    where: { questionnaireId },
    select: { phoneNumber: true },
  });
  return phoneMatchForms(blocked.map((b) => b.phoneNumber));
}

/**
 * The condition that `column` matches the search: anywhere inside it (through the trigram index, which the
 * haystack condition lets the planner use) or, for a short search, at its start (its prefix index).
 */
function fieldMatch(column: Prisma.Sql, text: string, alias: Alias): Prisma.Sql {
  if (text.length < SUBSTRING_SEARCH_MIN) return Prisma.sql`${column} LIKE ${prefixPattern(text)}`;
  const pattern = containsPattern(text);
  return Prisma.sql`(${searchHaystack(alias)} LIKE ${pattern} AND ${column} LIKE ${pattern})`;
}

/** The search as one condition per index: a participant matches when any of them holds. */
function searchBranches(filter: ParticipantFilter, country: CountryCode, alias: Alias): Prisma.Sql[] {
  const text = filter.search;
  const lowered = text.toLowerCase();
  const p = Prisma.raw(alias);
  const irn = fieldMatch(Prisma.sql`lower(${p}.irn)`, lowered, alias);
  const email = fieldMatch(Prisma.sql`lower(${p}.email)`, lowered, alias);
  const externalRef = fieldMatch(Prisma.sql`lower(${p}.external_ref_id)`, lowered, alias);
  const e164 = toE164(text, country);
  const forms = e164 ? phoneMatchForms([e164]) : [];
  const typed = STRIP(text);
  const phoneDigits = /^\+?\d+$/.test(typed) ? typed : null;
  const phoneBranches = (digits: string | null) =>
    forms.length || digits
      ? (['phone_number1', 'phone_number2'] as const).map((column) =>
          Prisma.join(
            [
              ...(forms.length ? [Prisma.sql`${phoneColumn(alias, column)} = ANY(${forms})`] : []),
              ...(digits ? [fieldMatch(phoneColumn(alias, column), digits, alias)] : []),
            ],
            ' OR ',
            '(',
            ')',
          ),
        )
      : [];
  const phones = phoneBranches(phoneDigits);
  if (filter.searchField === 'any' && lowered.length >= SUBSTRING_SEARCH_MIN) {
    // Every field at once: the haystack holds them all (phone numbers without separators).
    const anywhere = Prisma.sql`${searchHaystack(alias)} LIKE ${containsPattern(lowered)}`;
    return [anywhere, ...phoneBranches(phoneDigits === lowered ? null : phoneDigits)];
  }
  switch (filter.searchField) {
    case 'irn':
      return [irn];
    case 'email':
      return [email];
    case 'externalRef':
      return [externalRef];
    case 'phone':
      return phones;
    default:
      return [irn, email, externalRef, ...phones];
  }
}

/**
 * Up to this many candidates, a selective condition (a search, "not allowed", a result status) is answered
 * from its own index: the candidates are collected first and the page is sorted from them, wherever they sit
 * in the sort order. More candidates than this are dense enough to find quickly by walking the sort order
 * and testing each row. Either way the work is bounded, and a million participants cost what ten thousand do.
 */
const MATCH_FIRST_CAP = 5_000;

/** `p.id = ANY(candidates)` when the candidate query yields at most MATCH_FIRST_CAP ids, else `dense`. */
async function adaptiveCondition(
  db: Db,
  candidates: Prisma.Sql[],
  dense: () => Prisma.Sql,
): Promise<Prisma.Sql> {
  if (candidates.length === 0) return Prisma.sql`FALSE`;
  const found = await db.$queryRaw<{ id: string }[]>(candidateIdsStatement(candidates, MATCH_FIRST_CAP));
  if (found.length > MATCH_FIRST_CAP) return dense();
  const ids = [...new Set(found.map((row) => row.id))];
  return ids.length ? Prisma.sql`p.id = ANY(${ids}::uuid[])` : Prisma.sql`FALSE`;
}

function searchCondition(db: Db, context: FilterContext, filter: ParticipantFilter, country: CountryCode) {
  if (!filter.search) return Prisma.sql`TRUE`;
  const candidates = searchBranches(filter, country, 'p2').map(
    (condition) => Prisma.sql`(SELECT p2.id FROM participant p2
      WHERE p2.questionnaire_id = ${context.questionnaireId}::uuid AND ${condition} LIMIT ${MATCH_FIRST_CAP + 1})`,
  );
  return adaptiveCondition(db, candidates, () =>
    Prisma.join(searchBranches(filter, country, 'p'), ' OR ', '(', ')'),
  );
}

// A participant is not allowed when either phone number is on the questionnaire's block list, or when they
// have used more attempts than the questionnaire's attempt limit (participants.ts, callGateVerdict), in SQL.
// Attempt numbers run 1, 2, … so "an attempt numbered above the limit" means "more attempts than the limit".
// SQL cannot run libphonenumber: a number matches when its separator-free text is one of the blocked numbers'
// written forms (phoneMatchForms). The rows shown still get their state from callGateVerdict (withAllowedState).
function disallowedRowExpr(forms: string[], attemptLimit: number | null): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  for (const column of ['phone_number1', 'phone_number2'] as const) {
    if (forms.length) parts.push(Prisma.sql`COALESCE(${phoneColumn('p', column)} = ANY(${forms}), false)`);
  }
  if (attemptLimit !== null) {
    parts.push(
      Prisma.sql`EXISTS (SELECT 1 FROM attempt a WHERE a.participant_id = p.id AND a.number > ${attemptLimit})`,
    );
  }
  return parts.length ? Prisma.join(parts, ' OR ', '(', ')') : Prisma.sql`FALSE`;
}

async function allowedCondition(
  db: Db,
  context: FilterContext,
  allowed: 'allowed' | 'disallowed',
): Promise<Prisma.Sql> {
  const { questionnaireId, attemptLimit } = context;
  const forms = await blockedForms(db, questionnaireId);
  // Most participants are allowed: walk the sort order and test each row.
  if (allowed === 'allowed') return Prisma.sql`NOT ${disallowedRowExpr(forms, attemptLimit)}`;
  // Those not allowed are usually few: start from the phone and attempt indexes.
  const candidates: Prisma.Sql[] = [];
  for (const column of ['phone_number1', 'phone_number2'] as const) {
    if (forms.length) {
      candidates.push(Prisma.sql`(SELECT p2.id FROM participant p2
        WHERE p2.questionnaire_id = ${questionnaireId}::uuid AND ${phoneColumn('p2', column)} = ANY(${forms}))`);
    }
  }
  if (attemptLimit !== null) {
    // Over-limit attempts of any questionnaire: an index-only range scan. Others' participants are harmless
    // candidates (the page query keeps to this questionnaire); joining to filter them here would cost more.
    candidates.push(Prisma.sql`(SELECT a.participant_id FROM attempt a WHERE a.number > ${attemptLimit})`);
  }
  return adaptiveCondition(db, candidates, () => disallowedRowExpr(forms, attemptLimit));
}

// The status of the result of the participant's latest attempt that has one: a result of that status with
// no result of a later attempt after it. Written as joins (not a per-row subquery) so the planner can both
// walk the sort order and start from the result table.
const latestResultIs = (status: string, alias: 'p') => {
  const p = Prisma.raw(alias);
  return Prisma.sql`EXISTS (
    SELECT 1 FROM result r JOIN attempt a ON a.id = r.attempt_id
    WHERE r.participant_id = ${p}.id AND r.status = ${status}
      AND NOT EXISTS (SELECT 1 FROM result r2 JOIN attempt a2 ON a2.id = r2.attempt_id
                      WHERE r2.participant_id = ${p}.id AND a2.number > a.number))`;
};

function resultStatusCondition(status: string) {
  if (status === NONE) return Prisma.sql`NOT EXISTS (SELECT 1 FROM result r WHERE r.participant_id = p.id)`;
  return latestResultIs(status, 'p');
}

interface FilterContext {
  questionnaireId: string;
  attemptLimit: number | null;
}

/** The WHERE conditions of the filter, each planned for the data at hand (see MATCH_FIRST_CAP). */
async function filterConditions(
  db: Db,
  questionnaireId: string,
  filter: ParticipantFilter,
  country: CountryCode,
): Promise<{ conditions: Prisma.Sql[]; attemptLimit: number | null }> {
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: questionnaireId },
    select: { attemptLimit: true },
  });
  if (!questionnaire) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  const context: FilterContext = { questionnaireId, attemptLimit: questionnaire.attemptLimit };
  const conditions = [Prisma.sql`p.questionnaire_id = ${questionnaireId}::uuid`];
  conditions.push(await searchCondition(db, context, filter, country));
  if (filter.allowed !== 'all') conditions.push(await allowedCondition(db, context, filter.allowed));
  if (filter.outcome === NONE) conditions.push(Prisma.sql`p.outcome IS NULL`);
  else if (filter.outcome) conditions.push(Prisma.sql`p.outcome = ${filter.outcome}`);
  if (filter.resultStatus) conditions.push(resultStatusCondition(filter.resultStatus));
  return { conditions, attemptLimit: questionnaire.attemptLimit };
}

function keysetCondition(filter: ParticipantFilter, cursor: Cursor | null): Prisma.Sql {
  if (!cursor) return Prisma.sql`TRUE`;
  const after = (filter.direction === 'asc') !== Boolean(cursor.before);
  if (filter.sort === 'irn') {
    // IRNs are unique within a questionnaire, so the IRN alone fixes the position.
    return after ? Prisma.sql`p.irn > ${cursor.value}` : Prisma.sql`p.irn < ${cursor.value}`;
  }
  const at = new Date(cursor.value);
  if (Number.isNaN(at.getTime())) {
    throw new AppError('BAD_REQUEST', STALE_PAGE_POSITION);
  }
  return after
    ? Prisma.sql`(p.created_at, p.id) > (${at}::timestamptz, ${cursor.id}::uuid)`
    : Prisma.sql`(p.created_at, p.id) < (${at}::timestamptz, ${cursor.id}::uuid)`;
}

function orderBy(filter: ParticipantFilter, alias: 'p' | 'page', reversed = false): Prisma.Sql {
  const dir = (filter.direction === 'asc') !== reversed ? 'ASC' : 'DESC';
  return Prisma.raw(
    filter.sort === 'irn' ? `${alias}.irn ${dir}` : `${alias}.created_at ${dir}, ${alias}.id ${dir}`,
  );
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** One page of the questionnaire's participants matching the filter. */
export async function searchParticipants(
  db: Db,
  questionnaireId: string,
  query: ParticipantPageQuery,
  country: CountryCode = deploymentCountry(),
): Promise<ParticipantPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query) : null;
  const backwards = Boolean(cursor?.before);
  const offset = !cursor && query.page ? (query.page - 1) * query.limit : 0;
  if (offset >= COUNT_CAP) {
    throw new AppError(
      'BAD_REQUEST',
      `Jump to at most page ${Math.ceil(COUNT_CAP / query.limit)}; page on from there with "Next page"`,
    );
  }
  const filtered = await filterConditions(db, questionnaireId, query, country);
  const conditions = [...filtered.conditions, keysetCondition(query, cursor)];
  // The page is chosen first; the per-row facts (attempts, latest result, allowed) are then worked out for
  // its rows only.
  const raw = await db.$queryRaw<ParticipantPageRow[]>(
    participantPageStatement({
      conditions,
      order: orderBy(query, 'p', backwards),
      pageOrder: orderBy(query, 'page', backwards),
      limit: query.limit,
      offset,
    }),
  );
  // Going back, the rows came nearest-first: more of them means there is a page before this one.
  const hasMore = raw.length > query.limit;
  const pageRows = raw.slice(0, query.limit);
  if (backwards) pageRows.reverse();
  const rows = await withAllowedState(db, questionnaireId, filtered.attemptLimit, pageRows);
  const first = rows[0];
  const last = rows.at(-1);
  const cursorAt = (row: ParticipantRow, before: boolean) =>
    encodeCursor({
      sort: query.sort,
      direction: query.direction,
      value: query.sort === 'irn' ? row.irn : row.createdAt.toISOString(),
      id: row.id,
      ...(before ? { before: true } : {}),
    });
  const morePrevious = backwards ? hasMore : Boolean(cursor) || offset > 0;
  const moreNext = backwards ? true : hasMore;
  return {
    rows,
    nextCursor: moreNext && last ? cursorAt(last, false) : null,
    prevCursor: morePrevious && first ? cursorAt(first, true) : null,
  };
}

/**
 * The allowed state of each row by the very rule of the REST door (callGateVerdict in participants.ts: its
 * phone numbers read by blockablePhoneNumbers, its attempt count against the limit), for a page at once.
 */
async function withAllowedState(
  db: Db,
  questionnaireId: string,
  attemptLimit: number | null,
  raw: ParticipantPageRow[],
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
    const disallowedReason: DisallowedReason | null = callGateVerdict(
      attempts,
      attemptLimit,
      numbersOf[i]?.filter((n) => blocked.has(n)).length ?? 0,
    );
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

/** How many participants match, counted up to COUNT_CAP (a full count of a million rows is not worth it). */
export async function countParticipants(
  db: Db,
  questionnaireId: string,
  filter: ParticipantFilter,
  country: CountryCode = deploymentCountry(),
): Promise<{ count: number; capped: boolean }> {
  const { conditions } = await filterConditions(db, questionnaireId, filter, country);
  const [row] = await db.$queryRaw<{ n: number }[]>(countStatement(conditions, COUNT_CAP));
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}

/** Every matching participant, page by page (for the CSV export). */
export async function* allParticipants(
  db: Db,
  questionnaireId: string,
  filter: ParticipantFilter,
  country: CountryCode = deploymentCountry(),
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
  const outcomes = await db.$queryRaw<{ value: string | null }[]>(outcomesInUseStatement(questionnaireId));
  const statuses = await db.$queryRaw<{ value: string | null }[]>(resultStatusesInUseStatement);
  const values = (rows: { value: string | null }[]) =>
    rows.flatMap((r) => (r.value === null ? [] : [r.value]));
  return { outcomes: values(outcomes), resultStatuses: values(statuses) };
}
