import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { testActor } from '@/server/test/actor';
import { createTenant } from '../questionnaires/tenants';
import { createQuestionnaire } from '../questionnaires/questionnaires';
import { hashApiKey } from '@/server/api-keys/secret';
import { processSingleton } from '@/server/platform/process-registry';
import {
  createApiKey,
  insertApiKey,
  deleteApiKey,
  forgetVerifiedApiKeys,
  verifyApiKeyCached,
  UNKNOWN_KEY_TTL_MS,
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

  it('remembers an unknown key for a while, which never hides a key created afterwards', async () => {
    const now = Date.now();
    expect(await verifyApiKeyCached(db.prisma, 'pais_live_unknown', now)).toBeNull();
    // Answered from memory: a row with this hash, were one to appear, is not seen within UNKNOWN_KEY_TTL_MS…
    await db.prisma.apiKey.create({
      data: { questionnaireId, name: 'planted', hash: hashApiKey('pais_live_unknown'), start: 'p', end: 'x' },
    });
    expect(await verifyApiKeyCached(db.prisma, 'pais_live_unknown', now + 1)).toBeNull();
    expect(await verifyApiKeyCached(db.prisma, 'pais_live_unknown', now + UNKNOWN_KEY_TTL_MS)).not.toBeNull();
    // …but a key is only ever created with a fresh random value, which works at once.
    const { record } = await insertApiKey(db.prisma, {
      questionnaireId,
      name: 'new',
      scopes: ['participant:write'],
    });
    expect(await verifyApiKeyCached(db.prisma, record.api_key)).toMatchObject({ id: record.id });
  });

  it('does not remember the key of an archived questionnaire as unknown: restored, it works at once', async () => {
    await db.prisma.questionnaire.update({
      where: { id: questionnaireId },
      data: { archivedAt: new Date() },
    });
    expect(await verifyApiKeyCached(db.prisma, key.value)).toBeNull();
    await db.prisma.questionnaire.update({ where: { id: questionnaireId }, data: { archivedAt: null } });
    expect(await verifyApiKeyCached(db.prisma, key.value)).toMatchObject({ id: key.id });
  });

  it('refuses the keys a deleted key minted: at once on this instance, on others once their entry expires', async () => {
    const minted = await createApiKey(
      db.prisma,
      { questionnaireId, name: 'child', scopes: ['participant:write'], createdByKey: key.id },
      testActor,
    );
    const now = Date.now();
    expect(await verifyApiKeyCached(db.prisma, minted.record.api_key, now)).toMatchObject({
      rateLimit: { bucketId: key.id },
    });
    // Another instance's cache: the entry this instance held before the deletion.
    const cache = processSingleton('verifiedKeys', () => new Map());
    const otherInstance = new Map(cache);
    await deleteApiKey(db.prisma, questionnaireId, key.id, testActor);
    expect(await verifyApiKeyCached(db.prisma, minted.record.api_key, now)).toBeNull();
    for (const [hash, entry] of otherInstance) cache.set(hash, entry);
    expect(
      await verifyApiKeyCached(db.prisma, minted.record.api_key, now + VERIFIED_KEY_TTL_MS - 1),
    ).not.toBeNull();
    expect(await verifyApiKeyCached(db.prisma, minted.record.api_key, now + VERIFIED_KEY_TTL_MS)).toBeNull();
  });
});
