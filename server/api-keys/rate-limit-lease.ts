// Per-instance leases on the shared rate-limit buckets, so that a key does not cost a database round trip on
// every request. An instance takes a lease of tokens from the key's bucket in one statement and spends them
// locally; a lease holds 1 % of the key's limit (at most 1,000 tokens), so at the default 600 a minute a lease
// of 6 tokens serves 6 requests with one statement. Limits under 200 a minute are not leased: every request
// takes its token in the database, exactly.
//
// Why this keeps the limit: tokens are taken from the shared bucket BEFORE they are spent, so all instances
// together never admit more than the bucket allows (no overshoot, whatever the number of instances). What a
// lease costs instead: while one instance holds a lease, other instances cannot spend its tokens, so a key may
// be refused by one instance while another holds at most 1 % of its limit; a lease is spent within a second or
// lapses, and the unspent rest of a lapsed lease goes back into the bucket with the instance's next lease.
// Near an empty bucket (fewer tokens than a lease) every instance takes token by token, exactly, and a refusal
// then tells exactly when to retry.
import type { Db } from '@/server/platform/db/client';
import {
  rateLimitDecision,
  takeRateLimitToken,
  takeRateLimitTokens,
  type RateLimitDecision,
} from './rate-limits';

/** How long leased tokens may be spent; afterwards the rest lapses. */
export const LEASE_TTL_MS = 1_000;
/** The most tokens one lease holds, whatever the limit. */
const LEASE_MAX_TOKENS = 1_000;
/** The share of a key's limit (its burst) one lease takes. */
const LEASE_SHARE_OF_LIMIT = 0.01;

/** Tokens taken at once for a limit of `limit` per minute; 1 means "no lease, take each token exactly". */
export function leaseSize(limit: number): number {
  return Math.min(LEASE_MAX_TOKENS, Math.max(1, Math.floor(limit * LEASE_SHARE_OF_LIMIT)));
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
  // Keys whose bucket held less than a lease: token by token until then, without trying a lease first (a key
  // at its limit would otherwise cost a failed lease statement on every request).
  const exactUntil = new Map<string, number>();

  function spend(lease: Lease): RateLimitDecision {
    lease.tokens -= 1;
    return rateLimitDecision(true, lease.limit, lease.bucketTokens + lease.tokens);
  }

  async function renew(db: Db, apiKeyId: string, limit: number, size: number): Promise<Lease | null> {
    // The unspent rest of the lease this one replaces goes back into the bucket; nothing spends it any more
    // (it lapsed, or its limit changed), and zeroing it first means it is returned once.
    const previous = leases.get(apiKeyId);
    const refund = previous ? previous.tokens : 0;
    if (previous) previous.tokens = 0;
    const left = await takeRateLimitTokens(db, apiKeyId, limit, size, refund);
    if (left === null) {
      exactUntil.set(apiKeyId, now() + LEASE_TTL_MS);
      return null;
    }
    exactUntil.delete(apiKeyId);
    const lease = { limit, tokens: size, bucketTokens: left, expiresAt: now() + LEASE_TTL_MS };
    leases.set(apiKeyId, lease);
    return lease;
  }

  return {
    async take(db, apiKeyId, limit) {
      const size = leaseSize(limit);
      if (size === 1 || (exactUntil.get(apiKeyId) ?? 0) > now())
        return takeRateLimitToken(db, apiKeyId, limit);
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
