// The participant rules as the Admin door and the CLI use them (the REST door's tests cover the HTTP side);
// erasure and the guide page are tested next to their own modules.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usesDirectStatements } from '@/server/platform/db/direct-statement';
import { testDatabaseKinds } from '@/server/test/database';
import { testActor } from '@/server/test/actor';
import { appErrorOf, useParticipantTestScope } from '@/server/test/participant-fixture';
import { isParticipantAllowed } from './call-gate';
import { listOutcomeHistory, retakeParticipant } from './participants';
import { updateParticipantOutcome } from './outcome';

describe.each(testDatabaseKinds())('participant service on %s', (kind) => {
  const { create, db, scope } = useParticipantTestScope(kind, `SVC-${kind}`);

  it('runs its hot statements as production does: straight on the pg pool on PostgreSQL, through Prisma on PGlite', () => {
    expect(usesDirectStatements(db().prisma)).toBe(kind === 'postgresql');
  });

  it('stores trimmed values and reads empty ones as absent', async () => {
    const view = await create({ email: '  a@example.com ', externalRefId: '   ' });
    expect(view.participant.email).toBe('a@example.com');
    expect(view.participant.externalRefId).toBeNull();
  });

  it('an outcome for a questionnaire that no longer exists: 404 Questionnaire not found', async () => {
    const view = await create();
    expect(
      await appErrorOf(
        updateParticipantOutcome(
          db().prisma,
          { ...scope(), questionnaireId: randomUUID() },
          { participantId: view.participant.id, outcome: 'X' },
          testActor,
        ),
      ),
    ).toEqual({ kind: 'NOT_FOUND', message: 'Questionnaire not found' });
  });

  it('keeps every outcome, newest first', async () => {
    const { participant } = await create();
    await updateParticipantOutcome(
      db().prisma,
      scope(),
      {
        participantId: participant.id,
        outcome: 'A',
        outcomeTs: new Date('2026-01-01T00:00:00Z'),
      },
      testActor,
    );
    await updateParticipantOutcome(
      db().prisma,
      scope(),
      { participantId: participant.id, outcome: 'B' },
      testActor,
    );
    const history = await listOutcomeHistory(db().prisma, scope(), participant.id);
    expect(history.map((e) => e.outcome)).toEqual(['B', 'A']);
  });

  describe('isParticipantAllowed', () => {
    it('is false when either phone number is blocked, written in any form of the deployment’s country', async () => {
      await db().prisma.blockedPhoneNumber.create({
        data: { questionnaireId: scope().questionnaireId, phoneNumber: '+12025550143' },
      });
      const base = { questionnaireId: scope().questionnaireId };
      expect(
        await isParticipantAllowed(
          db().prisma,
          { ...base, phoneNumber1: '202-555-0143', phoneNumber2: null },
          1,
        ),
      ).toBe(false);
      expect(
        await isParticipantAllowed(
          db().prisma,
          { ...base, phoneNumber1: null, phoneNumber2: '+1 (202) 555 0143' },
          1,
        ),
      ).toBe(false);
      expect(
        await isParticipantAllowed(
          db().prisma,
          { ...base, phoneNumber1: 'not a number', phoneNumber2: '' },
          1,
        ),
      ).toBe(true);
    });

    it('is false only once the attempts exceed the questionnaire’s limit', async () => {
      const limited = await db().prisma.questionnaire.create({
        data: { tenantId: scope().tenantId, name: 'Limited', attemptLimit: 1 },
      });
      const p = { questionnaireId: limited.id, phoneNumber1: null, phoneNumber2: null };
      expect(await isParticipantAllowed(db().prisma, p, 1)).toBe(true);
      expect(await isParticipantAllowed(db().prisma, p, 2)).toBe(false);
      expect(
        await isParticipantAllowed(db().prisma, { ...p, questionnaireId: scope().questionnaireId }, 50),
      ).toBe(true);
    });
  });

  it('a retake inside a caller’s transaction is undone with it', async () => {
    const { participant } = await create();
    await db()
      .prisma.$transaction(async (tx) => {
        await retakeParticipant(
          tx,
          scope(),
          {
            projectId: scope().questionnaireId,
            irn: participant.irn,
            participantId: participant.id,
          },
          testActor,
        );
        expect(await tx.attempt.count({ where: { participantId: participant.id } })).toBe(2);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await db().prisma.attempt.count({ where: { participantId: participant.id } })).toBe(1);
  });
});
