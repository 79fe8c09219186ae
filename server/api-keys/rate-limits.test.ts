// A 429 always says RateLimit-Remaining: 0, also under concurrency, where the bucket can refill between the
// refused take and the read of the wait time.
import { describe, expect, it } from 'vitest';
import { rateLimitDecision, rateLimitHeaders } from './rate-limits';

describe('rate-limit headers of a refusal', () => {
  it.each([0, 0.4, 1, 1.7, 25])(
    'say RateLimit-Remaining: 0 and a Retry-After of at least 1 s when the bucket read %s tokens',
    (tokens) => {
      const headers = rateLimitHeaders(rateLimitDecision(false, 600, tokens));
      expect(headers['RateLimit-Remaining']).toBe('0');
      expect(Number(headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    },
  );

  it('an allowed request still reports the whole tokens left', () => {
    expect(rateLimitHeaders(rateLimitDecision(true, 600, 12.9))['RateLimit-Remaining']).toBe('12');
  });
});
