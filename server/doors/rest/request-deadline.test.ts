// A create that waits behind a lock held by another session: past the request's deadline it is answered 503
// with Retry-After, and nothing of it is stored once the lock is released (no write committed after the
// client was told it failed). PostgreSQL only: the embedded database has one connection and no other session
// that could hold a lock; there, a request's transactions wait for the connection only until the deadline,
// but its other statements (the key lookup's) wait for it as long as it is held (docs/operations.md).
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_EXCEEDED_MESSAGE } from '@/server/platform/db/request-deadline';
import { testDatabaseKinds } from '@/server/test/database';
import { expectParticipantError, restSuite } from '@/server/test/rest-harness';

const DEADLINE_MS = 2_500;
const LOCK_HELD_MS = 5_000;

const kind = 'postgresql';

describe.runIf(testDatabaseKinds().includes(kind))(`a create behind a held lock on ${kind}`, () => {
  const { h, q, key } = restSuite(kind, {
    door: { deadline: { deadlineMs: DEADLINE_MS, statementTimeoutMs: 5_000 } },
  });

  beforeAll(async () => {
    // Warms the key's verification cache: the lock below is what the create waits for.
    const warm = await create(`warm-${kind}`);
    expect(warm.status, warm.text).toBe(200);
  });

  const create = (irn: string, headers: Record<string, string> = {}) =>
    h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: irn },
      headers,
    });

  /** Another session's lock on the participant table, which every insert waits for; resolves once held. */
  async function holdLock(): Promise<{ release: () => Promise<void> }> {
    const session = new pg.Client({ connectionString: h.db.url });
    await session.connect();
    await session.query('BEGIN; LOCK TABLE participant IN EXCLUSIVE MODE');
    return {
      release: async () => {
        await session.query('COMMIT');
        await session.end();
      },
    };
  }

  const stored = async (irn: string) => h.db.prisma.participant.count({ where: { irn } });

  it.each([
    ['without an Idempotency-Key (one statement)', {}],
    ['with an Idempotency-Key (a transaction)', { 'Idempotency-Key': `deadline-${kind}` }],
  ])(
    'answers 503 with Retry-After at the deadline and stores nothing, %s',
    async (_, headers) => {
      const irn = `deadline-${kind}-${Object.keys(headers).length}`;
      const lock = await holdLock();
      let elapsed: number;
      let res: Awaited<ReturnType<typeof create>>;
      try {
        const began = Date.now();
        res = await create(irn, headers);
        elapsed = Date.now() - began;
      } finally {
        // Held well past the deadline: a create still waiting would go through now.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, LOCK_HELD_MS - DEADLINE_MS)));
        await lock.release();
      }
      expectParticipantError(res, 503, 'SERVICE_UNAVAILABLE', DEADLINE_EXCEEDED_MESSAGE);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
      expect(elapsed).toBeLessThan(LOCK_HELD_MS);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await stored(irn)).toBe(0);

      // The client's retry, once the lock is gone, creates it (and an Idempotency-Key is free again).
      expect((await create(irn, headers)).status).toBe(200);
      expect(await stored(irn)).toBe(1);
    },
    20_000,
  );

  it('answers a retake past its deadline 503 too (not the spec 500 for a failed retake), changing nothing', async () => {
    const irn = `deadline-retake-${kind}`;
    const first = await create(irn);
    expect(first.status, first.text).toBe(200);
    const participant = (first.body as { participant_uuid: string }).participant_uuid;
    const attemptsBefore = await h.db.prisma.attempt.count({ where: { participantId: participant } });
    const lock = await holdLock();
    let res: Awaited<ReturnType<typeof create>>;
    try {
      res = await h.call('POST', '/v1/participant', {
        key,
        body: { project_uuid: q.questionnaireId, interview_ref_num: irn, participant_uuid: participant },
      });
    } finally {
      await lock.release();
    }
    expectParticipantError(res, 503, 'SERVICE_UNAVAILABLE', DEADLINE_EXCEEDED_MESSAGE);
    expect(await h.db.prisma.attempt.count({ where: { participantId: participant } })).toBe(attemptsBefore);
  }, 20_000);
});
