// The API-key lifecycle through the real REST door and Admin procedures: expiry, roll with overlap, last use.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCallerFor } from '@/server/test/admin-caller';
import { createAdmin } from '@/server/admins/users';
import {
  forgetVerifiedApiKeys,
  recordApiKeyUse,
  verifyApiKeyCached,
  ROLL_OVERLAPS,
  type ApiKeyScope,
} from '@/server/api-keys/api-keys';
import { testDatabaseKinds } from '@/server/test/database';
import { expectApiKeyError, expectParticipantError, keysPath, restSuite } from '@/server/test/rest-harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key the tests create, list and delete keys with, and enrol participants with. */
const MANAGER_SCOPES: ApiKeyScope[] = ['apikey:write', 'apikey:delete', 'participant:write'];

describe.each(testDatabaseKinds())('API-key lifecycle on %s', (kind) => {
  const { h, q, key: manager } = restSuite(kind, { scopes: MANAGER_SCOPES });
  let admin: ReturnType<typeof adminCallerFor>;

  beforeAll(async () => {
    const user = await createAdmin(h.db.prisma, {
      email: `keys-${kind}@example.com`,
      password: 'a-long-enough-password',
      questionnaireId: q.questionnaireId,
    });
    admin = adminCallerFor(h.db, user.id);
  });

  const enrol = (key: string) =>
    h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: randomUUID() },
    });
  const listKeys = (key: string) => h.call('GET', keysPath(q), { key });

  it('a key created with expires_at works until then, then gets the exact 401, also from the cache', async () => {
    // The door's first request loads its modules; on a busy machine that and a creation on the embedded
    // database took over 1.5 s, longer than the key lived.
    expect((await listKeys(manager.value)).status).toBe(200);
    const expiresAt = new Date(Date.now() + 5_000);
    const res = await h.call('POST', keysPath(q), {
      key: manager.value,
      body: { key_name: 'short-lived', scopes: ['participant:write'], expires_at: expiresAt.toISOString() },
    });
    expect(res.status).toBe(201);
    const value = res.body.api_key as string;
    // Used now, so the verified-key cache holds it when the expiry passes.
    expect((await enrol(value)).status).toBe(200);
    await sleep(expiresAt.getTime() - Date.now() + 50);
    expectParticipantError(await enrol(value), 401, 'UNAUTHORIZED', 'Invalid API key');
    const listed = await listKeys(manager.value);
    expect((listed.body as { id: string }[]).map((k) => k.id)).not.toContain(res.body.id);
    const adminList = await admin.apiKey.list({ questionnaireId: q.questionnaireId });
    expect(adminList.find((k) => k.id === res.body.id)).toMatchObject({
      state: 'expired',
      expiresAt: expiresAt.toISOString(),
    });
  });

  it('expires_at must be an RFC 3339 date-time in the future', async () => {
    const post = (expires_at: unknown) =>
      h.call('POST', keysPath(q), {
        key: manager.value,
        body: { key_name: 'k', scopes: ['participant:write'], expires_at },
      });
    expectApiKeyError(
      await post('next tuesday'),
      400,
      'expires_at must be an RFC 3339 date-time, e.g. 2027-01-31T00:00:00Z',
    );
    expectApiKeyError(await post('2020-01-01T00:00:00Z'), 400, 'expires_at must be in the future');
    expect((await post('2099-01-01T00:00:00+02:00')).status).toBe(201);
  });

  it('rolling with an overlap keeps both values working, lists both, audits it; then the old one is refused', async () => {
    const old = await h.createKey(q.questionnaireId, ['participant:write']);
    const rolled = await admin.apiKey.roll({
      questionnaireId: q.questionnaireId,
      keyId: old.id,
      overlap: '1h',
    });
    expect(rolled.key).toMatch(/^pais_live_/);
    expect(rolled.key).not.toBe(old.value);
    expect((await enrol(old.value)).status).toBe(200);
    expect((await enrol(rolled.key)).status).toBe(200);
    const listed = await admin.apiKey.list({ questionnaireId: q.questionnaireId });
    expect(listed.find((k) => k.id === old.id)).toMatchObject({ state: 'rolled', rolledToId: rolled.id });
    expect(listed.find((k) => k.id === rolled.id)).toMatchObject({ state: 'active', expiresAt: null });
    const overlapEnd = Date.parse(rolled.oldKeyExpiresAt!);
    expect(Math.abs(overlapEnd - (Date.now() + ROLL_OVERLAPS['1h']))).toBeLessThan(10_000);
    // An hour later (the clock passed in), the old value is refused even though the cache held it.
    expect(await verifyApiKeyCached(h.db.prisma, old.value, overlapEnd + 1)).toBeNull();
    expect(await verifyApiKeyCached(h.db.prisma, rolled.key, overlapEnd + 1)).not.toBeNull();
    const audit = await h.db.prisma.auditLog.findFirst({
      where: { action: 'api_key.roll', targetId: old.id },
    });
    expect(audit?.details).toMatchObject({ newKeyId: rolled.id, overlap: '1h' });
    await expect(
      admin.apiKey.roll({ questionnaireId: q.questionnaireId, keyId: old.id, overlap: '1h' }),
    ).rejects.toThrow('That key does not exist, has expired or was already rolled');
  });

  it('rolling with no overlap refuses the old value at once with the exact 401', async () => {
    const old = await h.createKey(q.questionnaireId, ['participant:write']);
    expect((await enrol(old.value)).status).toBe(200);
    const rolled = await admin.apiKey.roll({
      questionnaireId: q.questionnaireId,
      keyId: old.id,
      overlap: 'none',
    });
    expectParticipantError(await enrol(old.value), 401, 'UNAUTHORIZED', 'Invalid API key');
    expect((await enrol(rolled.key)).status).toBe(200);
    const listed = await admin.apiKey.list({ questionnaireId: q.questionnaireId });
    expect(listed.find((k) => k.id === old.id)?.state).toBe('expired');
  });

  it('an Admin creates a key with an expiry; a past one is refused', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await admin.apiKey.create({
      questionnaireId: q.questionnaireId,
      name: 'month',
      scopes: ['participant:read'],
      expiresAt,
    });
    const listed = await admin.apiKey.list({ questionnaireId: q.questionnaireId });
    expect(listed.find((k) => k.id === created.id)).toMatchObject({ state: 'active', expiresAt });
    await expect(
      admin.apiKey.create({
        questionnaireId: q.questionnaireId,
        name: 'past',
        scopes: ['participant:read'],
        expiresAt: '2020-01-01T00:00:00.000Z',
      }),
    ).rejects.toThrow('expires_at must be in the future');
  });

  it('last use records the time and the source address, at most once a minute', async () => {
    const key = await h.createKey(q.questionnaireId, ['participant:write']);
    forgetVerifiedApiKeys();
    // Without TRUST_PROXY (the test configuration) a client-written X-Forwarded-For is not believed.
    await h.call('POST', '/v1/participant', {
      key: key.value,
      headers: { 'x-forwarded-for': '203.0.113.9' },
      body: { project_uuid: q.questionnaireId, interview_ref_num: randomUUID() },
    });
    const first = await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    expect(first.lastUsedIp).toBeNull();
    // With an address (what the door passes when TRUST_PROXY is on): written only once the minute is over.
    const soon = new Date(first.lastUsedAt!.getTime() + 30_000);
    await recordApiKeyUse(h.db.prisma, { ...first }, '198.51.100.7', soon);
    expect((await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedIp).toBeNull();
    const later = new Date(first.lastUsedAt!.getTime() + 61_000);
    await recordApiKeyUse(h.db.prisma, { ...first }, '198.51.100.7', later);
    const listed = await admin.apiKey.list({ questionnaireId: q.questionnaireId });
    expect(listed.find((k) => k.id === key.id)).toMatchObject({
      lastUsedAt: later.toISOString(),
      lastUsedIp: '198.51.100.7',
    });
  });
});
