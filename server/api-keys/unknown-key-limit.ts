// The REST door's limit on requests with API keys that are no live key: a token bucket per client address
// (held in this instance's memory, so it costs nothing to count), refilled at limit/60 tokens a second. Each
// request whose key this instance does not know to be a key takes a token before its key is looked up, and
// gets it back when the key turns out to be live; an address with no token left gets the 429 without a
// lookup. Keys verified live on this instance before are looked up without a token, so a client's own key
// keeps working whatever else is sent from its address.
import ipaddr from 'ipaddr.js';
import { setNewest } from '@/server/platform/lib/bounded-map';
import { AppError } from '@/server/platform/lib/errors';
import { metrics } from '@/server/platform/observability/metrics';
import type { UnknownKeyBudget } from '@/server/api-keys/api-keys';

export const UNKNOWN_KEY_LIMIT_MESSAGE =
  'Too many requests with unknown API keys from this address; retry later';

/** The most addresses remembered; the one refused longest ago is forgotten first (it gets a full bucket). */
const ADDRESS_CAPACITY = 10_000;
/** Clients whose address is not known (no TRUST_PROXY) share one bucket. */
const UNKNOWN_ADDRESS = 'unknown';

/** The bucket an address counts in: an IPv4 address, or the /64 network of an IPv6 one (one client's). */
function addressBucket(address: string | null): string {
  if (!address || !ipaddr.isValid(address)) return UNKNOWN_ADDRESS;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

interface Bucket {
  tokens: number;
  at: number;
}

export interface UnknownKeyLimiter {
  /** The budget of a request from `address` (null: unknown), for verifyApiKeyCached. */
  budgetFor: (address: string | null) => UnknownKeyBudget;
}

export function createUnknownKeyLimiter(
  perMinute: () => number,
  now: () => number = Date.now,
): UnknownKeyLimiter {
  const buckets = new Map<string, Bucket>();

  function tokensOf(bucket: Bucket | undefined, limit: number, at: number): number {
    if (!bucket) return limit;
    return Math.min(limit, bucket.tokens + ((at - bucket.at) / 60_000) * limit);
  }

  return {
    budgetFor(address) {
      const name = addressBucket(address);
      return {
        take() {
          const limit = perMinute();
          const at = now();
          const tokens = tokensOf(buckets.get(name), limit, at);
          if (tokens < 1) {
            metrics.rateLimitRefusals.inc();
            const retryAfterSeconds = Math.max(1, Math.ceil(((1 - tokens) * 60) / limit));
            throw new AppError('TOO_MANY_REQUESTS', UNKNOWN_KEY_LIMIT_MESSAGE, { retryAfterSeconds });
          }
          setNewest(buckets, name, { tokens: tokens - 1, at }, ADDRESS_CAPACITY);
        },
        giveBack() {
          const bucket = buckets.get(name);
          if (bucket) bucket.tokens = Math.min(perMinute(), bucket.tokens + 1);
        },
      };
    },
  };
}
