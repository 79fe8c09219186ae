// Per-API-key rate limits: a token bucket per key in rate_limit_bucket. The bucket holds up to `limit` tokens
// (the burst) and refills at limit/60 tokens a second; each request takes one. Taking a token is one SQL
// statement that reads, refills and decrements the row atomically, with the database's clock, so the limit
// holds across any number of instances sharing a PostgreSQL database.
import { Prisma, type RateLimitBucket } from '@/server/generated/prisma/client.ts';
import { takeTokensStatement } from './statements';
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { AppError } from '@/server/platform/lib/errors';
import { recordAudit, type AuditActor } from '@/server/audit/audit-log';
import {
  assertNoConflictingChange,
  editVersionOf,
  type EditedFields,
} from '@/server/platform/lib/edit-version';

export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 1_000_000;

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests per minute, which is also the bucket's capacity (the burst). */
  limit: number;
  /** Whole requests that could be made right now. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** When refused: seconds until one request is allowed again (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Takes one token from the key's bucket, creating a full bucket on the key's first request. When the bucket
 * holds less than one token nothing is taken (a refused request costs nothing), and a second, read-only
 * statement tells how long to wait.
 */
export async function takeRateLimitToken(
  db: Db,
  apiKeyId: string,
  limit: number,
): Promise<RateLimitDecision> {
  const perSecond = limit / 60;
  const left = await takeRateLimitTokens(db, apiKeyId, limit, 1);
  if (left !== null) return rateLimitDecision(true, limit, left);
  const [bucket] = await db.$queryRaw<{ tokens: number }[]>`
    SELECT LEAST(${limit}::float8, tokens + GREATEST(0, EXTRACT(EPOCH FROM clock_timestamp() - updated_at)::float8) * ${perSecond}::float8) AS tokens
    FROM rate_limit_bucket WHERE api_key_id = ${apiKeyId}::uuid`;
  return rateLimitDecision(false, limit, bucket?.tokens ?? 0);
}

/**
 * Takes `count` tokens at once (count <= limit), or none when the bucket holds fewer: one SQL statement that
 * reads, refills and decrements the row atomically. `refund` tokens, taken earlier and never spent (the rest of
 * a lapsed lease), go back into the bucket first, in the same statement; when nothing can be taken they are
 * returned by a second statement (only near an empty bucket). Returns the tokens left, or null when nothing was
 * taken.
 */
export async function takeRateLimitTokens(
  db: Db,
  apiKeyId: string,
  limit: number,
  count: number,
  refund = 0,
): Promise<number | null> {
  const perSecond = limit / 60;
  const available = Prisma.sql`LEAST(${limit}::float8, b.tokens + ${refund}::float8 + GREATEST(0, EXTRACT(EPOCH FROM clock_timestamp() - b.updated_at)::float8) * ${perSecond}::float8)`;
  const rows = await db.$queryRaw<Pick<RateLimitBucket, 'tokens'>[]>(
    takeTokensStatement(apiKeyId, { limit, count, available }),
  );
  const left = rows[0]?.tokens ?? null;
  if (left === null && refund > 0)
    await db.$executeRaw`
      UPDATE rate_limit_bucket AS b SET tokens = ${available}, updated_at = clock_timestamp()
      WHERE api_key_id = ${apiKeyId}::uuid`;
  return left;
}

/** The decision for a bucket holding `tokens` (after the take, when allowed). */
export function rateLimitDecision(allowed: boolean, limit: number, tokens: number): RateLimitDecision {
  const perSecond = limit / 60;
  const left = Math.max(0, tokens);
  return {
    allowed,
    limit,
    // A refusal means no token could be taken; the bucket may have refilled between the refused take and the
    // read that follows it (concurrent requests), but a 429 must never invite the client to go on.
    remaining: allowed ? Math.floor(left) : 0,
    resetSeconds: Math.max(0, Math.ceil((limit - left) / perSecond)),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - left) / perSecond)),
  };
}

/** The RateLimit-* response headers (IETF draft "RateLimit header fields for HTTP"), plus Retry-After when refused. */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetSeconds),
    ...(d.allowed ? {} : { 'Retry-After': String(d.retryAfterSeconds) }),
  };
}

export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded: too many requests for this API key; retry later';

export const rateLimitExceeded = (d: RateLimitDecision) =>
  new AppError('TOO_MANY_REQUESTS', RATE_LIMIT_MESSAGE, { retryAfterSeconds: d.retryAfterSeconds });

export const RATE_LIMIT_RANGE_MESSAGE = `The rate limit must be a whole number of requests per minute from ${RATE_LIMIT_MIN} to ${RATE_LIMIT_MAX.toLocaleString('en-US')}`;

/** The refusal to give a key minted by a key a limit of its own: its whole tree shares its root key's. */
export const sharedRateLimitMessage = (rootKeyId: string) =>
  `This key was minted by another key and shares the rate limit of its tree's first key (${rootKeyId}); change that key's limit`;

const RATE_LIMIT_EDIT: EditedFields<'rateLimitPerMinute'> = {
  thing: 'key',
  labels: { rateLimitPerMinute: 'rate limit' },
};

/** The key's rate limit as the Admin form opens it (server/platform/lib/edit-version.ts). */
export const rateLimitEditVersion = (key: { rateLimitPerMinute: number | null }) =>
  editVersionOf(RATE_LIMIT_EDIT, key);

/**
 * Sets a live key's own limit (null: back to the service default); a key minted by a key has none (its tree
 * shares its root key's limit and bucket) and is refused. The key is named with its questionnaire,
 * so a caller scoped to one questionnaire cannot reach another's keys. Refused when the limit changed since
 * the form's `editVersion`. Returns the key's id and new limit; the audit entry `api_key.rate_limit` (by
 * `actor`) is written in the same transaction, unless the limit already was `perMinute`.
 */
export async function setApiKeyRateLimit(
  db: Db,
  input: { keyId: string; questionnaireId?: string; perMinute: number | null; editVersion?: string },
  actor: AuditActor,
): Promise<{
  id: string;
  questionnaireId: string;
  rateLimitPerMinute: number | null;
  previous: number | null;
}> {
  const { perMinute } = input;
  if (
    perMinute !== null &&
    (!Number.isInteger(perMinute) || perMinute < RATE_LIMIT_MIN || perMinute > RATE_LIMIT_MAX)
  )
    throw new AppError('BAD_REQUEST', RATE_LIMIT_RANGE_MESSAGE, { field: 'perMinute' });
  return inTransaction(db, async (tx) => {
    // Against a concurrent edit of the limit (NO KEY: keys minted by this one may still be created).
    await tx.$queryRaw`SELECT id FROM api_key WHERE id = ${input.keyId}::uuid FOR NO KEY UPDATE`;
    const key = await tx.apiKey.findFirst({
      where: {
        id: input.keyId,
        deletedAt: null,
        ...(input.questionnaireId ? { questionnaireId: input.questionnaireId } : {}),
      },
      select: { id: true, questionnaireId: true, rateLimitPerMinute: true, rootKeyId: true },
    });
    if (!key) throw new AppError('NOT_FOUND', 'That key does not exist or was deleted');
    if (key.rootKeyId) throw new AppError('CONFLICT', sharedRateLimitMessage(key.rootKeyId));
    assertNoConflictingChange(RATE_LIMIT_EDIT, input.editVersion, key, { rateLimitPerMinute: perMinute });
    const result = {
      id: key.id,
      questionnaireId: key.questionnaireId,
      rateLimitPerMinute: perMinute,
      previous: key.rateLimitPerMinute,
    };
    if (key.rateLimitPerMinute === perMinute) return result;
    // Written with SQL so that the key's update_ts, which tells when the key itself changed, stays as it was.
    await tx.$executeRaw`UPDATE api_key SET rate_limit_per_minute = ${perMinute} WHERE id = ${key.id}::uuid`;
    await recordAudit(tx, {
      actor,
      action: 'api_key.rate_limit',
      targetType: 'api_key',
      targetId: key.id,
      questionnaireId: key.questionnaireId,
      details: { from: key.rateLimitPerMinute, to: perMinute },
    });
    return result;
  });
}
