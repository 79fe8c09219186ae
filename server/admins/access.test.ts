import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createCallerFactory } from '@/server/platform/trpc';
import { appRouter } from '@/server/doors/admin/router';
import type { Session } from 'next-auth';
import { createTenant, listTenantsForAdmin } from '../questionnaires/tenants';
import { createQuestionnaire } from '../questionnaires/questionnaires';
import { createAdmin } from './users';
import {
  accessibleQuestionnaires,
  loadAdminPrincipal,
  requireParticipantInQuestionnaire,
  requireQuestionnaireAccess,
  type AdminPrincipal,
} from './access';
import { testActor } from '@/server/test/actor';

describe.each(testDatabaseKinds())('Admin access rules (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let acme: { id: string };
  let globex: { id: string };
  let acmeSurvey: { id: string; tenantId: string };
  let acmeOther: { id: string; tenantId: string };
  let globexSurvey: { id: string; tenantId: string };
  let operator: AdminPrincipal;
  let tenantAdmin: AdminPrincipal;
  let questionnaireAdmin: AdminPrincipal;
  let nobody: AdminPrincipal;

  const principal = async (
    email: string,
    grant: { tenantId?: string; questionnaireId?: string; isOperator?: boolean },
  ) => {
    const admin = await createAdmin(db.prisma, { email, password: 'a-long-enough-password', ...grant });
    const loaded = await loadAdminPrincipal(db.prisma, admin.id);
    if (!loaded) throw new Error('admin not loaded');
    return loaded;
  };

  beforeAll(async () => {
    acme = await createTenant(db.prisma, { name: 'Acme' }, testActor);
    globex = await createTenant(db.prisma, { name: 'Globex' }, testActor);
    acmeSurvey = await createQuestionnaire(db.prisma, { tenantId: acme.id, name: 'Acme survey' }, testActor);
    acmeOther = await createQuestionnaire(db.prisma, { tenantId: acme.id, name: 'Acme other' }, testActor);
    globexSurvey = await createQuestionnaire(
      db.prisma,
      { tenantId: globex.id, name: 'Globex survey' },
      testActor,
    );
    operator = await principal('op@example.com', { isOperator: true });
    tenantAdmin = await principal('acme@example.com', { tenantId: acme.id });
    questionnaireAdmin = await principal('one@example.com', { questionnaireId: acmeSurvey.id });
    nobody = await principal('nobody@example.com', {});
  });

  const visible = async (p: AdminPrincipal) =>
    (
      await db.prisma.questionnaire.findMany({ where: accessibleQuestionnaires(p), orderBy: { name: 'asc' } })
    ).map((q) => q.name);

  it('lists every questionnaire for operators, the granted ones for everyone else', async () => {
    expect(await visible(operator)).toEqual(['Acme other', 'Acme survey', 'Globex survey']);
    expect(await visible(tenantAdmin)).toEqual(['Acme other', 'Acme survey']);
    expect(await visible(questionnaireAdmin)).toEqual(['Acme survey']);
    expect(await visible(nobody)).toEqual([]);
  });

  it('counts in the tenant list only the questionnaires the Admin may see', async () => {
    const counts = async (p: AdminPrincipal) =>
      (await listTenantsForAdmin(db.prisma, p)).map((t) => [t.name, t.questionnaireCount]);
    expect(await counts(operator)).toEqual([
      ['Acme', 2],
      ['Globex', 1],
    ]);
    expect(await counts(tenantAdmin)).toEqual([['Acme', 2]]);
    expect(await counts(questionnaireAdmin)).toEqual([['Acme', 1]]);
    expect(await counts(nobody)).toEqual([]);
  });

  it('reports a questionnaire outside the grants exactly like one that does not exist', async () => {
    await expect(requireQuestionnaireAccess(db.prisma, tenantAdmin, acmeOther.id)).resolves.toMatchObject({
      id: acmeOther.id,
    });
    const outside = requireQuestionnaireAccess(db.prisma, tenantAdmin, globexSurvey.id);
    await expect(outside).rejects.toMatchObject({ kind: 'NOT_FOUND', message: 'Questionnaire not found' });
    const missing = requireQuestionnaireAccess(
      db.prisma,
      tenantAdmin,
      '00000000-0000-4000-8000-000000000000',
    );
    await expect(missing).rejects.toMatchObject({ kind: 'NOT_FOUND', message: 'Questionnaire not found' });
    await expect(
      requireQuestionnaireAccess(db.prisma, questionnaireAdmin, acmeOther.id),
    ).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
    await expect(requireQuestionnaireAccess(db.prisma, nobody, 'not-a-uuid')).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
    await expect(requireQuestionnaireAccess(db.prisma, operator, globexSurvey.id)).resolves.toBeTruthy();
  });

  it('never reaches a participant of another questionnaire through a questionnaire the caller holds', async () => {
    const participant = await db.prisma.participant.create({
      data: { questionnaireId: globexSurvey.id, irn: 'G-1' },
    });
    await expect(
      requireParticipantInQuestionnaire(db.prisma, acmeSurvey.id, participant.id),
    ).rejects.toMatchObject({ kind: 'NOT_FOUND', message: 'Participant not found' });
    await expect(requireParticipantInQuestionnaire(db.prisma, globexSurvey.id, participant.id)).resolves.toBe(
      participant.id,
    );
  });

  describe('through the Admin tRPC door', () => {
    const caller = (admin: AdminPrincipal | null) =>
      createCallerFactory(appRouter)({
        db: db.prisma,
        session: admin
          ? ({ adminId: admin.id, signedInAt: Date.now(), expires: '' } satisfies Session)
          : null,
        authorization: null,
        sourceIp: null,
        headers: new Headers(),
      });

    it('refuses callers without a session, or with one past its absolute lifetime', async () => {
      await expect(caller(null).questionnaire.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      const stale = createCallerFactory(appRouter)({
        db: db.prisma,
        session: { adminId: operator.id, signedInAt: Date.now() - 9 * 3600_000, expires: '' },
        authorization: null,
        sourceIp: null,
        headers: new Headers(),
      });
      await expect(stale.questionnaire.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('keeps every questionnaire-scoped procedure inside the caller’s grants', async () => {
      const api = caller(questionnaireAdmin);
      await expect(api.questionnaire.get({ questionnaireId: acmeSurvey.id })).resolves.toMatchObject({
        name: 'Acme survey',
      });
      for (const call of [
        () => api.questionnaire.get({ questionnaireId: globexSurvey.id }),
        () => api.apiKey.list({ questionnaireId: globexSurvey.id }),
        () =>
          api.apiKey.create({ questionnaireId: globexSurvey.id, name: 'k', scopes: ['participant:write'] }),
        () => api.participant.list({ questionnaireId: acmeOther.id }),
        () => api.blockedNumber.add({ questionnaireId: globexSurvey.id, phoneNumber: '+14155550100' }),
      ]) {
        await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND' });
      }
      expect(await db.prisma.apiKey.count({ where: { questionnaireId: globexSurvey.id } })).toBe(0);
      expect(await db.prisma.blockedPhoneNumber.count({ where: { questionnaireId: globexSurvey.id } })).toBe(
        0,
      );
    });

    it('cannot delete another questionnaire’s key by sending its id with a questionnaire the caller holds', async () => {
      const victim = await caller(operator).apiKey.create({
        questionnaireId: globexSurvey.id,
        name: 'Globex key',
        scopes: ['participant:write'],
      });
      await expect(
        caller(questionnaireAdmin).apiKey.delete({ questionnaireId: acmeSurvey.id, keyId: victim.id }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await db.prisma.apiKey.findUniqueOrThrow({ where: { id: victim.id } })).toMatchObject({
        deletedAt: null,
      });
    });

    it('puts a service’s complaint about one field next to that field on the wire, as zod’s own are', async () => {
      const post = async (path: string, input: unknown) => {
        const response = await fetchRequestHandler({
          endpoint: '/api/trpc',
          req: new Request(`http://admin.test/api/trpc/${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(input),
          }),
          router: appRouter,
          createContext: () => ({
            db: db.prisma,
            session: { adminId: questionnaireAdmin.id, signedInAt: Date.now(), expires: '' },
            authorization: null,
            sourceIp: null,
            headers: new Headers(),
          }),
        });
        return (await response.json()) as {
          error: {
            message: string;
            data: { code: string; zodError: { fieldErrors: Record<string, string[]> } | null };
          };
        };
      };
      const unreadable = await post('blockedNumber.add', {
        questionnaireId: acmeSurvey.id,
        phoneNumber: 'call me',
      });
      expect(unreadable.error.data.code).toBe('BAD_REQUEST');
      expect(unreadable.error.data.zodError?.fieldErrors.phoneNumber?.[0]).toMatch(
        /"call me" is not a phone number/,
      );
      const invalid = await post('apiKey.create', { questionnaireId: acmeSurvey.id, name: ' ', scopes: [] });
      expect(invalid.error.data.zodError?.fieldErrors).toMatchObject({
        name: ['Give the key a name'],
        scopes: ['Choose at least one scope'],
      });
      // Refusals that concern no field stay plain messages.
      const missing = await post('apiKey.delete', {
        questionnaireId: acmeSurvey.id,
        keyId: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing.error).toMatchObject({ data: { code: 'NOT_FOUND', zodError: null } });
    });

    it('lets only platform operators create tenants and questionnaires and invite Admins', async () => {
      const api = caller(tenantAdmin);
      await expect(api.tenant.create({ name: 'Sneaky' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(api.questionnaire.create({ tenantId: acme.id, name: 'Sneaky' })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(
        api.adminUser.invite({ email: 'friend@example.com', access: { kind: 'operator' } }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      const created = await caller(operator).questionnaire.create({ tenantId: acme.id, name: 'By operator' });
      // A tenant-wide grant covers questionnaires created later.
      await expect(api.questionnaire.get({ questionnaireId: created.id })).resolves.toMatchObject({
        name: 'By operator',
      });
    });
  });
});
