// Leases on the shared rate-limit buckets, against a real database: a busy key's tokens are taken in
// batches, never more than the bucket allows across instances, and small limits stay exact.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { insertApiKey } from './api-keys';
import { createRateLimitLeases, leaseSize, LEASE_TTL_MS } from './rate-limit-lease';

describe('lease size', () => {
  it('is 1 (no lease) under 200 a minute, 1 % of the limit above, at most 1,000', () => {
    expect(leaseSize(5)).toBe(1);
    expect(leaseSize(199)).toBe(1);
    expect(leaseSize(200)).toBe(2);
    expect(leaseSize(600)).toBe(6);
    expect(leaseSize(60_000)).toBe(600);
    expect(leaseSize(1_000_000)).toBe(1_000);
  });
});

describe.each(testDatabaseKinds())('rate-limit leases on %s', (kind) => {
  const db = useTestDatabase(kind);
  let questionnaireId: string;

  beforeAll(async () => {
    const tenant = await db.prisma.tenant.create({ data: { name: 'T' } });
    questionnaireId = (await db.prisma.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } })).id;
  });

  const newKey = async () =>
    (await insertApiKey(db.prisma, { questionnaireId, name: 'k', scopes: ['participant:read'] })).record.id;
  const bucketTokens = async (keyId: string) =>
    (await db.prisma.rateLimitBucket.findUniqueOrThrow({ where: { apiKeyId: keyId } })).tokens;
  /** Tokens a bucket of `limit` a minute refills in the time since `started` (ms). */
  const refilledSince = (started: number, limit: number) => ((Date.now() - started) / 1000) * (limit / 60);

  it('at the default 600 a minute, requests are served from leases of 6, not a statement each', async () => {
    const keyId = await newKey();
    const leases = createRateLimitLeases();
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect((await leases.take(db.prisma, keyId, 600)).allowed).toBe(true);
    // One lease of 6 left the bucket for the three requests (token by token it would hold 597).
    const left = await bucketTokens(keyId);
    expect(left).toBeGreaterThanOrEqual(594);
    expect(left).toBeLessThanOrEqual(594 + refilledSince(started, 600));
  });

  it('a busy key takes a lease per 600 requests at 60,000 a minute, not a token per request', async () => {
    const keyId = await newKey();
    const leases = createRateLimitLeases();
    const decisions = await Promise.all(
      Array.from({ length: 250 }, () => leases.take(db.prisma, keyId, 60_000)),
    );
    expect(decisions.every((d) => d.allowed)).toBe(true);
    // One lease of 600 was taken from the shared bucket (plus what refilled meanwhile, at 1,000/s).
    const left = await bucketTokens(keyId);
    expect(left).toBeLessThanOrEqual(60_000 - 600 + 1_000);
    expect(left).toBeGreaterThanOrEqual(60_000 - 600);
    // What could be made now: the bucket plus the 350 tokens of the lease not spent yet.
    expect(decisions.at(-1)!.remaining).toBe(Math.floor(left + 350));
  });

  it.each([
    { limit: 1_200, instances: 2, requests: 1_300 },
    { limit: 600, instances: 3, requests: 700 },
  ])(
    '$instances instances never admit more than a bucket of $limit holds, and refuse with Retry-After when it is empty',
    async ({ limit, instances, requests }) => {
      const keyId = await newKey();
      const holders = Array.from({ length: instances }, () => createRateLimitLeases());
      const started = Date.now();
      const decisions = await Promise.all(
        Array.from({ length: requests }, (_, i) => holders[i % instances]!.take(db.prisma, keyId, limit)),
      );
      const allowed = decisions.filter((d) => d.allowed).length;
      // Never over the limit (plus the refill); under it by at most what the other instances still hold.
      expect(allowed).toBeLessThanOrEqual(limit + Math.ceil(refilledSince(started, limit)));
      expect(allowed).toBeGreaterThanOrEqual(limit - (instances - 1) * leaseSize(limit));
      const refused = decisions.filter((d) => !d.allowed);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((d) => d.retryAfterSeconds >= 1 && d.remaining === 0)).toBe(true);
    },
  );

  it('a lease lapses after a second: its unspent tokens go back into the bucket, not spent later', async () => {
    const keyId = await newKey();
    let clock = Date.now();
    const leases = createRateLimitLeases(() => clock);
    const started = Date.now();
    await leases.take(db.prisma, keyId, 60_000); // takes a lease of 600, spends 1
    const afterFirstLease = await bucketTokens(keyId);
    clock += LEASE_TTL_MS + 1;
    // The 599 left have lapsed: they go back, and a new lease of 600 is taken, in one statement.
    const decision = await leases.take(db.prisma, keyId, 60_000);
    const left = await bucketTokens(keyId);
    expect(left).toBeGreaterThanOrEqual(afterFirstLease - 1);
    expect(left).toBeLessThanOrEqual(afterFirstLease - 1 + refilledSince(started, 60_000));
    // This instance can now make the new lease's 599 besides what the bucket holds, not the lapsed 599 too.
    expect(decision.remaining).toBe(Math.floor(left + 599));
  });

  it('limits under 200 a minute take every token from the database, exactly', async () => {
    const keyId = await newKey();
    const leases = createRateLimitLeases();
    const decisions = await Promise.all(Array.from({ length: 8 }, () => leases.take(db.prisma, keyId, 5)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    expect(await bucketTokens(keyId)).toBeLessThan(1);
  });
});
