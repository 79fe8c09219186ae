import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { testActor } from '@/server/test/actor';
import { createTenant } from './tenants';
import { createQuestionnaire } from './questionnaires';
import {
  insertApiKey,
  deleteApiKey,
  forgetVerifiedApiKeys,
  verifyApiKeyCached,
  VERIFIED_KEY_TTL_MS,
} from './api-keys';

describe('API-key verification cache', () => {
  let db: TestDatabase;
  let questionnaireId: string;
  let key: { id: string; value: string };

  beforeEach(async () => {
    db = await createTestDatabase();
    forgetVerifiedApiKeys();
    const tenant = await createTenant(db.prisma, { name: 'Cache Co' }, testActor);
    questionnaireId = (await createQuestionnaire(db.prisma, { tenantId: tenant.id, name: 'Q' }, testActor))
      .id;
    const { record } = await insertApiKey(db.prisma, {
      questionnaireId,
      name: 'k',
      scopes: ['participant:write'],
    });
    key = { id: record.id, value: record.api_key };
  });
  afterEach(async () => {
    await db.close();
  });

  it('answers repeated verifications from memory, with the tenant', async () => {
    const first = await verifyApiKeyCached(db.prisma, key.value);
    expect(first).toMatchObject({ id: key.id, questionnaireId, tenantId: expect.any(String) });
    // Prove the second answer does not touch the database: the row is gone, the answer is not.
    await db.prisma.$executeRaw`UPDATE api_key SET deleted_at = now() WHERE id = ${key.id}::uuid`;
    expect(await verifyApiKeyCached(db.prisma, key.value)).toMatchObject({ id: key.id });
  });

  it('refuses a key at once on the instance that deleted it', async () => {
    await verifyApiKeyCached(db.prisma, key.value);
    expect(await deleteApiKey(db.prisma, questionnaireId, key.id, testActor)).toMatchObject({ id: key.id });
    expect(await verifyApiKeyCached(db.prisma, key.value)).toBeNull();
  });

  it('refuses a key deleted by another instance once the cache entry expires (within 5 s)', async () => {
    const now = Date.now();
    await verifyApiKeyCached(db.prisma, key.value, now);
    await db.prisma.$executeRaw`UPDATE api_key SET deleted_at = now() WHERE id = ${key.id}::uuid`;
    expect(await verifyApiKeyCached(db.prisma, key.value, now + VERIFIED_KEY_TTL_MS - 1)).not.toBeNull();
    expect(VERIFIED_KEY_TTL_MS).toBeLessThanOrEqual(5_000);
    expect(await verifyApiKeyCached(db.prisma, key.value, now + VERIFIED_KEY_TTL_MS)).toBeNull();
  });

  it('never caches an unknown key, so a key created a moment later works at once', async () => {
    expect(await verifyApiKeyCached(db.prisma, 'pais_live_unknown')).toBeNull();
    const { record } = await insertApiKey(db.prisma, {
      questionnaireId,
      name: 'new',
      scopes: ['participant:write'],
    });
    expect(await verifyApiKeyCached(db.prisma, record.api_key)).toMatchObject({ id: record.id });
  });
});
