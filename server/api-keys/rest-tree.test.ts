// Keys minted by keys form a tree that answers to its root: deleting or rolling a key revokes every key it
// minted, down the tree, in the same transaction and with one audit entry each, and the whole tree draws from
// its root key's rate-limit bucket, so spreading requests over many minted keys never multiplies the limit.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forgetVerifiedApiKeys, rollApiKey } from '@/server/api-keys/api-keys';
import { setApiKeyRateLimit, sharedRateLimitMessage } from '@/server/api-keys/rate-limits';
import { testActor } from '@/server/test/actor';
import { testDatabaseKinds } from '@/server/test/database';
import { expectParticipantError, keysPath, useRestHarness, type Seeded } from '@/server/test/rest-harness';

const MINTER_SCOPES = ['apikey:write', 'participant:write'];

describe.each(testDatabaseKinds())('API-key trees on %s', (kind) => {
  // The unknown-key budget out of the way (unknown-key-limit.ts): a request whose key this instance does not
  // know yet takes one of the address's tokens until the key is found live. The shared-bucket test sends sixty
  // requests at once with twenty keys just forgotten; on a busy machine all sixty waited for the database at
  // once, and the 60 a minute (less what earlier tests' revoked keys took) ran out: 429s of that limit, not
  // of the tree's.
  const h = useRestHarness(kind, { unknownKeyLimitPerMinute: 1_000_000 });

  /** Mints a key with `minter` through POST …/apikeys; returns its id and value. */
  async function mint(q: Seeded, minter: string, scopes = MINTER_SCOPES) {
    const res = await h.call('POST', keysPath(q), { key: minter, body: { key_name: 'minted', scopes } });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, value: res.body.api_key as string };
  }
  const enrol = (q: Seeded, key: string) =>
    h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: randomUUID() },
    });
  /** A root key, a child it minted and a grandchild the child minted, each used once (so cached). */
  async function tree() {
    const q = await h.seed();
    const root = await h.createKey(q.questionnaireId, ['apikey:write', 'apikey:delete', 'participant:write']);
    const child = await mint(q, root.value);
    const grandchild = await mint(q, child.value);
    for (const key of [root, child, grandchild]) expect((await enrol(q, key.value)).status).toBe(200);
    return { q, root, child, grandchild };
  }
  const deleteEntries = (targetId: string) =>
    h.db.prisma.auditLog.findMany({ where: { targetId, action: 'api_key.delete' } });

  it('deleting a key through the REST door revokes what it minted, down the tree, at once, one audit entry each', async () => {
    const { q, root, child, grandchild } = await tree();
    const manager = await h.createKey(q.questionnaireId, ['apikey:delete', 'participant:write']);
    expect((await h.call('DELETE', `${keysPath(q)}/${root.id}`, { key: manager.value })).status).toBe(204);
    for (const key of [root, child, grandchild])
      expectParticipantError(await enrol(q, key.value), 401, 'UNAUTHORIZED', 'Invalid API key');
    // The grandchild's minter cannot mint any more either.
    expect(
      (
        await h.call('POST', keysPath(q), {
          key: child.value,
          body: { key_name: 'x', scopes: ['participant:write'] },
        })
      ).status,
    ).toBe(401);
    expect((await enrol(q, manager.value)).status).toBe(200);
    const [rootEntry] = await deleteEntries(root.id);
    expect(rootEntry).toMatchObject({
      actorType: 'api_key',
      actorId: manager.id,
      details: { mintedKeysRevoked: 2 },
    });
    for (const [key, mintedBy] of [
      [child, root],
      [grandchild, child],
    ] as const) {
      const entries = await deleteEntries(key.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorType: 'api_key',
        actorId: manager.id,
        questionnaireId: q.questionnaireId,
        details: { reason: 'minter_deleted', revokedWith: root.id, mintedBy: mintedBy.id },
      });
    }
  });

  it('a deletion whose revocation cannot be fully written deletes nothing (one transaction)', async () => {
    const { q, root, child, grandchild } = await tree();
    // The grandchild's audit entry fails: the root's and the child's deletions must roll back with it.
    await h.db.prisma.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION test_fail_grandchild_entry() RETURNS trigger AS $$
      BEGIN
        IF NEW.target_id = '${grandchild.id}' THEN RAISE EXCEPTION 'simulated failure'; END IF;
        RETURN NEW;
      END; $$ LANGUAGE plpgsql`);
    await h.db.prisma.$executeRawUnsafe(
      `CREATE TRIGGER test_fail_grandchild_entry BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_grandchild_entry()`,
    );
    try {
      expect((await h.call('DELETE', `${keysPath(q)}/${root.id}`, { key: root.value })).status).toBe(500);
    } finally {
      await h.db.prisma.$executeRawUnsafe('DROP TRIGGER test_fail_grandchild_entry ON audit_log');
    }
    const live = await h.db.prisma.apiKey.count({
      where: { id: { in: [root.id, child.id, grandchild.id] }, deletedAt: null },
    });
    expect(live).toBe(3);
    forgetVerifiedApiKeys();
    for (const key of [root, child, grandchild]) expect((await enrol(q, key.value)).status).toBe(200);
  });

  it('rolling a key revokes what it minted at once, whatever the overlap; its successor keeps its place in the tree', async () => {
    const { q, root, child, grandchild } = await tree();
    const rolled = await rollApiKey(
      h.db.prisma,
      { questionnaireId: q.questionnaireId, keyId: root.id, overlap: '1h' },
      testActor,
    );
    // The old value works for the overlap; what it minted does not.
    expect((await enrol(q, root.value)).status).toBe(200);
    for (const key of [child, grandchild])
      expectParticipantError(await enrol(q, key.value), 401, 'UNAUTHORIZED', 'Invalid API key');
    expect(await deleteEntries(grandchild.id)).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ reason: 'minter_rolled', revokedWith: root.id }),
      }),
    ]);
    expect(
      await h.db.prisma.auditLog.findFirst({ where: { targetId: root.id, action: 'api_key.roll' } }),
    ).toMatchObject({ details: expect.objectContaining({ mintedKeysRevoked: 2 }) });

    // A minted key that is rolled stays in the tree: deleting its minter revokes its successor too.
    const newRoot = rolled.record.api_key;
    const minted = await mint(q, newRoot);
    const successor = await rollApiKey(
      h.db.prisma,
      { questionnaireId: q.questionnaireId, keyId: minted.id, overlap: 'none' },
      testActor,
    );
    expect(successor.key).toMatchObject({ createdByKey: rolled.key.id, rootKeyId: rolled.key.id });
    expect((await enrol(q, successor.record.api_key)).status).toBe(200);
    expect((await h.call('DELETE', `${keysPath(q)}/${rolled.key.id}`, { key: newRoot })).status).toBe(204);
    expectParticipantError(await enrol(q, successor.record.api_key), 401, 'UNAUTHORIZED', 'Invalid API key');
  });

  it('a tree shares its root key’s bucket and limit: twenty minted keys of a key limited to 5 a minute get 5 answers together', async () => {
    const q = await h.seed();
    const root = await h.createKey(q.questionnaireId, ['apikey:write', 'participant:write']);
    const descendants: { id: string; value: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const child = await mint(q, root.value);
      descendants.push(child);
      for (let j = 0; j < 4; j++) descendants.push(await mint(q, child.value));
    }
    expect(descendants).toHaveLength(20);
    // The Admin limits the root; a minted key has no limit of its own to set.
    await setApiKeyRateLimit(h.db.prisma, { keyId: root.id, perMinute: 5 }, testActor);
    await expect(
      setApiKeyRateLimit(h.db.prisma, { keyId: descendants[0]!.id, perMinute: 1000 }, testActor),
    ).rejects.toMatchObject({ kind: 'CONFLICT', message: sharedRateLimitMessage(root.id) });
    // The root's bucket is full again, as after a minute without requests.
    await h.db.prisma.rateLimitBucket.deleteMany({ where: { apiKeyId: root.id } });
    const filledAt = Date.now();
    forgetVerifiedApiKeys();
    const answers = await Promise.all(
      descendants.flatMap((key) => [enrol(q, key.value), enrol(q, key.value), enrol(q, key.value)]),
    );
    // The bucket's five, and one more for each 12 s the sixty requests took (5 a minute refill it).
    const refilled = Math.floor(((Date.now() - filledAt) / 60_000) * 5);
    const answered = answers.filter((res) => res.status === 200).length;
    expect(answered).toBeGreaterThanOrEqual(5);
    expect(answered).toBeLessThanOrEqual(5 + refilled);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(60 - answered);
    expect(answers.every((res) => res.headers.get('ratelimit-limit') === '5')).toBe(true);
    // The root itself draws from the same bucket.
    const rootAnswer = await enrol(q, root.value);
    const refilledSince = Math.floor(((Date.now() - filledAt) / 60_000) * 5);
    expect(Number(rootAnswer.headers.get('ratelimit-remaining'))).toBeLessThanOrEqual(refilledSince);
  });
});
