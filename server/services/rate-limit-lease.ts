// Per-instance leases on the shared rate-limit buckets, so that a busy key does not cost a database round
// trip on every request. When a key's limit allows more than 10 requests a second, an instance takes a
// tenth of a second's worth of tokens from the key's bucket in one statement and spends them locally.
//
// Why this keeps the limit: tokens are taken from the shared bucket BEFORE they are spent, so all instances
// together never admit more than the bucket allows. What it costs: a lease that is not used up within a
// second lapses, and its tokens (at most 0.1 s of the key's rate per instance) are lost to the key. Limits of
// 600 a minute or less (the default) are never leased: every request takes its token in the database, exactly.
import type { Db } from '@/server/db/client';
import {
  rateLimitDecision,
  takeRateLimitToken,
  takeRateLimitTokens,
  type RateLimitDecision,
} from './rate-limits';

/** How long leased tokens may be spent; afterwards the rest lapses. */
export const LEASE_TTL_MS = 1_000;
/** The most tokens one lease holds, whatever the limit. */
export const LEASE_MAX_TOKENS = 1_000;
/** The share of a second's refill that one lease takes. */
const LEASE_SECONDS = 0.1;

/** Tokens taken at once for a limit of `limit` per minute; 1 means "no lease, take each token exactly". */
export function leaseSize(limit: number): number {
  return Math.min(LEASE_MAX_TOKENS, Math.max(1, Math.floor((limit / 60) * LEASE_SECONDS)));
}

interface Lease {
  limit: number;
  tokens: number;
  /** The tokens the shared bucket held after this lease was taken (for RateLimit-Remaining). */
  bucketTokens: number;
  expiresAt: number;
}

export interface RateLimitLeases {
  /** Takes one token for a request of the key: from this instance's lease, or from the shared bucket. */
  take: (db: Db, apiKeyId: string, limit: number) => Promise<RateLimitDecision>;
}

/** One instance's leases (the REST door keeps one for the process; tests make several to act as instances). */
export function createRateLimitLeases(now: () => number = Date.now): RateLimitLeases {
  const leases = new Map<string, Lease>();
  // One lease request per key at a time: concurrent requests of a busy key wait for it instead of each
  // taking a lease of their own.
  const renewing = new Map<string, Promise<Lease | null>>();

  function spend(lease: Lease): RateLimitDecision {
    lease.tokens -= 1;
    return rateLimitDecision(true, lease.limit, lease.bucketTokens + lease.tokens);
  }

  async function renew(db: Db, apiKeyId: string, limit: number, size: number): Promise<Lease | null> {
    const left = await takeRateLimitTokens(db, apiKeyId, limit, size);
    if (left === null) return null;
    const lease = { limit, tokens: size, bucketTokens: left, expiresAt: now() + LEASE_TTL_MS };
    leases.set(apiKeyId, lease);
    return lease;
  }

  return {
    async take(db, apiKeyId, limit) {
      const size = leaseSize(limit);
      if (size === 1) return takeRateLimitToken(db, apiKeyId, limit);
      for (;;) {
        const lease = leases.get(apiKeyId);
        if (lease && lease.limit === limit && lease.tokens >= 1 && lease.expiresAt > now())
          return spend(lease);
        let pending = renewing.get(apiKeyId);
        if (!pending) {
          pending = renew(db, apiKeyId, limit, size).finally(() => renewing.delete(apiKeyId));
          renewing.set(apiKeyId, pending);
        }
        const renewed = await pending;
        // Fewer tokens left than a lease: from here on, token by token (exact, and tells when to retry).
        if (!renewed) return takeRateLimitToken(db, apiKeyId, limit);
        if (renewed.tokens >= 1) return spend(renewed);
        // Others spent the new lease before this request woke up: try again.
      }
    },
  };
}
