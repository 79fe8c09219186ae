// createParticipant writes the participant, its first attempt and its audit entry in one SQL statement:
// these tests hold it to the same promises a transaction made (all or nothing, duplicates decided by the
// unique index even under concurrency, a fresh code when a random one is taken).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/server/platform/lib/errors';
import type * as secrets from '@/server/platform/lib/secrets';
import { generateAccessCode } from '@/server/platform/lib/secrets';
import { testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { MESSAGES } from '@/server/participants/messages';
import { testActor } from '@/server/test/actor';
import { useParticipantTestScope } from '@/server/test/participant-fixture';
import { createParticipant, type ParticipantScope } from './participants';

// The real generator, which a test can make repeat a code that is already taken.
vi.mock('@/server/platform/lib/secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof secrets>();
  return { ...actual, generateAccessCode: vi.fn(actual.generateAccessCode) };
});

describe.each(testDatabaseKinds())('createParticipant in one statement on %s', (kind) => {
  let db: TestDatabase;
  let scope: ParticipantScope;
  let n = 0;
  const irn = () => `ONE-${kind}-${++n}`;
  // The creation's actor and the facts its audit entry holds (the service adds attempt: 1).
  const audit = {
    actor: { type: 'api_key' as const, id: 'key-1', sourceIp: '203.0.113.9' },
    auditDetails: { fields: ['email'] },
  };

  const testScope = useParticipantTestScope(kind, `ONE-${kind}-alone`);
  beforeAll(() => {
    db = testScope.db();
    scope = testScope.scope();
  });
  /** A participant created alone, by the test actor (an IRN of its own unless `irn` is given). */
  const createOne = testScope.create;

  it('returns exactly what was stored: participant, first attempt and its audit entry', async () => {
    const view = await createParticipant(
      db.prisma,
      scope,
      { projectId: scope.questionnaireId, irn: irn(), email: 'a@example.com', phoneNumber1: '+12025550100' },
      audit,
    );
    const stored = await db.prisma.participant.findUniqueOrThrow({
      where: { id: view.participant.id },
      include: { attempts: true },
    });
    const { attempts, ...row } = stored;
    expect(row).toEqual(view.participant);
    expect(attempts).toEqual([view.currentAttempt]);
    expect(view.attemptCount).toBe(1);
    expect(view.isAllowed).toBe(true);
    const entries = await db.prisma.auditLog.findMany({ where: { targetId: view.participant.id } });
    expect(entries).toMatchObject([
      {
        actorType: 'api_key',
        actorId: 'key-1',
        action: 'participant.create',
        tenantId: scope.tenantId,
        questionnaireId: scope.questionnaireId,
        sourceIp: '203.0.113.9',
        details: { attempt: 1, fields: ['email'] },
      },
    ]);
  });

  it('a taken IRN writes nothing: no participant, no attempt, no audit entry', async () => {
    const taken = irn();
    await createOne({ irn: taken });
    const counts = async () => [
      await db.prisma.participant.count(),
      await db.prisma.attempt.count(),
      await db.prisma.auditLog.count(),
    ];
    const before = await counts();
    const error = await createParticipant(
      db.prisma,
      scope,
      { projectId: scope.questionnaireId, irn: taken },
      audit,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(MESSAGES.duplicateIrn(taken));
    expect(await counts()).toEqual(before);
  });

  it('the same new IRN sent 8 times at once: one participant, seven duplicate refusals', async () => {
    const contested = irn();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        createParticipant(db.prisma, scope, { projectId: scope.questionnaireId, irn: contested }, audit),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(refusals.map((e) => e.message)).toEqual(Array(7).fill(MESSAGES.duplicateIrn(contested)));
    const rows = await db.prisma.participant.findMany({
      where: { irn: contested },
      include: { attempts: true },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toHaveLength(1);
    expect(await db.prisma.auditLog.count({ where: { targetId: rows[0]!.id } })).toBe(1);
  });

  it('an access code that is already taken: the creation is retried with a fresh one', async () => {
    const first = await createOne();
    vi.mocked(generateAccessCode).mockReturnValueOnce(first.currentAttempt.accessCode);
    const second = await createParticipant(
      db.prisma,
      scope,
      { projectId: scope.questionnaireId, irn: irn() },
      audit,
    );
    expect(second.currentAttempt.accessCode).not.toBe(first.currentAttempt.accessCode);
    expect(await db.prisma.attempt.count({ where: { participantId: second.participant.id } })).toBe(1);
    // The failed try wrote nothing: one audit entry, for the participant that exists.
    expect(await db.prisma.auditLog.count({ where: { targetId: second.participant.id } })).toBe(1);
  });

  it('reads the block list and the attempt limit in the same statement', async () => {
    await db.prisma.blockedPhoneNumber.create({
      data: { questionnaireId: scope.questionnaireId, phoneNumber: '+12025550199' },
    });
    const blocked = await createParticipant(
      db.prisma,
      scope,
      {
        projectId: scope.questionnaireId,
        irn: irn(),
        phoneNumber2: '+1 202 555 0199',
      },
      { actor: testActor },
    );
    expect(blocked.isAllowed).toBe(false);
    await db.prisma.questionnaire.update({ where: { id: scope.questionnaireId }, data: { attemptLimit: 0 } });
    const overLimit = await createOne();
    expect(overLimit.isAllowed).toBe(false);
    await db.prisma.questionnaire.update({
      where: { id: scope.questionnaireId },
      data: { attemptLimit: null },
    });
  });
});
