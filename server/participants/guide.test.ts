// The public guide page's data: the instructions in the participant's language, and nothing for a token that
// is unknown, erased or absurd.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { participantMaker, useParticipantTestScope } from '@/server/test/participant-fixture';
import { getParticipantGuide } from './guide';

describe.each(testDatabaseKinds())('participant guide on %s', (kind) => {
  const { create, db, scope } = useParticipantTestScope(kind, `GUIDE-${kind}`);

  describe('getParticipantGuide', () => {
    it('shows the instructions in the participant’s language, matched without regard to case', async () => {
      const view = await create({ language: 'français' });
      const guide = await getParticipantGuide(db().prisma, view.currentAttempt.guideToken);
      expect(guide).toMatchObject({
        questionnaireName: 'Onboarding check',
        accessCode: view.currentAttempt.accessCode,
        phoneNumber: '+44 20 7946 0000',
        instructions: 'Appelez et donnez votre code.',
        instructionsLanguage: 'Français',
        isCurrent: true,
      });
    });

    it('falls back to English when there is no text in the participant’s language', async () => {
      const view = await create({ language: 'Klingon' });
      expect(await getParticipantGuide(db().prisma, view.currentAttempt.guideToken)).toMatchObject({
        instructions: 'Call and give your code.',
        instructionsLanguage: 'English',
      });
    });

    it('has no instructions when the questionnaire has none', async () => {
      const bare = await db().prisma.questionnaire.create({
        data: { tenantId: scope().tenantId, name: 'Bare' },
      });
      const bareScope = { ...scope(), questionnaireId: bare.id };
      const view = await participantMaker(db, () => bareScope, `GUIDE-${kind}-bare`)();
      expect(await getParticipantGuide(db().prisma, view.currentAttempt.guideToken)).toMatchObject({
        instructions: null,
        phoneNumber: null,
      });
    });

    it('is null for unknown, erased-looking and absurd tokens', async () => {
      expect(await getParticipantGuide(db().prisma, 'no-such-token')).toBeNull();
      expect(await getParticipantGuide(db().prisma, `erased:${randomUUID()}`)).toBeNull();
      expect(await getParticipantGuide(db().prisma, 'x'.repeat(5000))).toBeNull();
    });
  });
});
