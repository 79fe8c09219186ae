// Requests with API keys that are no live key cost no database lookup once refused, and an address that sends
// many of them is answered 429 (TOO_MANY_REQUESTS with Retry-After) without a lookup, while other addresses,
// and keys the instance knows, go on as before.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { env } from '@/server/platform/env';
import { metrics } from '@/server/platform/observability/metrics';
import { forgetVerifiedApiKeys } from '@/server/api-keys/api-keys';
import { testDatabaseKinds } from '@/server/test/database';
import { expectApiKeyError, expectParticipantError, keysPath, restSuite } from '@/server/test/rest-harness';
import { UNKNOWN_KEY_LIMIT_MESSAGE } from './unknown-key-limit';

const LIMIT = 3;

/** A value shaped like a key that was never issued. */
const randomKey = () => `pais_live_${randomBytes(20).toString('hex')}`;

/** Verifications answered by the database so far (api_key_cache_requests_total{result="miss"}). */
async function lookups(): Promise<number> {
  const { values } = await metrics.apiKeyCache.get();
  return values.find((v) => v.labels.result === 'miss')?.value ?? 0;
}

describe.each(testDatabaseKinds())('unknown API keys on %s', (kind) => {
  const { h, q } = restSuite(kind, { door: { unknownKeyLimitPerMinute: LIMIT } });
  let address = 0;
  /** A fresh private client address for each test, so that tests do not share a bucket. */
  let from: string;

  beforeEach(() => {
    env.TRUST_PROXY = true;
    from = `10.0.0.${++address}`;
    forgetVerifiedApiKeys();
  });
  afterEach(() => {
    env.TRUST_PROXY = false;
  });

  const enrol = (key: string, clientAddress = from) =>
    h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: randomUUID() },
      headers: { 'x-forwarded-for': clientAddress },
    });

  it('an address over its limit of unknown keys gets 429 with Retry-After in each endpoint’s shape, without a lookup', async () => {
    for (let i = 0; i < LIMIT; i++)
      expectParticipantError(await enrol(randomKey()), 401, 'UNAUTHORIZED', 'Invalid API key');
    const before = await lookups();
    const refused = await enrol(randomKey());
    expectParticipantError(refused, 429, 'TOO_MANY_REQUESTS', UNKNOWN_KEY_LIMIT_MESSAGE);
    // 3 a minute: one more every 20 s.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    const listed = await h.call('GET', keysPath(q), {
      key: randomKey(),
      headers: { 'x-forwarded-for': from },
    });
    expectApiKeyError(listed, 429, UNKNOWN_KEY_LIMIT_MESSAGE);
    expect(listed.headers.get('retry-after')).not.toBeNull();
    expect(await lookups()).toBe(before);
    // Another address has its own budget.
    expectParticipantError(await enrol(randomKey(), '10.1.0.1'), 401, 'UNAUTHORIZED', 'Invalid API key');
  });

  it('the addresses of one IPv6 /64 share a budget', async () => {
    for (let i = 1; i <= LIMIT; i++)
      expect((await enrol(randomKey(), `fd00:0:0:${address}::${i}`)).status).toBe(401);
    expect((await enrol(randomKey(), `fd00:0:0:${address}::ffff`)).status).toBe(429);
    expect((await enrol(randomKey(), `fd00:0:0:${address + 1000}::1`)).status).toBe(401);
  });

  it('a key repeated after its refusal is answered from memory: 401 without a lookup, still counted', async () => {
    const unknown = randomKey();
    expect((await enrol(unknown)).status).toBe(401);
    const before = await lookups();
    for (let i = 1; i < LIMIT; i++) expect((await enrol(unknown)).status).toBe(401);
    expect(await lookups()).toBe(before);
    expect((await enrol(unknown)).status).toBe(429);
  });

  it('a live key is not counted, and keeps working from an address over its limit', async () => {
    const key = await h.createKey(q.questionnaireId);
    // A new key never refused before works at once, and gives its token back.
    for (let i = 0; i < LIMIT + 2; i++) expect((await enrol(key.value)).status).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await enrol(randomKey())).status).toBe(401);
    expect((await enrol(randomKey())).status).toBe(429);
    expect((await enrol(key.value)).status).toBe(200);
  });

  it('without TRUST_PROXY a client-written X-Forwarded-For buys no fresh budget', async () => {
    env.TRUST_PROXY = false;
    for (let i = 0; i < LIMIT; i++) expect((await enrol(randomKey(), `10.2.0.${i}`)).status).toBe(401);
    expect((await enrol(randomKey(), '10.2.1.1')).status).toBe(429);
  });
});
