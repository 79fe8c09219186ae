// Two tabs (or two Admins) on a form that saves a whole record: the save from the form opened before the
// other's change is refused, naming what changed, and the other's change stays (server/platform/lib/
// edit-version.ts). A save that changes nothing writes no audit entry; an entry names only what changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { adminCallerFor } from '@/server/test/admin-caller';
import { createAdmin } from '@/server/admins/users';
import { seedParticipant } from '@/server/test/webhook-fixtures';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';
import { WEBHOOK_REMOVED_MEANWHILE, WEBHOOK_SET_UP_MEANWHILE } from '@/server/webhooks/webhook-edits';

const changed = (thing: string, fields: string) =>
  `This ${thing} was changed by someone else since you opened it (${fields}). Reload to see the changes.`;

describe.each(testDatabaseKinds())('whole-record Admin forms opened before a change (%s)', (kind) => {
  allowPrivateWebhookUrls();
  const db = useTestDatabase(kind);
  let api: ReturnType<typeof adminCallerFor>;

  beforeAll(async () => {
    const operator = await createAdmin(db.prisma, {
      email: `edits-${kind}@example.com`,
      password: 'a-long-enough-password',
      isOperator: true,
    });
    api = adminCallerFor(db, operator.id);
  });

  const auditOf = (targetId: string, action: string) =>
    db.prisma.auditLog.findMany({ where: { targetId, action }, orderBy: { at: 'asc' } });

  /** The settings form's fields as `get` gives them, to save as they are or with changes. */
  async function openSettings(questionnaireId: string) {
    const { name, phoneNumber, languages, guideTexts, attemptLimit, editVersion } =
      await api.questionnaire.get({ questionnaireId });
    return { questionnaireId, name, phoneNumber, languages, guideTexts, attemptLimit, editVersion };
  }

  describe('questionnaire settings', () => {
    it("refuses tab B's stale save, naming what tab A changed, and keeps tab A's change", async () => {
      const { questionnaireId } = await seedParticipant(db.prisma);
      const tabA = await openSettings(questionnaireId);
      const tabB = await openSettings(questionnaireId);
      const languages = [...tabA.languages, 'French'];
      await api.questionnaire.update({ ...tabA, name: 'Renamed in tab A', languages });

      await expect(api.questionnaire.update({ ...tabB, attemptLimit: 4 })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: changed('questionnaire', 'name, languages'),
      });
      expect(await api.questionnaire.get({ questionnaireId })).toMatchObject({
        name: 'Renamed in tab A',
        languages,
        attemptLimit: null,
      });
      const audit = await auditOf(questionnaireId, 'questionnaire.update');
      expect(audit.map((entry) => entry.details)).toEqual([{ fields: ['languages', 'name'] }]);

      // Reloaded: the same change saves.
      const reloaded = await openSettings(questionnaireId);
      expect(await api.questionnaire.update({ ...reloaded, attemptLimit: 4 })).toMatchObject({
        name: 'Renamed in tab A',
        attemptLimit: 4,
      });
    });

    it('lets a stale save through when it sets the changed field to what it now is, or edits other fields only', async () => {
      const { questionnaireId } = await seedParticipant(db.prisma);
      const tabA = await openSettings(questionnaireId);
      const tabB = await openSettings(questionnaireId);
      await api.questionnaire.update({ ...tabA, name: 'Same new name' });
      const saved = await api.questionnaire.update({ ...tabB, name: 'Same new name', attemptLimit: 2 });
      expect(saved).toMatchObject({ name: 'Same new name', attemptLimit: 2 });

      // Another form of the questionnaire (personal data retention) is no conflict for the settings.
      const retention = await api.contactRetention.get({ questionnaireId });
      await api.contactRetention.update({ questionnaireId, days: 30, editVersion: retention.editVersion });
      const settings = await api.questionnaire.update({
        ...tabB,
        name: 'Same new name',
        attemptLimit: 2,
        editVersion: saved.editVersion,
        phoneNumber: '+44 20 7946 0958',
      });
      expect(settings.phoneNumber).toBe('+442079460958');
    });

    it('lets the same tab save again with the version its last save answered', async () => {
      const { questionnaireId } = await seedParticipant(db.prisma);
      const tab = await openSettings(questionnaireId);
      const first = await api.questionnaire.update({ ...tab, name: 'First save' });
      const second = await api.questionnaire.update({
        ...tab,
        name: 'Second save',
        editVersion: first.editVersion,
      });
      expect(second.name).toBe('Second save');
      await expect(
        api.questionnaire.update({ ...tab, name: 'From the first version' }),
      ).rejects.toMatchObject({ code: 'CONFLICT', message: changed('questionnaire', 'name') });
    });

    it('of two saves from one version at the same moment, keeps one and refuses the other', async () => {
      const { questionnaireId } = await seedParticipant(db.prisma);
      const tab = await openSettings(questionnaireId);
      const outcomes = await Promise.allSettled([
        api.questionnaire.update({ ...tab, name: 'Tab one' }),
        api.questionnaire.update({ ...tab, name: 'Tab two' }),
      ]);
      const kept = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.name] : []));
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      expect(kept).toHaveLength(1);
      expect(refused).toMatchObject([{ code: 'CONFLICT', message: changed('questionnaire', 'name') }]);
      expect((await api.questionnaire.get({ questionnaireId })).name).toBe(kept[0]);
      expect(await auditOf(questionnaireId, 'questionnaire.update')).toHaveLength(1);
    });

    it('writes nothing for a save that changes nothing', async () => {
      const { questionnaireId } = await seedParticipant(db.prisma);
      const tab = await openSettings(questionnaireId);
      const before = await db.prisma.questionnaire.findUniqueOrThrow({ where: { id: questionnaireId } });
      const saved = await api.questionnaire.update(tab);
      expect(saved.editVersion).toBe(tab.editVersion);
      expect(await auditOf(questionnaireId, 'questionnaire.update')).toEqual([]);
      const after = await db.prisma.questionnaire.findUniqueOrThrow({ where: { id: questionnaireId } });
      expect(after.updatedAt).toEqual(before.updatedAt);
    });

    it('asks a page with a version of another shape to reload', async () => {
      const { questionnaireId } = await seedParticipant(db.prisma);
      const tab = await openSettings(questionnaireId);
      await expect(
        api.questionnaire.update({ ...tab, name: 'Old page', editVersion: 'abc' }),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'This page is out of date: reload it to edit this questionnaire.',
      });
    });
  });

  it('personal data retention: a stale save is refused; the value it already has writes nothing', async () => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    const tabA = await api.contactRetention.get({ questionnaireId });
    const tabB = await api.contactRetention.get({ questionnaireId });
    await api.contactRetention.update({ questionnaireId, days: 30, editVersion: tabA.editVersion });
    await expect(
      api.contactRetention.update({ questionnaireId, days: 90, editVersion: tabB.editVersion }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: changed('questionnaire', 'personal data retention'),
    });
    // Turning it to the value it now has is no conflict, and no change.
    const same = await api.contactRetention.update({
      questionnaireId,
      days: 30,
      editVersion: tabB.editVersion,
    });
    expect(same.days).toBe(30);
    const audit = await auditOf(questionnaireId, 'questionnaire.update');
    expect(audit.map((entry) => entry.details)).toEqual([
      { fields: ['contactRetentionDays'], contactRetentionDays: 30 },
    ]);
  });

  it("an API key's rate limit: a stale save is refused; the limit it already has writes nothing", async () => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    const key = await api.apiKey.create({ questionnaireId, name: 'limited', scopes: ['participant:write'] });
    const listed = (await api.apiKey.list({ questionnaireId })).find((k) => k.id === key.id)!;
    await api.apiKey.setRateLimit({
      questionnaireId,
      keyId: key.id,
      perMinute: 50,
      editVersion: listed.rateLimitEditVersion,
    });
    await expect(
      api.apiKey.setRateLimit({
        questionnaireId,
        keyId: key.id,
        perMinute: 70,
        editVersion: listed.rateLimitEditVersion,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: changed('key', 'rate limit') });
    const now = (await api.apiKey.list({ questionnaireId })).find((k) => k.id === key.id)!;
    expect(now.rateLimitPerMinute).toBe(50);
    await api.apiKey.setRateLimit({
      questionnaireId,
      keyId: key.id,
      perMinute: 50,
      editVersion: now.rateLimitEditVersion,
    });
    expect((await auditOf(key.id, 'api_key.rate_limit')).map((entry) => entry.details)).toEqual([
      { from: null, to: 50 },
    ]);
  });

  describe('webhook settings', () => {
    const url = 'http://127.0.0.1:9/hook';

    it("refuses tab B's stale save naming the URL tab A changed; a change of health is no conflict", async () => {
      const { questionnaireId } = await seedParticipant(db.prisma);
      const created = await api.webhook.configure({ questionnaireId, url, editVersion: null });
      const opened = created.webhook.editVersion;
      await api.webhook.configure({ questionnaireId, url: `${url}/a`, editVersion: opened });
      await expect(
        api.webhook.configure({
          questionnaireId,
          url,
          authType: 'header',
          headerName: 'X-Api-Key',
          headerValue: 'v',
          editVersion: opened,
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT', message: changed('webhook', 'URL') });
      expect(await api.webhook.get({ questionnaireId })).toMatchObject({
        url: `${url}/a`,
        auth: { type: 'none' },
      });

      // Disabled (as a 410 Gone does) since the form was opened: not a field of the form.
      const current = (await api.webhook.get({ questionnaireId }))!;
      await db.prisma.webhookEndpoint.updateMany({
        where: { questionnaireId },
        data: { active: false, disabledAt: new Date(), disabledReason: 'The endpoint answered 410 Gone' },
      });
      const saved = await api.webhook.configure({
        questionnaireId,
        url: `${url}/b`,
        editVersion: current.editVersion,
      });
      expect(saved.webhook.url).toBe(`${url}/b`);
      const audit = await auditOf(created.webhook.id, 'webhook.update');
      expect(audit.map((entry) => (entry.details as { fields: string[] }).fields)).toEqual([
        ['url'],
        ['url'],
      ]);
    });

    it('refuses to create over a webhook set up meanwhile, or to save one removed meanwhile', async () => {
      const { questionnaireId } = await seedParticipant(db.prisma);
      await api.webhook.configure({ questionnaireId, url, editVersion: null });
      await expect(
        api.webhook.configure({ questionnaireId, url: `${url}/mine`, editVersion: null }),
      ).rejects.toMatchObject({ code: 'CONFLICT', message: WEBHOOK_SET_UP_MEANWHILE });

      const opened = (await api.webhook.get({ questionnaireId }))!;
      await api.webhook.remove({ questionnaireId, webhookId: opened.id });
      await expect(
        api.webhook.configure({ questionnaireId, url, editVersion: opened.editVersion }),
      ).rejects.toMatchObject({ code: 'CONFLICT', message: WEBHOOK_REMOVED_MEANWHILE });
      expect(await api.webhook.get({ questionnaireId })).toBeNull();
    });

    it('keeps a secret a stale form leaves empty, and writes nothing for a save that changes nothing', async () => {
      const { questionnaireId } = await seedParticipant(db.prisma);
      const header = { authType: 'header' as const, headerName: 'X-Api-Key' };
      const created = await api.webhook.configure({
        questionnaireId,
        url,
        ...header,
        headerValue: 'first',
        editVersion: null,
      });
      const opened = created.webhook.editVersion;
      // Another tab types a new header value.
      await api.webhook.configure({
        questionnaireId,
        url,
        ...header,
        headerValue: 'second',
        editVersion: opened,
      });
      // This tab saves the URL, leaving the value empty: the new value is kept, nothing is refused.
      await api.webhook.configure({ questionnaireId, url: `${url}/c`, ...header, editVersion: opened });
      // Typing a value over the one set meanwhile is refused.
      await expect(
        api.webhook.configure({ questionnaireId, url, ...header, headerValue: 'third', editVersion: opened }),
      ).rejects.toMatchObject({ code: 'CONFLICT', message: changed('webhook', 'URL, header value') });

      const current = (await api.webhook.get({ questionnaireId }))!;
      await api.webhook.configure({
        questionnaireId,
        url: `${url}/c`,
        ...header,
        editVersion: current.editVersion,
      });
      const audit = await auditOf(created.webhook.id, 'webhook.update');
      expect(audit.map((entry) => (entry.details as { fields: string[] }).fields)).toEqual([
        ['authHeaderValueEncrypted'],
        ['url'],
      ]);
    });
  });
});
