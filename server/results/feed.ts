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
import type { Db } from '@/server/platform/db/client';
import { queryRows } from '@/server/platform/db/direct-statement';
import { AppError } from '@/server/platform/lib/errors';
import { pacedTurns } from '@/server/platform/lib/paced-turns';
import { resolveParticipant, type ParticipantScope } from '@/server/participants/participants';
import { FEED_RESULT_BYTES, FEED_RESULTS_BYTES } from './feed-budget';
import { toFeedResult, type FeedResult } from './feed-row';
import { currentResultStatement, feedPageStatement, type FeedPageRow, type FeedRow } from './statements';

export const RESULT_NOT_FOUND = 'Result not found';

export interface FeedPage {
  results: FeedResult[];
  /** Where the next read starts: after the last result returned, or after everything read so far. */
  position: bigint;
  hasMore: boolean;
}

/**
 * Feed pages take turns in this process: one at a time (so at most one page's rows are read and converted at
 * once, whatever the number of readers), and full pages together at most a fifth of the time (the pause after
 * a page is in proportion to its share of the byte budget), so that bulk reads never crowd out other requests
 * (another tenant's among them) on the one thread they share, while small pages, the usual poll, pass on at
 * once.
 */
const feedPageTurn = pacedTurns(0.2);

/**
 * Up to `limit` current results of the questionnaire after feed position `after` (0: from the start), oldest
 * first, those updated before `updatedSince` left out, and no more than FEED_RESULTS_BYTES of them (always at
 * least one). The database walks the feed one entry at a time, adding up each result's bytes from its stored
 * columns (FEED_RESULT_BYTES), and stops at the first entry that does not fit: only the page's results are
 * read whole and sent, however large the ones after them are.
 *
 * One statement, so the counter and the page are read in one snapshot: when the walk reached the end, every
 * position up to the counter has been seen (returned or left out by updatedSince), and the next read may
 * start after the counter.
 */
export function readResultFeed(
  db: Db,
  questionnaireId: string,
  options: { after: bigint; updatedSince: Date | null; limit: number },
): Promise<FeedPage> {
  return feedPageTurn(
    () => readPage(db, questionnaireId, options),
    // A page's weight is its share of the byte budget: small pages (the usual poll) take their turn and pass on.
    (page) => page.bytes / FEED_RESULTS_BYTES,
  ).then(({ bytes: _bytes, ...page }) => page);
}

async function readPage(
  db: Db,
  questionnaireId: string,
  options: { after: bigint; updatedSince: Date | null; limit: number },
): Promise<FeedPage & { bytes: number }> {
  const { after, updatedSince, limit } = options;
  const rows = await queryRows<FeedPageRow>(
    db,
    feedPageStatement(questionnaireId, {
      after,
      updatedSince,
      limit,
      resultBytes: FEED_RESULT_BYTES,
      pageBytes: FEED_RESULTS_BYTES,
    }),
  );
  const page = rows.filter((row) => row.position !== null);
  const hasMore = BigInt(rows[0]?.walked ?? 0) > page.length;
  const lastReturned = BigInt(page.at(-1)?.position ?? after);
  const counter = BigInt(rows[0]?.last_position ?? 0);
  const position = hasMore ? lastReturned : [lastReturned, counter, after].reduce((a, b) => (b > a ? b : a));
  const bytes = Number(page.at(-1)?.page_bytes ?? 0);
  return { results: page.map(toFeedResult), position, hasMore, bytes };
}

/** The participant's current result (the one the feed holds), under the scope's rules; 404 when it has none. */
export async function getCurrentResult(
  db: Db,
  scope: ParticipantScope,
  participantId: string,
): Promise<FeedResult> {
  const participant = await resolveParticipant(db, scope, participantId);
  const [row] = await db.$queryRaw<FeedRow[]>(currentResultStatement(participant.id));
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
