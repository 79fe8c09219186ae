// The results feed (GET /v1/results) and one participant's current result: what a customer reads to reconcile
// with the webhooks it received, in the webhook payload's shape plus participant_uuid and updated_at.
//
// Each participant has one entry (result_feed_entry) pointing at its current result, at a position taken from
// the questionnaire's counter under a row lock held until commit. The database's trigger on `result` writes it
// (migration result_feed_follows_every_write), so a result stored by any release, an older one included, is in
// the feed. Positions follow commit order: a reader that sees position n has seen every position below n, so
// "everything after the last position I read" never skips a result that committed late with an earlier
// timestamp, and never repeats one. A publication moves the participant's entry to the end (its current result
// is read again, once).
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/lib/errors';
import { toRfc3339Utc } from '@/server/lib/time';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { resolveParticipant, type ParticipantScope } from '@/server/services/participants';
import { payloadFields } from '@/server/services/results';
import { riskRatingSchema, type ResultPayload } from '@/server/webhooks/payload';

export const RESULT_NOT_FOUND = 'Result not found';

/** A current result: the webhook payload (its keys in the payload's order), and whose it is and when. */
export type FeedResult = { participant_uuid: string } & ResultPayload & { updated_at: string };

export interface FeedPage {
  results: FeedResult[];
  /** Where the next read starts: after the last result returned, or after everything read so far. */
  position: bigint;
  hasMore: boolean;
}

interface FeedRow {
  last_position: bigint;
  position: bigint | null;
  participant_id: string;
  questionnaire_id: string;
  irn: string;
  participant_language: string;
  access_code: string;
  status: string;
  overall_evaluation: string;
  questions_risk_rating: unknown;
  is_admission: boolean;
  is_counter_measure: boolean;
  is_not_complete: boolean;
  summary: string | null;
  summary_bgcolor: string | null;
  clear: boolean | null;
  updated_at: Date;
}

const ratingsOf = (value: unknown) => riskRatingSchema.array().catch([]).parse(value);

function toFeedResult(row: FeedRow): FeedResult {
  const result = {
    status: row.status,
    questions_risk_rating: ratingsOf(row.questions_risk_rating),
    overall_evaluation: row.overall_evaluation,
    is_admission: row.is_admission,
    is_counter_measure: row.is_counter_measure,
    is_not_complete: row.is_not_complete,
    summary: row.summary ?? undefined,
    summary_bgcolor: row.summary_bgcolor ?? undefined,
    clear: row.clear ?? undefined,
  };
  return {
    participant_uuid: row.participant_id,
    project_uuid: row.questionnaire_id,
    access_code: row.access_code,
    interview_ref_num: row.irn,
    participant_language: row.participant_language,
    // The timestamp a webhook of this result carried: when it was published.
    ...payloadFields(result, row.updated_at),
    updated_at: toRfc3339Utc(row.updated_at),
  };
}

/** The columns of a current result, from an entry `e` joined to its participant `p`. */
const CURRENT_RESULT_COLUMNS = Prisma.sql`
  e.position, p.id::text AS participant_id, p.questionnaire_id::text AS questionnaire_id, p.irn,
  COALESCE(p.language, q.languages[1], 'English') AS participant_language, a.access_code,
  r.status, r.overall_evaluation, r.questions_risk_rating, r.is_admission, r.is_counter_measure,
  r.is_not_complete, r.summary, r.summary_bgcolor, r.clear, r.updated_at`;

const CURRENT_RESULT_JOINS = Prisma.sql`
  JOIN result r ON r.id = e.result_id
  JOIN attempt a ON a.id = r.attempt_id
  JOIN questionnaire q ON q.id = p.questionnaire_id`;

/**
 * Up to `limit` current results of the questionnaire after feed position `after` (0: from the start), oldest
 * first, those updated before `updatedSince` left out. One statement, so the counter and the page are read in
 * one snapshot: when the page is not full, every position up to the counter has been seen (returned or left
 * out by updatedSince), and the next read may start after the counter.
 */
export async function readResultFeed(
  db: Db,
  questionnaireId: string,
  options: { after: bigint; updatedSince: Date | null; limit: number },
): Promise<FeedPage> {
  const { after, updatedSince, limit } = options;
  const rows = await db.$queryRaw<FeedRow[]>`
    SELECT counter.last_position, page.*
    FROM (
      SELECT COALESCE((SELECT last_position FROM result_feed_counter WHERE questionnaire_id = ${questionnaireId}::uuid), 0)
               AS last_position
    ) counter
    LEFT JOIN LATERAL (
      SELECT ${CURRENT_RESULT_COLUMNS}
      FROM result_feed_entry e
      JOIN participant p ON p.id = e.participant_id AND p.erased_at IS NULL
      ${CURRENT_RESULT_JOINS}
      WHERE e.questionnaire_id = ${questionnaireId}::uuid AND e.position > ${after}
        AND (${updatedSince}::timestamptz IS NULL OR r.updated_at >= ${updatedSince}::timestamptz)
      ORDER BY e.position
      LIMIT ${limit + 1}
    ) page ON true`;
  const found = rows.filter((row): row is FeedRow & { position: bigint } => row.position !== null);
  const hasMore = found.length > limit;
  const page = found.slice(0, limit);
  const lastReturned = page.at(-1)?.position ?? after;
  const counter = BigInt(rows[0]?.last_position ?? 0);
  const position = hasMore ? lastReturned : [lastReturned, counter, after].reduce((a, b) => (b > a ? b : a));
  return { results: page.map(toFeedResult), position, hasMore };
}

/** The participant's current result (the one the feed holds), under the scope's rules; 404 when it has none. */
export async function getCurrentResult(
  db: Db,
  scope: ParticipantScope,
  participantId: string,
): Promise<FeedResult> {
  const participant = await resolveParticipant(db, scope, participantId);
  const [row] = await db.$queryRaw<FeedRow[]>`
    SELECT 0::bigint AS last_position, ${CURRENT_RESULT_COLUMNS}
    FROM result_feed_entry e
    JOIN participant p ON p.id = e.participant_id
    ${CURRENT_RESULT_JOINS}
    WHERE e.participant_id = ${participant.id}::uuid`;
  if (!row) throw new AppError('NOT_FOUND', RESULT_NOT_FOUND);
  return toFeedResult(row);
}

/** The feed's cursor: an opaque token for a position (base64url of its digits). */
export const encodeFeedCursor = (position: bigint): string =>
  Buffer.from(`p${position}`, 'utf8').toString('base64url');

/** The position a cursor stands for, or null for text that no cursor of ours is. */
export function decodeFeedCursor(cursor: string): bigint | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return null;
  const match = /^p(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? BigInt(match[1]!) : null;
}
