import { beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { adminCallerFor } from '@/server/test/admin-caller';
import { createAdmin } from '@/server/admins/users';
import { sampleResult, seedParticipant, type SeededParticipant } from '@/server/test/webhook-fixtures';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';

describe.each(testDatabaseKinds())('webhook Admin procedures (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let mine: SeededParticipant;
  let theirs: SeededParticipant;
  let api: ReturnType<typeof adminCallerFor>;
  let adminId: string;

  beforeAll(async () => {
    mine = await seedParticipant(db.prisma);
    theirs = await seedParticipant(db.prisma);
    const admin = await createAdmin(db.prisma, {
      email: `hooks-${kind}@example.com`,
      password: 'a-long-enough-password',
      questionnaireId: mine.questionnaireId,
    });
    adminId = admin.id;
    api = adminCallerFor(db, admin.id);
  });

  describe('with private URLs allowed, as in development', () => {
    allowPrivateWebhookUrls();

    it('configures the webhook, reveals and rotates its secret', async () => {
      expect(await api.webhook.get({ questionnaireId: mine.questionnaireId })).toBeNull();
      const created = await api.webhook.configure({
        questionnaireId: mine.questionnaireId,
        url: 'https://127.0.0.1/hook',
        authType: 'header',
        headerName: 'X-Api-Key',
        headerValue: 'k-1',
      });
      expect(created.secret).toMatch(/^whsec_/);
      expect(await api.webhook.revealSecret({ questionnaireId: mine.questionnaireId })).toEqual({
        secret: created.secret,
      });
      const rotated = await api.webhook.rotateSecret({ questionnaireId: mine.questionnaireId });
      expect(rotated.secret).not.toBe(created.secret);
      expect(await api.webhook.get({ questionnaireId: mine.questionnaireId })).toMatchObject({
        url: 'https://127.0.0.1/hook',
        auth: { type: 'header', name: 'X-Api-Key', hasValue: true },
        previousSecretExpiresAt: rotated.previousSecretExpiresAt,
      });
    });
  });

  it('reports a refused URL as an error of the URL field', async () => {
    const error = await api.webhook
      .configure({ questionnaireId: mine.questionnaireId, url: 'https://10.0.0.1/hook' })
      .catch((e: unknown) => e as { code: string; cause: unknown });
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    const cause = (error as { cause: unknown }).cause;
    expect(cause).toBeInstanceOf(ZodError);
    expect((cause as ZodError).flatten().fieldErrors).toEqual({
      url: [expect.stringMatching(/non-public address \(10\.0\.0\.1\)/)],
    });
  });

  it('publishes a result by hand for a participant of the questionnaire', async () => {
    const published = await api.webhook.publishResult({
      questionnaireId: mine.questionnaireId,
      participantId: mine.participantId,
      ...sampleResult({ status: 'Under_Review' }),
    });
    expect(published).toMatchObject({ created: true, deliveries: 1 });
    const [result] = await api.webhook.results({
      questionnaireId: mine.questionnaireId,
      participantId: mine.participantId,
    });
    expect(result).toMatchObject({ status: 'Under_Review', revisions: [{ source: `admin:${adminId}` }] });
    const log = await api.webhook.deliveries({
      questionnaireId: mine.questionnaireId,
      participantId: mine.participantId,
    });
    expect(log.items).toHaveLength(1);
  });

  it('never reaches another questionnaire or its participants', async () => {
    const foreign = { questionnaireId: theirs.questionnaireId };
    for (const call of [
      () => api.webhook.get(foreign),
      () => api.webhook.configure({ ...foreign, url: 'https://127.0.0.1/x' }),
      () => api.webhook.revealSecret(foreign),
      () => api.webhook.deliveries(foreign),
      () => api.webhook.replayFailedSince({ ...foreign, since: new Date(0).toISOString() }),
      () => api.webhook.publishResult({ ...foreign, participantId: theirs.participantId, ...sampleResult() }),
      // Their participant through my questionnaire:
      () =>
        api.webhook.publishResult({
          questionnaireId: mine.questionnaireId,
          participantId: theirs.participantId,
          ...sampleResult(),
        }),
      () =>
        api.webhook.deliveries({
          questionnaireId: mine.questionnaireId,
          participantId: theirs.participantId,
        }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await db.prisma.result.count({ where: { participantId: theirs.participantId } })).toBe(0);
    expect(
      await db.prisma.webhookEndpoint.count({ where: { questionnaireId: theirs.questionnaireId } }),
    ).toBe(0);
  });
});
