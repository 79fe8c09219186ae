// The byte budget of a results feed page (GET /v1/results): how many bytes a page's JSON body may take, and an
// upper bound of one result's bytes that the database works out from the stored columns, so that a page is cut
// by bytes in the database while it walks the feed, before any result is read whole.
import { Prisma } from '@/server/generated/prisma/client.ts';
import { FEED_PAGE_BYTES } from './feed-page-size';
import { toFeedResult } from './feed-row';
import { PARTICIPANT_LANGUAGE } from './statements';

/** The page's JSON around its results, with the longest cursor a reader can send back (40 characters). */
const ENVELOPE_BYTES = Buffer.byteLength(
  JSON.stringify({ results: [], next_cursor: 'c'.repeat(40), has_more: false }),
);

/** The bytes of a page the results may take together (each counted with the comma before it). */
export const FEED_RESULTS_BYTES = FEED_PAGE_BYTES - ENVELOPE_BYTES;

const ANY_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The JSON of a result whose every text is empty and whose ratings are `[]`, in its longest form (false is
 * longer than true, a timestamp with milliseconds longer than one without, every optional field present), and
 * the comma before it: what a result takes besides its texts and ratings.
 */
const FIXED_BYTES =
  Buffer.byteLength(
    JSON.stringify(
      toFeedResult({
        position: 0n,
        participant_id: ANY_UUID,
        questionnaire_id: ANY_UUID,
        irn: '',
        participant_language: '',
        access_code: '',
        status: '',
        overall_evaluation: '',
        questions_risk_rating: [],
        is_admission: false,
        is_counter_measure: false,
        is_not_complete: false,
        summary: '',
        summary_bgcolor: '',
        clear: false,
        updated_at: new Date(Date.UTC(2000, 0, 1, 0, 0, 0, 1)),
        sandbox: false,
      }),
    ),
  ) + 1;

/** A text column's bytes as a JSON string: PostgreSQL escapes exactly the characters JSON.stringify does. */
const jsonStringBytes = (column: Prisma.Sql) =>
  Prisma.sql`COALESCE(octet_length(to_json(${column})::text), 0)`;

/**
 * At least the bytes the JSON of the current result of entry `e` (with its participant `p` and
 * CURRENT_RESULT_JOINS) takes in a page. The ratings are counted as jsonb prints them, which is never shorter
 * than JSON.stringify (the same escapes, plus a space after every ":" and ","; stored ratings always carry
 * their text, null or not).
 */
export const FEED_RESULT_BYTES = Prisma.sql`(${FIXED_BYTES}::bigint
  + octet_length(r.questions_risk_rating::text)
  + ${jsonStringBytes(Prisma.sql`p.irn`)} + ${jsonStringBytes(PARTICIPANT_LANGUAGE)}
  + ${jsonStringBytes(Prisma.sql`a.access_code`)} + ${jsonStringBytes(Prisma.sql`r.status`)}
  + ${jsonStringBytes(Prisma.sql`r.overall_evaluation`)} + ${jsonStringBytes(Prisma.sql`r.summary`)}
  + ${jsonStringBytes(Prisma.sql`r.summary_bgcolor`)})`;
