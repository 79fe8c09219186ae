// Erasure of a participant's personal data: a tombstone no read finds, and the IRN free again.
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { testActor } from '@/server/test/actor';
import { appErrorOf, useParticipantTestScope } from '@/server/test/participant-fixture';
import { createParticipant, getParticipant } from './participants';
import { eraseParticipant } from './erasure';

describe.each(testDatabaseKinds())('participant erasure on %s', (kind) => {
  const { create, db, scope } = useParticipantTestScope(kind, `ERASE-${kind}`);

  it('erasure leaves a tombstone that no read finds and frees the IRN', async () => {
    const view = await create({ email: 'gone@example.com' });
    await eraseParticipant(db().prisma, scope(), view.participant.id, testActor);
    expect(await appErrorOf(getParticipant(db().prisma, scope(), view.participant.id))).toEqual({
      kind: 'NOT_FOUND',
      message: 'Participant not found',
    });
    const again = await createParticipant(
      db().prisma,
      scope(),
      {
        projectId: scope().questionnaireId,
        irn: view.participant.irn,
      },
      { actor: testActor },
    );
    expect(again.participant.id).not.toBe(view.participant.id);
    expect(
      await db().prisma.participant.count({
        where: { questionnaireId: scope().questionnaireId, erasedAt: { not: null } },
      }),
    ).toBe(1);
  });
});
