// Leases on the shared rate-limit buckets, against a real database: a busy key's tokens are taken in
// batches, never more than the bucket allows across instances, and small limits stay exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { insertApiKey } from './api-keys';
import { createRateLimitLeases, leaseSize, LEASE_TTL_MS } from './rate-limit-lease';

describe('lease size', () => {
  it('is 1 (no lease) up to 600 a minute, a tenth of a second of refill above, at most 1,000', () => {
    expect(leaseSize(60)).toBe(1);
    expect(leaseSize(600)).toBe(1);
    expect(leaseSize(1_199)).toBe(1);
    expect(leaseSize(1_200)).toBe(2);
    expect(leaseSize(60_000)).toBe(100);
    expect(leaseSize(1_000_000)).toBe(1_000);
  });
});

describe.each(testDatabaseKinds())('rate-limit leases on %s', (kind) => {
  let db: TestDatabase;
  let questionnaireId: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const tenant = await db.prisma.tenant.create({ data: { name: 'T' } });
    questionnaireId = (await db.prisma.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } })).id;
  });
  afterAll(() => db.close());

  const newKey = async () =>
    (await insertApiKey(db.prisma, { questionnaireId, name: 'k', scopes: ['participant:read'] })).record.id;
  const bucketTokens = async (keyId: string) =>
    (await db.prisma.rateLimitBucket.findUniqueOrThrow({ where: { apiKeyId: keyId } })).tokens;

  it('a busy key takes a lease per 100 requests at 60,000 a minute, not a token per request', async () => {
    const keyId = await newKey();
    const leases = createRateLimitLeases();
    const decisions = await Promise.all(
      Array.from({ length: 250 }, () => leases.take(db.prisma, keyId, 60_000)),
    );
    expect(decisions.every((d) => d.allowed)).toBe(true);
    // Three leases of 100 were taken from the shared bucket (plus what refilled meanwhile, at 1,000/s).
    const left = await bucketTokens(keyId);
    expect(left).toBeLessThanOrEqual(60_000 - 300 + 1_000);
    expect(left).toBeGreaterThan(60_000 - 400);
    // What could be made now: the bucket plus the 50 tokens of the last lease not spent yet.
    expect(decisions.at(-1)!.remaining).toBe(Math.floor(left + 50));
  });

  it('two instances never admit more than the bucket holds, and refuse with Retry-After when it is empty', async () => {
    const keyId = await newKey();
    const limit = 1_200; // 20 a second: leases of 2, bucket of 1,200
    const instances = [createRateLimitLeases(), createRateLimitLeases()];
    const started = Date.now();
    const decisions = await Promise.all(
      Array.from({ length: 1_300 }, (_, i) => instances[i % 2]!.take(db.prisma, keyId, limit)),
    );
    const refilled = ((Date.now() - started) / 1000) * (limit / 60);
    const allowed = decisions.filter((d) => d.allowed).length;
    expect(allowed).toBeGreaterThanOrEqual(1_200 - 2 * 2); // at most one lease per instance may lapse unused
    expect(allowed).toBeLessThanOrEqual(1_200 + Math.ceil(refilled));
    const refused = decisions.filter((d) => !d.allowed);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((d) => d.retryAfterSeconds >= 1)).toBe(true);
  });

  it('a lease lapses after a second: its unspent tokens are not spent later', async () => {
    const keyId = await newKey();
    let clock = Date.now();
    const leases = createRateLimitLeases(() => clock);
    await leases.take(db.prisma, keyId, 60_000); // takes a lease of 100, spends 1
    const afterFirstLease = await bucketTokens(keyId);
    clock += LEASE_TTL_MS + 1;
    await leases.take(db.prisma, keyId, 60_000); // the 99 left have lapsed: a new lease is taken
    expect(await bucketTokens(keyId)).toBeLessThan(afterFirstLease - 99 + 60);
  });

  it('limits of 600 a minute or less take every token from the database, exactly', async () => {
    const keyId = await newKey();
    const leases = createRateLimitLeases();
    const decisions = await Promise.all(Array.from({ length: 8 }, () => leases.take(db.prisma, keyId, 5)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    expect(await bucketTokens(keyId)).toBeLessThan(1);
  });
});
