// A key minted through POST …/apikeys can never outlive, out-rate or out-scope the key that mints it, the old
// value of a rolled key mints nothing, and a questionnaire holds a bounded number of live keys.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { env } from '@/server/platform/env';
import { createApiKey, rollApiKey, tooManyKeysMessage } from '@/server/api-keys/api-keys';
import { testDatabaseKinds } from '@/server/test/database';
import { expectApiKeyError, keysPath, useRestHarness, type Seeded } from '@/server/test/rest-harness';

const HOUR = 60 * 60_000;
const NOT_AUTHORIZED = 'You are not authorized to perform this operation';
const CLI = { type: 'cli', id: 'test' } as const;

describe.each(testDatabaseKinds())('keys minted by keys on %s', (kind) => {
  const h = useRestHarness(kind);

  /** A questionnaire and a parent key that may mint, with the given expiry and own rate limit. */
  async function parentKey(options: { expiresAt?: Date | null; rateLimitPerMinute?: number | null } = {}) {
    const q = await h.seed();
    const parent = await h.createKey(q.questionnaireId, ['apikey:write', 'participant:write']);
    await h.db.prisma.apiKey.update({
      where: { id: parent.id },
      data: { expiresAt: options.expiresAt ?? null, rateLimitPerMinute: options.rateLimitPerMinute ?? null },
    });
    return { q, parent };
  }

  const mint = (q: Seeded, key: string, extra: Record<string, unknown> = {}) =>
    h.call('POST', keysPath(q), {
      key,
      body: { key_name: 'child', scopes: ['participant:write'], ...extra },
    });
  const enrol = (q: Seeded, key: string) =>
    h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: randomUUID() },
    });
  const stored = (id: string) => h.db.prisma.apiKey.findUniqueOrThrow({ where: { id } });

  it('a child without expires_at expires with its parent and draws from the parent’s bucket, under its limit', async () => {
    const parentExpiry = new Date(Date.now() + HOUR);
    const { q, parent } = await parentKey({ expiresAt: parentExpiry, rateLimitPerMinute: 3 });
    const res = await mint(q, parent.value);
    expect(res.status).toBe(201);
    const child = await stored(res.body.id as string);
    expect(child.expiresAt?.getTime()).toBe(parentExpiry.getTime());
    expect(child).toMatchObject({ rateLimitPerMinute: null, rootKeyId: parent.id });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await enrol(q, res.body.api_key as string);
      expect(answer.headers.get('ratelimit-limit')).toBe('3');
      statuses.push(answer.status);
    }
    // The parent's request that minted the child took one of the tree's three tokens.
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it('a child may expire before its parent, but asking for a later expiry is refused and creates nothing', async () => {
    const parentExpiry = new Date(Date.now() + HOUR);
    const { q, parent } = await parentKey({ expiresAt: parentExpiry });
    const later = new Date(parentExpiry.getTime() + 1000).toISOString();
    expectApiKeyError(
      await mint(q, parent.value, { expires_at: later }),
      400,
      `expires_at must not be later than ${parentExpiry.toISOString()}, when the key creating it expires`,
    );
    expect(await h.db.prisma.apiKey.count({ where: { questionnaireId: q.questionnaireId } })).toBe(1);
    const earlier = new Date(parentExpiry.getTime() - HOUR / 2);
    const res = await mint(q, parent.value, { expires_at: earlier.toISOString() });
    expect(res.status).toBe(201);
    expect((await stored(res.body.id as string)).expiresAt?.getTime()).toBe(earlier.getTime());
  });

  it('the child of a child inherits the same bounds', async () => {
    const parentExpiry = new Date(Date.now() + HOUR);
    const { q, parent } = await parentKey({ expiresAt: parentExpiry, rateLimitPerMinute: 5 });
    const child = await mint(q, parent.value, { scopes: ['apikey:write', 'participant:write'] });
    expect(child.status).toBe(201);
    const grandchild = await mint(q, child.body.api_key as string);
    expect(grandchild.status).toBe(201);
    expect(await stored(grandchild.body.id as string)).toMatchObject({
      expiresAt: parentExpiry,
      rootKeyId: parent.id,
    });
  });

  it('a parent without an expiry or own limit mints a key without either (the default limit for both)', async () => {
    const { q, parent } = await parentKey();
    const res = await mint(q, parent.value);
    expect(res.status).toBe(201);
    expect(await stored(res.body.id as string)).toMatchObject({ expiresAt: null, rateLimitPerMinute: null });
  });

  it('the old value of a rolled key, still working for the overlap, cannot mint; the new one can', async () => {
    const { q, parent } = await parentKey();
    const rolled = await rollApiKey(
      h.db.prisma,
      { questionnaireId: q.questionnaireId, keyId: parent.id, overlap: '1h' },
      CLI,
    );
    expect((await enrol(q, parent.value)).status).toBe(200);
    expectApiKeyError(await mint(q, parent.value), 403, NOT_AUTHORIZED);
    expect(
      await h.db.prisma.apiKey.count({ where: { questionnaireId: q.questionnaireId, name: 'child' } }),
    ).toBe(0);
    expect((await mint(q, rolled.record.api_key)).status).toBe(201);
  });

  it(`a questionnaire holds at most API_KEYS_PER_QUESTIONNAIRE_MAX (${env.API_KEYS_PER_QUESTIONNAIRE_MAX}) live keys: one more is a 409`, async () => {
    const max = env.API_KEYS_PER_QUESTIONNAIRE_MAX;
    const { q, parent } = await parentKey();
    // Deleted and expired keys do not count.
    const fill = (count: number, extra: string) =>
      h.db.prisma.$executeRawUnsafe(
        `INSERT INTO api_key (id, questionnaire_id, name, hash, start, "end", scopes, updated_at ${extra ? ', ' + extra.split('=')[0] : ''})
         SELECT gen_random_uuid(), $1::uuid, 'filler ' || g, md5(random()::text || g), 'pais', 'xxxx',
                ARRAY['participant:read'], now() ${extra ? ', ' + extra.split('=')[1] : ''}
         FROM generate_series(1, ${count}) g`,
        q.questionnaireId,
      );
    await fill(max - 2, '');
    await fill(3, 'deleted_at=now()');
    await fill(3, "expires_at=now() - interval '1 minute'");
    const last = await mint(q, parent.value);
    expect(last.status).toBe(201);
    expectApiKeyError(await mint(q, parent.value), 409, tooManyKeysMessage(max));
    await h.db.prisma.apiKey.update({
      where: { id: last.body.id as string },
      data: { deletedAt: new Date() },
    });
    expect((await mint(q, parent.value)).status).toBe(201);
  });

  it('the cap holds for concurrent creations and for every door', async () => {
    const { q } = await parentKey();
    const create = () =>
      createApiKey(
        h.db.prisma,
        { questionnaireId: q.questionnaireId, name: 'racer', scopes: ['participant:read'] },
        CLI,
        { maxLiveKeys: 2 },
      );
    const results = await Promise.allSettled([create(), create(), create()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect(r.reason).toMatchObject({
        kind: 'CONFLICT',
        message: tooManyKeysMessage(2),
      });
    expect(await h.db.prisma.apiKey.count({ where: { questionnaireId: q.questionnaireId } })).toBe(2);
  });
});
