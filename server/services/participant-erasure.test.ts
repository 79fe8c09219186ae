// Erasure of a participant's personal data: a tombstone no read finds, and the IRN free again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { testActor } from '@/server/test/actor';
import { AppError } from '@/server/lib/errors';
import { createParticipant, getParticipant, type ParticipantScope } from './participants';
import { eraseParticipant } from './participant-erasure';

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { kind: (error as AppError).kind, message: (error as AppError).message };
};

describe.each(testDatabaseKinds())('participant erasure on %s', (kind) => {
  let db: TestDatabase;
  let scope: ParticipantScope;
  let n = 0;
  const irn = () => `ERASE-${kind}-${++n}`;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const tenant = await db.prisma.tenant.create({ data: { name: 'T' } });
    const questionnaire = await db.prisma.questionnaire.create({
      data: {
        tenantId: tenant.id,
        name: 'Onboarding check',
        phoneNumber: '+44 20 7946 0000',
        guideTexts: { English: 'Call and give your code.', Français: 'Appelez et donnez votre code.' },
      },
    });
    scope = { questionnaireId: questionnaire.id, tenantId: tenant.id };
  });
  afterAll(() => db.close());

  const create = (extra: Record<string, string> = {}) =>
    createParticipant(
      db.prisma,
      scope,
      { projectId: scope.questionnaireId, irn: irn(), ...extra },
      { actor: testActor },
    );

  it('erasure leaves a tombstone that no read finds and frees the IRN', async () => {
    const view = await create({ email: 'gone@example.com' });
    await eraseParticipant(db.prisma, scope, view.participant.id, testActor);
    expect(await rejection(getParticipant(db.prisma, scope, view.participant.id))).toEqual({
      kind: 'NOT_FOUND',
      message: 'Participant not found',
    });
    const again = await createParticipant(
      db.prisma,
      scope,
      {
        projectId: scope.questionnaireId,
        irn: view.participant.irn,
      },
      { actor: testActor },
    );
    expect(again.participant.id).not.toBe(view.participant.id);
    expect(
      await db.prisma.participant.count({
        where: { questionnaireId: scope.questionnaireId, erasedAt: { not: null } },
      }),
    ).toBe(1);
  });
});
