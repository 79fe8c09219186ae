// createParticipants, the CSV import's create of a chunk of rows in one statement: each row gets the outcome
// createParticipant would have given it alone (same checks, same messages), duplicates inside the chunk and
// against stored participants are refused one row at a time, and a failed statement writes nothing.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { AppError } from '@/server/platform/lib/errors';
import type * as secrets from '@/server/platform/lib/secrets';
import { generateAccessCode } from '@/server/platform/lib/secrets';
import { testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { createParticipants, type BatchCreateOutcome } from './batch-create';
import { MESSAGES } from '@/server/participants/messages';
import { testActor } from '@/server/test/actor';
import { useParticipantTestScope } from '@/server/test/participant-fixture';
import { createParticipant, type ParticipantScope } from './participants';

vi.mock('@/server/platform/lib/secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof secrets>();
  return { ...actual, generateAccessCode: vi.fn(actual.generateAccessCode) };
});

/** What createParticipant says about one row alone: its error message, or 'created'. */
async function aloneSays(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return 'created';
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

const says = (outcome: BatchCreateOutcome) => (outcome.created ? 'created' : outcome.error.message);

describe.each(testDatabaseKinds())('createParticipants (a chunk in one statement) on %s', (kind) => {
  let db: TestDatabase;
  let scope: ParticipantScope;
  let n = 0;
  const irn = () => `BATCH-${kind}-${++n}`;
  const actor = { type: 'cli' as const, id: 'tester' };
  const audit = (row: number) => ({ row });

  const testScope = useParticipantTestScope(kind, `BATCH-${kind}-alone`);
  beforeAll(() => {
    db = testScope.db();
    scope = testScope.scope();
  });
  /** A participant created alone, by the test actor (an IRN of its own unless `irn` is given). */
  const createOne = testScope.create;

  it('gives every row the outcome and message the single create gives it, in row order', async () => {
    const taken = irn();
    await createOne({ irn: taken });
    const twice = irn();
    const rows = [
      { irn: irn(), email: 'a@example.com', phoneNumber1: '+12025550100', language: 'English' },
      { irn: irn(), email: 'not-an-email' },
      { irn: '   ' },
      { irn: taken },
      { irn: twice, externalRefId: 'first' },
      { irn: irn(), phoneNumber1: 'call me maybe' },
      { irn: `${twice}  `, externalRefId: 'second' },
      { irn: irn(), email: 'x'.repeat(300) },
      { irn: irn(), language: 'bad\u0000text' },
      { irn: irn() },
    ];
    const outcomes = await createParticipants(
      db.prisma,
      scope,
      scope.questionnaireId,
      rows.map((row, i) => ({ ...row, auditDetails: audit(i + 1) })),
      { actor },
    );
    expect(outcomes.map(says)).toEqual([
      'created',
      MESSAGES.invalidEmail,
      MESSAGES.irnEmpty,
      MESSAGES.duplicateIrn(taken),
      'created',
      expect.stringContaining('phone_number1'),
      MESSAGES.duplicateIrn(twice),
      'email must be at most 254 characters',
      'language must be valid text without control characters',
      'created',
    ]);
    // The single create, asked about the same rows now, refuses each one with the same message.
    for (const [i, row] of rows.entries()) {
      const outcome = outcomes[i]!;
      const alone = await aloneSays(() =>
        createParticipant(
          db.prisma,
          scope,
          { projectId: scope.questionnaireId, ...row },
          { actor: testActor },
        ),
      );
      expect(alone).toBe(
        outcome.created ? MESSAGES.duplicateIrn(outcome.view.participant.irn) : says(outcome),
      );
    }
    // The first of two rows with one IRN is the one created.
    const stored = await db.prisma.participant.findUniqueOrThrow({
      where: { questionnaireId_irn: { questionnaireId: scope.questionnaireId, irn: twice } },
    });
    expect(stored.externalRefId).toBe('first');
  });

  it('returns exactly what was stored, with one attempt and one audit entry per created participant', async () => {
    const outcomes = await createParticipants(
      db.prisma,
      scope,
      scope.questionnaireId,
      Array.from({ length: 30 }, (_, i) => ({
        irn: irn(),
        email: `p${i}@example.com`,
        auditDetails: audit(i + 1),
      })),
      { actor },
    );
    expect(outcomes.every((o) => o.created)).toBe(true);
    for (const [i, outcome] of outcomes.entries()) {
      if (!outcome.created) throw new Error('not created');
      const { attempts, ...row } = await db.prisma.participant.findUniqueOrThrow({
        where: { id: outcome.view.participant.id },
        include: { attempts: true },
      });
      expect(row).toEqual(outcome.view.participant);
      expect(attempts).toEqual([outcome.view.currentAttempt]);
      const entries = await db.prisma.auditLog.findMany({ where: { targetId: row.id } });
      expect(entries).toMatchObject([
        {
          actorType: 'cli',
          action: 'participant.create',
          tenantId: scope.tenantId,
          questionnaireId: scope.questionnaireId,
          details: { attempt: 1, row: i + 1 },
        },
      ]);
    }
  });

  it('reads each row’s call gate: its own blocked numbers and the attempt limit', async () => {
    await db.prisma.blockedPhoneNumber.create({
      data: { questionnaireId: scope.questionnaireId, phoneNumber: '+12025550177' },
    });
    const gate = (outcomes: BatchCreateOutcome[]) =>
      outcomes.map((o) => (o.created ? o.view.isAllowed : null));
    const rows = () => [
      { irn: irn(), phoneNumber1: '+12025550100' },
      { irn: irn(), phoneNumber2: '+1 (202) 555-0177' },
      { irn: irn() },
    ];
    expect(
      gate(await createParticipants(db.prisma, scope, scope.questionnaireId, rows(), { actor })),
    ).toEqual([true, false, true]);
    await db.prisma.questionnaire.update({ where: { id: scope.questionnaireId }, data: { attemptLimit: 0 } });
    expect(
      gate(await createParticipants(db.prisma, scope, scope.questionnaireId, rows(), { actor })),
    ).toEqual([false, false, false]);
    await db.prisma.questionnaire.update({
      where: { id: scope.questionnaireId },
      data: { attemptLimit: null },
    });
  });

  it('tells a row whose given id already exists (an earlier run’s write) apart, and never writes it twice', async () => {
    const earlier = await createOne();
    const outcomes = await createParticipants(
      db.prisma,
      scope,
      scope.questionnaireId,
      [
        { irn: earlier.participant.irn, participantId: earlier.participant.id },
        // The same id under another IRN: still not a second participant.
        { irn: irn(), participantId: earlier.participant.id },
        { irn: irn(), participantId: randomUUID() },
      ],
      { actor },
    );
    expect(outcomes.map((o) => (o.created ? 'created' : o.idTaken))).toEqual([true, true, 'created']);
    expect(await db.prisma.participant.count({ where: { id: earlier.participant.id } })).toBe(1);
    expect(await db.prisma.attempt.count({ where: { participantId: earlier.participant.id } })).toBe(1);
  });

  it('a random code that is already taken: the chunk is written again with fresh codes, nothing twice', async () => {
    const first = await createOne();
    vi.mocked(generateAccessCode).mockReturnValueOnce(first.currentAttempt.accessCode);
    const before = await db.prisma.auditLog.count();
    const outcomes = await createParticipants(
      db.prisma,
      scope,
      scope.questionnaireId,
      Array.from({ length: 5 }, (_, i) => ({ irn: irn(), auditDetails: audit(i + 1) })),
      { actor },
    );
    expect(outcomes.every((o) => o.created)).toBe(true);
    expect(await db.prisma.auditLog.count()).toBe(before + 5);
    for (const outcome of outcomes) {
      if (!outcome.created) continue;
      expect(outcome.view.currentAttempt.accessCode).not.toBe(first.currentAttempt.accessCode);
      expect(await db.prisma.attempt.count({ where: { participantId: outcome.view.participant.id } })).toBe(
        1,
      );
    }
  });

  it('a project the scope may not act in refuses the whole batch, as the single create refuses the row', async () => {
    const other = await db.prisma.questionnaire.create({ data: { tenantId: scope.tenantId, name: 'Other' } });
    const refused = await aloneSays(() =>
      createParticipants(db.prisma, scope, other.id, [{ irn: irn() }], { actor }),
    );
    expect(refused).toBe(MESSAGES.notAssociated);
    expect(
      await aloneSays(() => createParticipants(db.prisma, scope, randomUUID(), [{ irn: irn() }], { actor })),
    ).toBe(MESSAGES.projectNotFound);
  });
});
