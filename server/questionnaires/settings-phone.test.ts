// The questionnaire's phone number (Settings) follows the one phone-number rule (platform/lib/phone.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { testActor } from '@/server/test/actor';
import { createTenant } from './tenants';
import {
  createQuestionnaire,
  questionnaireSettingsSchemaFor,
  updateQuestionnaireSettings,
} from './questionnaires';

describe.each(testDatabaseKinds())('Settings phone number (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let questionnaireId: string;
  beforeAll(async () => {
    const tenant = await createTenant(db.prisma, { name: 'Phones' }, testActor);
    questionnaireId = (await createQuestionnaire(db.prisma, { tenantId: tenant.id, name: 'Q' }, testActor))
      .id;
  });

  const settings = (phoneNumber: string) => ({
    name: 'Q',
    phoneNumber,
    languages: ['English'],
    guideTexts: {},
    attemptLimit: null,
  });

  it.each(['12345', '+1 555', '+999 1234', '0201234567'])(
    'refuses %j in the form and when saved',
    async (phone) => {
      const parsed = questionnaireSettingsSchemaFor('US').safeParse(settings(phone));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({
        path: ['phoneNumber'],
        message: `"${phone}" is not a phone number we can read. Include the country code, e.g. +44 20 7946 0958.`,
      });
      await expect(
        updateQuestionnaireSettings(db.prisma, questionnaireId, settings(phone), testActor, {
          country: 'US',
        }),
      ).rejects.toMatchObject({ kind: 'BAD_REQUEST', details: { field: 'phoneNumber' } });
    },
  );

  it('stores a national number read in the deployment country in E.164', async () => {
    await updateQuestionnaireSettings(db.prisma, questionnaireId, settings('020 7946 0958'), testActor, {
      country: 'GB',
    });
    const row = await db.prisma.questionnaire.findUniqueOrThrow({ where: { id: questionnaireId } });
    expect(row.phoneNumber).toBe('+442079460958');
  });
});
