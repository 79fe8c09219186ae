// GET /v1/me (our extension): any valid key learns how it acts (id, name, scopes, mode, expiry,
// questionnaire, tenant, rate limit), whatever its scopes, never its value; on both databases, through the
// REST door as production serves it, every answer checked against the OpenAPI document.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { forgetVerifiedApiKeys } from '@/server/api-keys/api-keys';
import { expectParticipantError, keysPath, restSuite, type Seeded } from '@/server/test/rest-harness';

const RATE_LIMIT = 5_000;

describe.each(testDatabaseKinds())('GET /v1/me (%s)', (kind) => {
  const { h, q: live } = restSuite(kind, { door: { rateLimitPerMinute: RATE_LIMIT } });
  let sandbox: Seeded;
  beforeAll(async () => {
    sandbox = await h.seed({ tenantId: live.tenantId, sandbox: true });
  });

  const me = (key: string | null) => h.call('GET', '/v1/me', { key });

  it('describes a live key: id, masked value, name, scopes, mode, expiry, questionnaire, tenant, rate limit', async () => {
    const key = await h.createKey(live.questionnaireId);
    const res = await me(key.value);
    expect(res.status).toBe(200);
    const row = await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(res.body).toEqual({
      id: key.id,
      api_key: `${key.value.slice(0, row.start.length)}…${key.value.slice(-4)}`,
      key_name: row.name,
      scopes: row.scopes,
      mode: 'live',
      expires_at: null,
      questionnaire_id: live.questionnaireId,
      tenant_id: live.tenantId,
      rate_limit: { requests_per_minute: RATE_LIMIT, shared: false },
    });
    expect(res.text).not.toContain(key.value);
    expect(res.headers.get('ratelimit-limit')).toBe(String(RATE_LIMIT));
  });

  it('needs no particular scope, and says test for a sandbox key', async () => {
    const key = await h.createKey(sandbox.questionnaireId, ['apikey:delete']);
    const res = await me(key.value);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'test',
      scopes: ['apikey:delete'],
      questionnaire_id: sandbox.questionnaireId,
      tenant_id: sandbox.tenantId,
    });
  });

  it('shows a key minted by a key with its expiry and its share of the tree’s rate limit', async () => {
    const parent = await h.createKey(live.questionnaireId);
    const own = 1_234;
    await h.db.prisma.apiKey.update({ where: { id: parent.id }, data: { rateLimitPerMinute: own } });
    const expiresAt = '2099-01-31T00:00:00.000Z';
    const minted = await h.call('POST', keysPath(live), {
      key: parent.value,
      body: { key_name: 'minted', scopes: ['participant:read'], expires_at: expiresAt },
    });
    expect(minted.status).toBe(201);
    const res = await me(minted.body.api_key as string);
    expect(res.body).toMatchObject({
      id: minted.body.id,
      key_name: 'minted',
      scopes: ['participant:read'],
      expires_at: expiresAt,
      rate_limit: { requests_per_minute: own, shared: true },
    });
    expect((await me(parent.value)).body.rate_limit).toEqual({ requests_per_minute: own, shared: false });
  });

  it('answers a missing, unknown or deleted key with the 401 of our endpoints', async () => {
    expectParticipantError(await me(null), 401, 'UNAUTHORIZED', 'API key is required');
    expectParticipantError(await me('pais_live_unknown'), 401, 'UNAUTHORIZED', 'Invalid API key');
    const key = await h.createKey(live.questionnaireId);
    await h.db.prisma.apiKey.update({ where: { id: key.id }, data: { deletedAt: new Date() } });
    forgetVerifiedApiKeys();
    expectParticipantError(await me(key.value), 401, 'UNAUTHORIZED', 'Invalid API key');
  });
});
