// The REST door's rate limit: every request of a live key takes a token of its tree's bucket, whatever it asks
// for, before its body is read. Its headers go on every answer; a key over its limit gets the 429 here, and the
// procedure never runs.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { rateLimitExceeded, rateLimitHeaders } from '@/server/api-keys/rate-limits';
import { createRateLimitLeases } from '@/server/api-keys/rate-limit-lease';
import { metrics } from '@/server/platform/observability/metrics';
import { describeFailure, errorAnswer } from './errors';
import type { RestAnswer } from './exchange';
import type { ErrorStyle } from './routes';

export interface RateLimitOutcome {
  /** The rate-limit headers every answer to this request carries. */
  headers: Record<string, string>;
  /** The requests per minute the key's bucket allows. */
  perMinute: number;
  /** The 429 when the key is over its limit. */
  refusal: RestAnswer | null;
}

/**
 * Takes a token from the bucket a key's requests draw from (its tree's: see verifyApiKeyCached) through this
 * door's (this instance's) leases on the shared buckets; a bucket without its own limit has `defaultLimit()`
 * requests a minute.
 */
export function createRateLimitGate(defaultLimit: () => number) {
  const leases = createRateLimitLeases();
  return async function takeToken(
    db: PrismaClient,
    bucket: { bucketId: string; perMinute: number | null },
    style: ErrorStyle,
  ): Promise<RateLimitOutcome> {
    const perMinute = bucket.perMinute ?? defaultLimit();
    const decision = await leases.take(db, bucket.bucketId, perMinute);
    const headers = rateLimitHeaders(decision);
    if (decision.allowed) return { headers, perMinute, refusal: null };
    metrics.rateLimitRefusals.inc();
    const failure = describeFailure(rateLimitExceeded(decision));
    return {
      headers,
      perMinute,
      refusal: errorAnswer(style, { ...failure, headers: { ...failure.headers, ...headers } }),
    };
  };
}
