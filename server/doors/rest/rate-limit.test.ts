// Per-key rate limits at the REST door: RateLimit-* headers on every answer to a live key, 429 in the
// participant shape with Retry-After over the limit, refill over time, per-key limits, and one bucket shared
// by several instances on the same database.
import { describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { forgetVerifiedApiKeys } from '@/server/api-keys/api-keys';
import {
  RATE_LIMIT_MESSAGE,
  RATE_LIMIT_RANGE_MESSAGE,
  setApiKeyRateLimit,
  takeRateLimitToken,
} from '@/server/api-keys/rate-limits';
import { testDatabaseKinds } from '@/server/test/database';
import { createRestHandler } from './handler';
import {
  BASE,
  expectApiKeyError,
  expectParticipantError,
  keysPath,
  restSuite,
} from '@/server/test/rest-harness';
import { testActor } from '@/server/test/actor';

const DEFAULT_LIMIT = 50;

describe('a database that cannot be reached', () => {
  it('gets 503 with Retry-After from the key lookup and the rate limit, not 500', async () => {
    // Nothing listens on port 1: every query fails to connect.
    const unreachable = createDatabase('postgresql://nobody@127.0.0.1:1/none', 1);
    try {
      const handler = createRestHandler({ db: unreachable.prisma });
      const res = await handler(
        new Request(`${BASE}/v1/participant`, {
          method: 'POST',
          headers: { authorization: 'pais_live_any', 'content-type': 'application/json' },
          body: '{}',
        }),
      );
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).not.toBeNull();
      expect(await res.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE', status: 503 });
    } finally {
      await unreachable.close();
    }
  });
});

describe.each(testDatabaseKinds())('rate limits (%s)', (kind) => {
  const { h, q } = restSuite(kind, { door: { rateLimitPerMinute: DEFAULT_LIMIT } });
  let n = 0;
  const irn = () => `RL-${kind}-${++n}`;

  /** A key with its own limit, set before its first use (a verified key is cached for a few seconds). */
  async function keyWithLimit(perMinute: number | null) {
    const key = await h.createKey(q.questionnaireId);
    await setApiKeyRateLimit(h.db.prisma, { keyId: key.id, perMinute }, testActor);
    return key;
  }

  const create = (key: string) =>
    h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: irn() },
    });

  it('every answer to a live key carries RateLimit-Limit, -Remaining and -Reset; the default applies', async () => {
    const key = await keyWithLimit(null);
    const startedAt = Date.now();
    const first = await create(key.value);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe(String(DEFAULT_LIMIT));
    expect(first.headers.get('ratelimit-remaining')).toBe(String(DEFAULT_LIMIT - 1));
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(first.headers.get('retry-after')).toBeNull();
    // Refusals of a live key count too, and say so.
    const refused = await h.call('POST', '/v1/participant', { key: key.value, body: {} });
    expect(refused.status).toBe(400);
    // Two taken; what refilled meanwhile (50 a minute) is back (a busy machine took seconds between them).
    const refilled = Math.floor(((Date.now() - startedAt) / 60_000) * DEFAULT_LIMIT);
    const remaining = Number(refused.headers.get('ratelimit-remaining'));
    expect(remaining).toBeGreaterThanOrEqual(DEFAULT_LIMIT - 2);
    expect(remaining).toBeLessThanOrEqual(Math.min(DEFAULT_LIMIT - 2 + refilled, DEFAULT_LIMIT - 1));
  });

  it('over the limit: 429 with Retry-After on every endpoint of the key, each in its own error shape', async () => {
    const key = await keyWithLimit(3);
    for (let i = 0; i < 3; i++) expect((await create(key.value)).status).toBe(200);
    const refused = await create(key.value);
    expectParticipantError(refused, 429, 'TOO_MANY_REQUESTS', RATE_LIMIT_MESSAGE);
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    // 3 a minute: one token every 20 s.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(Number(refused.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
    // The API-key endpoints of the same key are limited too, answering `{error}` only.
    const list = await h.call('GET', keysPath(q), { key: key.value });
    expectApiKeyError(list, 429, RATE_LIMIT_MESSAGE);
    expect(list.headers.get('retry-after')).not.toBeNull();
    // Nothing was created by the refused request.
    expect(await h.db.prisma.participant.count({ where: { irn: `RL-${kind}-${n}` } })).toBe(0);
  });

  it('another key of the same questionnaire has its own bucket', async () => {
    const busy = await keyWithLimit(1);
    const other = await keyWithLimit(1);
    expect((await create(busy.value)).status).toBe(200);
    expect((await create(busy.value)).status).toBe(429);
    expect((await create(other.value)).status).toBe(200);
  });

  it('unknown, deleted and missing keys get their 401 without RateLimit headers', async () => {
    const unknown = await create('pk_live_not_a_key');
    expectParticipantError(unknown, 401, 'UNAUTHORIZED', 'Invalid API key');
    expect(unknown.headers.get('ratelimit-limit')).toBeNull();
    const missing = await h.call('POST', '/v1/participant', { key: null, body: {} });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('ratelimit-limit')).toBeNull();
  });

  it('the bucket refills at limit/60 tokens a second, up to the limit', async () => {
    const key = await h.createKey(q.questionnaireId);
    const take = () => takeRateLimitToken(h.db.prisma, key.id, 6);
    for (let i = 0; i < 6; i++) expect((await take()).allowed).toBe(true);
    // 6 a minute: one token every 10 s.
    expect(await take()).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 10 });
    // An empty bucket last touched 30 s ago has refilled 3 tokens.
    const emptiedAt = (seconds: number) => h.db.prisma.$executeRaw`
      UPDATE rate_limit_bucket SET tokens = 0, updated_at = clock_timestamp() - make_interval(secs => ${seconds})
      WHERE api_key_id = ${key.id}::uuid`;
    await emptiedAt(30);
    for (let i = 0; i < 3; i++) expect((await take()).allowed).toBe(true);
    expect((await take()).allowed).toBe(false);
    // An hour later it is full again, and no fuller.
    await emptiedAt(3600);
    expect(await take()).toMatchObject({ allowed: true, remaining: 5 });
  });

  it('a limit lowered by an Admin applies to a full bucket at once (capacity = new limit)', async () => {
    const key = await h.createKey(q.questionnaireId);
    expect(await takeRateLimitToken(h.db.prisma, key.id, 600)).toMatchObject({ remaining: 599 });
    expect(await takeRateLimitToken(h.db.prisma, key.id, 2)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('concurrent requests of one key never take more than the limit', async () => {
    const key = await keyWithLimit(10);
    const statuses = await Promise.all(
      Array.from({ length: 25 }, () => create(key.value).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it.runIf(kind === 'postgresql')('two instances on one PostgreSQL database share the bucket', async () => {
    const key = await keyWithLimit(12);
    const second = createDatabase(h.db.url, 5);
    try {
      const instances = [
        h.handler,
        createRestHandler({ db: second.prisma, rateLimitPerMinute: DEFAULT_LIMIT }),
      ];
      const statuses = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const res = await instances[i % 2]!(
            new Request(`${BASE}/v1/participant`, {
              method: 'POST',
              headers: { authorization: key.value, 'content-type': 'application/json' },
              body: JSON.stringify({ project_uuid: q.questionnaireId, interview_ref_num: irn() }),
            }),
          );
          return res.status;
        }),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(12);
      expect(statuses.filter((s) => s === 429)).toHaveLength(18);
    } finally {
      await second.close();
    }
  });

  describe('setting a key’s own limit', () => {
    it('refuses values that are not whole numbers from 1 to 1,000,000', async () => {
      const key = await h.createKey(q.questionnaireId);
      for (const perMinute of [0, -1, 1.5, 1_000_001, Number.NaN]) {
        await expect(
          setApiKeyRateLimit(h.db.prisma, { keyId: key.id, perMinute }, testActor),
        ).rejects.toThrow(RATE_LIMIT_RANGE_MESSAGE);
      }
    });

    it('reaches only keys of the named questionnaire, and only live ones', async () => {
      const key = await h.createKey(q.questionnaireId);
      const other = await h.seed();
      await expect(
        setApiKeyRateLimit(
          h.db.prisma,
          {
            keyId: key.id,
            questionnaireId: other.questionnaireId,
            perMinute: 5,
          },
          testActor,
        ),
      ).rejects.toMatchObject({ kind: 'NOT_FOUND' });
      await h.db.prisma.apiKey.update({ where: { id: key.id }, data: { deletedAt: new Date() } });
      await expect(
        setApiKeyRateLimit(h.db.prisma, { keyId: key.id, perMinute: 5 }, testActor),
      ).rejects.toMatchObject({
        kind: 'NOT_FOUND',
      });
    });

    it('returns the previous value; null goes back to the default', async () => {
      const key = await h.createKey(q.questionnaireId);
      expect(await setApiKeyRateLimit(h.db.prisma, { keyId: key.id, perMinute: 7 }, testActor)).toMatchObject(
        {
          rateLimitPerMinute: 7,
          previous: null,
        },
      );
      expect(
        await setApiKeyRateLimit(h.db.prisma, { keyId: key.id, perMinute: null }, testActor),
      ).toMatchObject({
        rateLimitPerMinute: null,
        previous: 7,
      });
      forgetVerifiedApiKeys();
      const res = await create(key.value);
      expect(res.headers.get('ratelimit-limit')).toBe(String(DEFAULT_LIMIT));
    });
  });
});
