// The double-submit guard of the Admin door (submitOnce in server/api/admin-procedures.ts): every mutation an
// Admin form or button sends claims the form's submission id in its change's transaction, so two requests
// with one id make one change, and the second is refused with a conflict, never a 500.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { createCallerFactory } from '@/server/api/trpc';
import { appRouter } from '@/server/api/root';
import { createAdmin } from '@/server/services/admin-users';
import { ALREADY_SUBMITTED, formSubmission } from '@/server/services/form-submissions';
import { sampleResult, seedParticipant, type SeededParticipant } from '@/server/webhooks/test-fixtures';

/** The one mutation that is no form submission: the import file arrives through its upload route. */
const NOT_A_FORM = new Set(['participantImport.upload']);

describe('every Admin mutation', () => {
  it('takes a submission id and goes through the guard (except the file upload)', () => {
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
    expect(unguarded).toEqual([...NOT_A_FORM]);
  });
});

describe.each(testDatabaseKinds())('Admin double submits (%s)', (kind) => {
  let db: TestDatabase;
  let seeded: SeededParticipant;
  const createCaller = createCallerFactory(appRouter);
  let api: ReturnType<typeof createCaller>;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    seeded = await seedParticipant(db.prisma);
    const operator = await createAdmin(db.prisma, {
      email: `twice-${kind}@example.com`,
      password: 'a-long-enough-password',
      isOperator: true,
    });
    api = createCaller({
      db: db.prisma,
      session: { adminId: operator.id, signedInAt: Date.now(), expires: '' } satisfies Session,
      authorization: null,
      sourceIp: null,
      headers: new Headers(),
    });
  });
  afterAll(async () => {
    await db.close();
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
      api.webhook.configure({ submissionId, questionnaireId: questionnaire.id, url: 'https://8.8.8.8/hook' }),
    );
    expect(await db.prisma.webhookEndpoint.count({ where: { questionnaireId: questionnaire.id } })).toBe(1);
  });

  it('publishes one revision with one delivery', async () => {
    const { questionnaireId, participantId } = seeded;
    await api.webhook.configure({ questionnaireId, url: 'https://8.8.8.8/hook' });
    await twice((submissionId) =>
      api.webhook.publishResult({ submissionId, questionnaireId, participantId, ...sampleResult() }),
    );
    expect(await db.prisma.resultRevision.count({ where: { result: { participantId } } })).toBe(1);
    expect(await db.prisma.webhookDelivery.count({ where: { participantId } })).toBe(1);
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
