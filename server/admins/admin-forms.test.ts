// The Admin forms' server side: a double submit changes nothing twice (every mutation claims the form's
// submission id in its change's transaction: submitOnce in server/admins/procedures.ts), a questionnaire
// with a new tenant is all or nothing, and the settings form hears about every field at once.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { appRouter } from '@/server/doors/admin/router';
import { adminCallerFor } from '@/server/test/admin-caller';
import { createAdmin } from '@/server/admins/users';
import { ALREADY_SUBMITTED, formSubmission } from '@/server/admins/form-submissions';
import { sampleResult, seedParticipant, type SeededParticipant } from '@/server/test/webhook-fixtures';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';

/** The per-field messages the Admin door sends (its error formatter flattens the same ZodError). */
const fieldErrorsOf = (error: unknown): Record<string, string[] | undefined> => {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof ZodError ? cause.flatten().fieldErrors : {};
};

describe('every Admin mutation', () => {
  it('takes a submission id and goes through the guard', () => {
    const procedures = Object.entries(appRouter._def.procedures as Record<string, unknown>);
    const mutations = procedures.filter(
      ([, procedure]) => (procedure as { _def: { type: string } })._def.type === 'mutation',
    );
    expect(mutations.length).toBeGreaterThan(25);
    const unguarded = mutations
      .filter(
        ([, procedure]) =>
          !(procedure as { _def: { inputs: unknown[] } })._def.inputs.includes(formSubmission),
      )
      .map(([path]) => path);
    expect(unguarded).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('Admin forms (%s)', (kind) => {
  allowPrivateWebhookUrls();
  const db = useTestDatabase(kind);
  let seeded: SeededParticipant;
  let api: ReturnType<typeof adminCallerFor>;

  beforeAll(async () => {
    seeded = await seedParticipant(db.prisma);
    const operator = await createAdmin(db.prisma, {
      email: `forms-${kind}@example.com`,
      password: 'a-long-enough-password',
      isOperator: true,
    });
    api = adminCallerFor(db, operator.id);
  });

  it('creates one key for two simultaneous submissions of one form, and another for the next', async () => {
    const questionnaireId = seeded.questionnaireId;
    const submissionId = randomUUID();
    const input = { questionnaireId, submissionId, name: 'Twice', scopes: ['participant:write' as const] };
    const outcomes = await Promise.allSettled([api.apiKey.create(input), api.apiKey.create(input)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'CONFLICT', message: ALREADY_SUBMITTED });
    expect((await api.apiKey.list({ questionnaireId })).filter((k) => k.name === 'Twice')).toHaveLength(1);
    await api.apiKey.create({ ...input, submissionId: randomUUID() });
    expect((await api.apiKey.list({ questionnaireId })).filter((k) => k.name === 'Twice')).toHaveLength(2);
  });

  it('blocks a number once for a repeated submission, with no "already blocked" beside the success', async () => {
    const questionnaireId = seeded.questionnaireId;
    const input = { questionnaireId, submissionId: randomUUID(), phoneNumber: '+1 202 555 0199' };
    await api.blockedNumber.add(input);
    await expect(api.blockedNumber.add(input)).rejects.toMatchObject({ message: ALREADY_SUBMITTED });
    expect(await api.blockedNumber.list({ questionnaireId })).toHaveLength(1);
  });

  it('leaves no tenant behind when the questionnaire with a new tenant is refused', async () => {
    const before = await db.prisma.tenant.count();
    const refused = await api.questionnaire
      .create({ newTenantName: 'Half-made GmbH', name: '   ' })
      .catch((error: unknown) => error);
    expect(fieldErrorsOf(refused)).toMatchObject({ name: ['Enter a name'] });
    const both = await api.questionnaire
      .create({ newTenantName: '', name: '' })
      .catch((error: unknown) => error);
    expect(Object.keys(fieldErrorsOf(both)).sort()).toEqual(['name', 'newTenantName']);
    expect(await db.prisma.tenant.count()).toBe(before);

    const created = await api.questionnaire.create({ newTenantName: 'Whole GmbH', name: 'Survey' });
    const tenant = await db.prisma.tenant.findUniqueOrThrow({ where: { id: created.tenantId } });
    expect(tenant.name).toBe('Whole GmbH');
    expect(await db.prisma.tenant.count()).toBe(before + 1);
    await expect(api.questionnaire.create({ name: 'No tenant' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('reports every settings problem in one answer, the phone number and the attempt limit together', async () => {
    const error = await api.questionnaire
      .update({
        questionnaireId: seeded.questionnaireId,
        name: 'Settings',
        phoneNumber: 'call me maybe',
        languages: ['English', 'x'.repeat(5_000)],
        guideTexts: {},
        attemptLimit: 'three',
      })
      .catch((e: unknown) => e);
    const fields = fieldErrorsOf(error);
    expect(fields.attemptLimit?.[0]).toBe('Enter a whole number, or leave it empty for no limit');
    expect(fields.phoneNumber?.[0]).toMatch(/is not a phone number we can read/);
    expect(fields.languages?.[0]).toBe('Language names have at most 50 characters');

    const saved = await api.questionnaire.update({
      questionnaireId: seeded.questionnaireId,
      name: 'Settings',
      phoneNumber: '+44 20 7946 0958',
      languages: ['English'],
      guideTexts: {},
      attemptLimit: ' 3 ',
    });
    expect(saved).toMatchObject({ phoneNumber: '+442079460958', attemptLimit: 3 });
    const cleared = await api.questionnaire.update({
      questionnaireId: seeded.questionnaireId,
      name: 'Settings',
      phoneNumber: null,
      languages: ['English'],
      guideTexts: {},
      attemptLimit: '',
    });
    expect(cleared.attemptLimit).toBeNull();
  });

  /** Sends one submission twice at once: one succeeds, the other is refused as already submitted. */
  async function twice<T>(send: (submissionId: string) => Promise<T>): Promise<Awaited<T>> {
    const submissionId = randomUUID();
    const outcomes = await Promise.allSettled([send(submissionId), send(submissionId)]);
    const done = outcomes.filter((o): o is PromiseFulfilledResult<Awaited<T>> => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(done).toHaveLength(1);
    expect(refused.map((o): unknown => o.reason)).toMatchObject([
      { code: 'CONFLICT', message: ALREADY_SUBMITTED },
    ]);
    return done[0]!.value;
  }

  it('creates one tenant, one questionnaire and one webhook endpoint', async () => {
    const tenantsBefore = await db.prisma.tenant.count();
    await twice((submissionId) => api.tenant.create({ submissionId, name: 'Twice GmbH' }));
    expect(await db.prisma.tenant.count({ where: { name: 'Twice GmbH' } })).toBe(1);

    const questionnaire = await twice((submissionId) =>
      api.questionnaire.create({ submissionId, newTenantName: 'Twice AG', name: 'Twice survey' }),
    );
    expect(await db.prisma.questionnaire.count({ where: { name: 'Twice survey' } })).toBe(1);
    expect(await db.prisma.tenant.count()).toBe(tenantsBefore + 2);

    await twice((submissionId) =>
      api.webhook.configure({
        submissionId,
        questionnaireId: questionnaire.id,
        url: 'https://127.0.0.1/hook',
      }),
    );
    expect(await db.prisma.webhookEndpoint.count({ where: { questionnaireId: questionnaire.id } })).toBe(1);
  });

  it('publishes one revision with one delivery', async () => {
    const { questionnaireId, participantId } = seeded;
    await api.webhook.configure({ questionnaireId, url: 'https://127.0.0.1/hook' });
    await twice((submissionId) =>
      api.webhook.publishResult({ submissionId, questionnaireId, participantId, ...sampleResult() }),
    );
    expect(await db.prisma.resultRevision.count({ where: { result: { participantId } } })).toBe(1);
    expect(await db.prisma.webhookDelivery.count({ where: { participantId } })).toBe(1);
  });

  it('recovers once: the webhook re-enabled and each missed result queued one time', async () => {
    const other = await seedParticipant(db.prisma);
    const { questionnaireId, participantId } = other;
    await api.webhook.configure({ questionnaireId, url: 'https://8.8.8.8/hook' });
    const since = new Date().toISOString();
    await api.webhook.setActive({ questionnaireId, active: false });
    await api.webhook.publishResult({ questionnaireId, participantId, ...sampleResult() });
    expect(await api.webhook.recoveryState({ questionnaireId })).toMatchObject({
      disabledAt: expect.any(String),
      failedCount: 0,
    });
    const answer = await twice((submissionId) =>
      api.webhook.recover({ submissionId, questionnaireId, since }),
    );
    expect(answer).toEqual({ queued: 1, hasMore: false });
    expect(await db.prisma.webhookDelivery.count({ where: { participantId } })).toBe(1);
    expect(await api.webhook.recoveryState({ questionnaireId })).toMatchObject({ disabledAt: null });
  });

  it('disables and enables a webhook once per confirmation; a stale second tab changes nothing', async () => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    const { webhook } = await api.webhook.configure({ questionnaireId, url: 'https://127.0.0.1/hook' });
    const toggles = () =>
      db.prisma.auditLog.findMany({
        where: { targetId: webhook.id, action: { in: ['webhook.disable', 'webhook.enable'] } },
        orderBy: { at: 'asc' },
      });
    await twice((submissionId) => api.webhook.setActive({ submissionId, questionnaireId, active: false }));
    // Another tab still showing "Disable webhook": already so, nothing is written.
    expect(await api.webhook.setActive({ questionnaireId, active: false })).toMatchObject({ active: false });
    await twice((submissionId) => api.webhook.setActive({ submissionId, questionnaireId, active: true }));
    expect(await api.webhook.setActive({ questionnaireId, active: true })).toMatchObject({ active: true });
    expect((await toggles()).map((entry) => entry.action)).toEqual(['webhook.disable', 'webhook.enable']);
  });

  it('invites once, with the second request refused as a conflict rather than a failure', async () => {
    const email = `invited-${kind}@example.com`;
    const invited = await twice((submissionId) =>
      api.adminUser.invite({ submissionId, email, access: { kind: 'operator' } }),
    );
    expect(invited.temporaryPassword).toBeTruthy();
    expect(await db.prisma.adminUser.count({ where: { email } })).toBe(1);
  });

  it('rolls a key once and deletes it once', async () => {
    const { questionnaireId } = seeded;
    const key = await api.apiKey.create({ questionnaireId, name: 'Rolled', scopes: ['participant:write'] });
    const rolled = await twice((submissionId) =>
      api.apiKey.roll({ submissionId, questionnaireId, keyId: key.id, overlap: 'none' }),
    );
    expect(await db.prisma.apiKey.count({ where: { questionnaireId, name: 'Rolled' } })).toBe(2);
    await twice((submissionId) => api.apiKey.delete({ submissionId, questionnaireId, keyId: rolled.id }));
  });

  it('refuses tenant and questionnaire names with invisible or text-direction characters, per field', async () => {
    const before = {
      tenants: await db.prisma.tenant.count(),
      questionnaires: await db.prisma.questionnaire.count(),
    };
    const message =
      'Names must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks)';
    const error = await api.questionnaire
      .create({ submissionId: randomUUID(), newTenantName: 'Acme\u200b GmbH', name: 'Survey \u202eevil' })
      .catch((e: unknown) => e);
    expect(fieldErrorsOf(error)).toEqual({ newTenantName: [message], name: [message] });
    const tenantError = await api.tenant
      .create({ submissionId: randomUUID(), name: 'Acme\u2066 Ltd' })
      .catch((e: unknown) => e);
    expect(fieldErrorsOf(tenantError)).toEqual({ name: [message] });
    expect(await db.prisma.tenant.count()).toBe(before.tenants);
    expect(await db.prisma.questionnaire.count()).toBe(before.questionnaires);
  });

  it('leaves a refused submission free for the corrected retry with the same id', async () => {
    const submissionId = randomUUID();
    await expect(api.tenant.create({ submissionId, name: '   ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(api.tenant.create({ submissionId, name: 'Corrected Ltd' })).resolves.toMatchObject({
      name: 'Corrected Ltd',
    });
    await expect(api.tenant.create({ submissionId, name: 'Corrected Ltd' })).rejects.toMatchObject({
      message: ALREADY_SUBMITTED,
    });
  });
});
