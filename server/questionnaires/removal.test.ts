// Removing tenants, questionnaires and webhook endpoints through the Admin door: deleted when they hold no
// data, archived (hidden, keys refused with the spec's 401, rows kept, restorable) when they do; audited.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCallerFor } from '@/server/test/admin-caller';
import { createAdmin } from '@/server/admins/users';
import { testDatabaseKinds } from '@/server/test/database';
import { expectParticipantError, useRestHarness } from '@/server/test/rest-harness';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';

describe.each(testDatabaseKinds())('removal (%s)', (kind) => {
  allowPrivateWebhookUrls();
  const h = useRestHarness(kind);
  let api: ReturnType<typeof adminCallerFor>;

  beforeAll(async () => {
    const operator = await createAdmin(h.db.prisma, {
      email: `removal-${kind}@example.com`,
      password: 'a-long-enough-password',
      isOperator: true,
    });
    api = adminCallerFor(h.db, operator.id);
  });

  const enrol = (key: string, questionnaireId: string) =>
    h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: questionnaireId, interview_ref_num: randomUUID() },
    });
  const auditActions = async (targetId: string) =>
    (await h.db.prisma.auditLog.findMany({ where: { targetId }, orderBy: { at: 'asc' } })).map(
      (e) => e.action,
    );

  it('deletes an empty questionnaire with its key and webhook, then its empty tenant', async () => {
    const tenant = await api.tenant.create({ name: 'Empty GmbH' });
    const q = await api.questionnaire.create({ tenantId: tenant.id, name: 'Never used' });
    const key = await h.createKey(q.id);
    await api.webhook.configure({ questionnaireId: q.id, url: 'https://127.0.0.1/hook' });
    expect(await api.questionnaire.removal({ questionnaireId: q.id })).toEqual({
      archivedAt: null,
      removal: 'delete',
    });
    expect((await api.tenant.list()).find((t) => t.id === tenant.id)?.removal).toBe('archive');

    await expect(api.questionnaire.remove({ questionnaireId: q.id })).resolves.toEqual({ removal: 'delete' });
    expect(await h.db.prisma.questionnaire.count({ where: { id: q.id } })).toBe(0);
    expect(await h.db.prisma.apiKey.count({ where: { questionnaireId: q.id } })).toBe(0);
    expect(await h.db.prisma.webhookEndpoint.count({ where: { questionnaireId: q.id } })).toBe(0);
    expectParticipantError(await enrol(key.value, q.id), 401, 'UNAUTHORIZED', 'Invalid API key');
    expect(await auditActions(q.id)).toEqual(['questionnaire.create', 'questionnaire.delete']);

    expect((await api.tenant.list()).find((t) => t.id === tenant.id)?.removal).toBe('delete');
    await expect(api.tenant.remove({ tenantId: tenant.id })).resolves.toEqual({ removal: 'delete' });
    expect(await h.db.prisma.tenant.count({ where: { id: tenant.id } })).toBe(0);
    expect(await auditActions(tenant.id)).toEqual(['tenant.create', 'tenant.delete']);
    await expect(api.tenant.remove({ tenantId: tenant.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('archives a questionnaire with participants: hidden, its keys refused, its data kept, and restorable', async () => {
    const q = await h.seed({ name: 'Has data' });
    const key = await h.createKey(q.questionnaireId);
    expect((await enrol(key.value, q.questionnaireId)).status).toBe(200);

    await expect(api.questionnaire.remove({ questionnaireId: q.questionnaireId })).resolves.toEqual({
      removal: 'archive',
    });
    expect((await api.questionnaire.list()).map((x) => x.id)).not.toContain(q.questionnaireId);
    expect((await api.questionnaire.list({ archived: true })).map((x) => x.id)).toContain(q.questionnaireId);
    expectParticipantError(await enrol(key.value, q.questionnaireId), 401, 'UNAUTHORIZED', 'Invalid API key');
    expect(await h.db.prisma.participant.count({ where: { questionnaireId: q.questionnaireId } })).toBe(1);
    expect(
      (await api.questionnaire.removal({ questionnaireId: q.questionnaireId })).archivedAt,
    ).not.toBeNull();

    await api.questionnaire.restore({ questionnaireId: q.questionnaireId });
    expect((await api.questionnaire.list()).map((x) => x.id)).toContain(q.questionnaireId);
    expect((await enrol(key.value, q.questionnaireId)).status).toBe(200);
    expect(await auditActions(q.questionnaireId)).toEqual(
      expect.arrayContaining(['questionnaire.archive', 'questionnaire.restore']),
    );
  });

  it('archives a tenant with questionnaires: they leave the lists and their keys stop, until restored', async () => {
    const q = await h.seed();
    const key = await h.createKey(q.questionnaireId);
    await expect(api.tenant.remove({ tenantId: q.tenantId })).resolves.toEqual({ removal: 'archive' });
    expect((await api.tenant.list()).map((t) => t.id)).not.toContain(q.tenantId);
    expect((await api.tenant.list({ archived: true })).map((t) => t.id)).toContain(q.tenantId);
    expect((await api.questionnaire.list()).map((x) => x.id)).not.toContain(q.questionnaireId);
    expectParticipantError(await enrol(key.value, q.questionnaireId), 401, 'UNAUTHORIZED', 'Invalid API key');
    await expect(
      api.questionnaire.create({ tenantId: q.tenantId, name: 'In an archived tenant' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await api.tenant.restore({ tenantId: q.tenantId });
    expect((await enrol(key.value, q.questionnaireId)).status).toBe(200);
    expect((await api.questionnaire.list()).map((x) => x.id)).toContain(q.questionnaireId);
    expect(await auditActions(q.tenantId)).toEqual(
      expect.arrayContaining(['tenant.archive', 'tenant.restore']),
    );
  });

  it('deletes an endpoint that never sent, archives one with deliveries and restores it disabled', async () => {
    const { questionnaireId } = await h.seed();
    const first = await api.webhook.configure({ questionnaireId, url: 'https://127.0.0.1/first' });
    expect((await api.webhook.removal({ questionnaireId })).current).toBe('delete');
    await expect(api.webhook.remove({ questionnaireId, webhookId: first.webhook.id })).resolves.toEqual({
      removal: 'delete',
    });
    expect(await api.webhook.get({ questionnaireId })).toBeNull();

    const second = await api.webhook.configure({ questionnaireId, url: 'https://127.0.0.1/second' });
    // A test event is a delivery: the endpoint now has a log to keep.
    await h.db.prisma.webhookDelivery.create({
      data: {
        messageId: `msg_${randomUUID()}`,
        webhookId: second.webhook.id,
        eventType: 'test',
        payload: {},
        status: 'failed',
      },
    });
    await expect(api.webhook.remove({ questionnaireId, webhookId: second.webhook.id })).resolves.toEqual({
      removal: 'archive',
    });
    expect(await api.webhook.get({ questionnaireId })).toBeNull();
    expect(await h.db.prisma.webhookDelivery.count({ where: { webhookId: second.webhook.id } })).toBe(1);
    const { archived } = await api.webhook.removal({ questionnaireId });
    expect(archived.map((w) => w.url)).toEqual(['https://127.0.0.1/second']);

    const third = await api.webhook.configure({ questionnaireId, url: 'https://127.0.0.1/third' });
    await expect(
      api.webhook.restore({ questionnaireId, webhookId: second.webhook.id }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await api.webhook.remove({ questionnaireId, webhookId: third.webhook.id });
    await api.webhook.restore({ questionnaireId, webhookId: second.webhook.id });
    expect(await api.webhook.get({ questionnaireId })).toMatchObject({
      url: 'https://127.0.0.1/second',
      active: false,
    });
    expect(await auditActions(second.webhook.id)).toEqual([
      'webhook.create',
      'webhook.archive',
      'webhook.restore',
    ]);
  });
});
