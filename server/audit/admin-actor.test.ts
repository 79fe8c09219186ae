// Every state change made through the Admin door leaves an audit entry naming the Admin and the client's
// address, written with the change; secrets never reach the log.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { createCallerFactory } from '@/server/platform/trpc';
import { appRouter } from '@/server/doors/admin/router';
import { createAdmin } from '@/server/admins/users';
import { sampleResult, seedParticipant, type SeededParticipant } from '@/server/test/webhook-fixtures';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';

const SOURCE_IP = '198.51.100.77';

describe.each(testDatabaseKinds())('audit entries of the Admin door (%s)', (kind) => {
  allowPrivateWebhookUrls();
  const db = useTestDatabase(kind);
  let seeded: SeededParticipant;
  let operatorId: string;
  const createCaller = createCallerFactory(appRouter);
  let api: ReturnType<typeof createCaller>;
  let session: Session;

  beforeAll(async () => {
    seeded = await seedParticipant(db.prisma);
    operatorId = (
      await createAdmin(db.prisma, {
        email: `audit-${kind}@example.com`,
        password: 'a-long-enough-password',
        isOperator: true,
      })
    ).id;
    session = { adminId: operatorId, signedInAt: Date.now(), expires: '' };
    api = createCaller({
      db: db.prisma,
      session,
      authorization: null,
      sourceIp: SOURCE_IP,
      headers: new Headers(),
    });
  });

  const latest = async (action: string) => {
    const entry = await db.prisma.auditLog.findFirst({ where: { action }, orderBy: { at: 'desc' } });
    expect(entry, `an entry for ${action}`).not.toBeNull();
    expect(entry).toMatchObject({ actorType: 'admin', actorId: operatorId, sourceIp: SOURCE_IP });
    return entry!;
  };

  it('API keys: create, own rate limit, delete; the key value is never logged', async () => {
    const { questionnaireId, tenantId } = seeded;
    const created = await api.apiKey.create({ questionnaireId, name: 'ci', scopes: ['participant:write'] });
    await api.apiKey.setRateLimit({ questionnaireId, keyId: created.id, perMinute: 30 });
    expect((await api.apiKey.list({ questionnaireId })).find((k) => k.id === created.id)).toMatchObject({
      rateLimitPerMinute: 30,
    });
    await api.apiKey.delete({ questionnaireId, keyId: created.id });
    const entries = await db.prisma.auditLog.findMany({
      where: { targetId: created.id },
      orderBy: { at: 'asc' },
    });
    expect(entries.map((e) => e.action)).toEqual(['api_key.create', 'api_key.rate_limit', 'api_key.delete']);
    expect(entries[1]!.details).toEqual({ from: null, to: 30 });
    for (const e of entries) expect(e).toMatchObject({ tenantId, questionnaireId, actorId: operatorId });
    expect(JSON.stringify(entries)).not.toContain(created.key);
  });

  it('questionnaire create and settings', async () => {
    const q = await api.questionnaire.create({ tenantId: seeded.tenantId, name: 'Audited' });
    await api.questionnaire.update({
      questionnaireId: q.id,
      name: 'Audited, renamed',
      phoneNumber: null,
      languages: ['English'],
      guideTexts: {},
      attemptLimit: 3,
    });
    expect((await latest('questionnaire.create')).targetId).toBe(q.id);
    const update = await latest('questionnaire.update');
    expect(update).toMatchObject({ targetId: q.id, questionnaireId: q.id, tenantId: seeded.tenantId });
    // Only the fields that changed (the languages, guide text and phone number were saved as they were).
    expect(update.details).toEqual({ fields: ['attemptLimit', 'name'] });
  });

  it('blocked numbers: add (number masked), paste, remove', async () => {
    const { questionnaireId } = seeded;
    const blocked = await api.blockedNumber.add({ questionnaireId, phoneNumber: '+44 20 7946 0958' });
    expect((await latest('blocked_number.add')).details).toEqual({ number: '••••••••••958' });
    await api.blockedNumber.addMany({ questionnaireId, numbers: '+44 20 7946 0959\n+44 20 7946 0960' });
    expect((await latest('blocked_number.add_many')).details).toEqual({ added: 2, alreadyBlocked: 0 });
    await api.blockedNumber.remove({ questionnaireId, id: blocked.id });
    expect((await latest('blocked_number.remove')).targetId).toBe(blocked.id);
    // Only what the entries say: their random ids could hold these digits by chance.
    const said = await db.prisma.auditLog.findMany({ select: { details: true } });
    expect(JSON.stringify(said)).not.toContain('7946');
  });

  it('tenants, Admin invitations and grants, password changes: never a password', async () => {
    const tenant = await api.tenant.create({ name: 'Audited tenant' });
    expect((await latest('tenant.create')).targetId).toBe(tenant.id);
    const invited = await api.adminUser.invite({
      email: `invitee-${kind}@example.com`,
      access: { kind: 'tenant', tenantId: tenant.id },
    });
    const invite = await latest('admin.invite');
    expect(invite).toMatchObject({ targetId: invited.adminId, tenantId: tenant.id });
    expect(JSON.stringify(invite)).not.toContain(invited.temporaryPassword!);
    const admins = await api.adminUser.list();
    const grantId = admins.find((a) => a.id === invited.adminId)!.grants[0]!.id;
    await api.adminUser.revokeGrant({ grantId });
    expect(await latest('admin.revoke_grant')).toMatchObject({
      targetId: invited.adminId,
      tenantId: tenant.id,
    });
    await api.adminUser.changePassword({
      currentPassword: 'a-long-enough-password',
      newPassword: 'another-long-enough-password',
      confirmPassword: 'another-long-enough-password',
    });
    const change = await latest('admin.change_password');
    expect(JSON.stringify(change)).not.toMatch(/long-enough/);
    // A password change ends the Admin's sessions; the browser that made it carries on under the new session
    // version (its renewal ticket), which this caller takes from the account.
    await expect(api.adminUser.list()).rejects.toThrow('Sign in to continue');
    session.sessionVersion = (
      await db.prisma.adminUser.findUniqueOrThrow({
        where: { id: operatorId },
        select: { sessionVersion: true },
      })
    ).sessionVersion;
  });

  it('webhook settings, secret rotation, and a result published by hand', async () => {
    const { questionnaireId } = seeded;
    const created = await api.webhook.configure({
      questionnaireId,
      url: 'https://127.0.0.1/hook',
      authType: 'none',
    });
    await api.webhook.rotateSecret({ questionnaireId });
    const published = await api.webhook.publishResult({
      questionnaireId,
      participantId: seeded.participantId,
      ...sampleResult(),
    });
    expect((await latest('webhook.create')).tenantId).toBe(seeded.tenantId);
    await latest('webhook.secret.rotate');
    expect(await latest('result.publish')).toMatchObject({
      targetType: 'result',
      targetId: published.resultId,
      questionnaireId,
      tenantId: seeded.tenantId,
      details: { participantId: seeded.participantId, status: 'Result Published' },
    });
    expect(JSON.stringify(await db.prisma.auditLog.findMany())).not.toContain(created.secret!.slice(6));
  });

  it('a refused change leaves no entry', async () => {
    const before = await db.prisma.auditLog.count();
    await expect(
      api.blockedNumber.add({ questionnaireId: seeded.questionnaireId, phoneNumber: 'not a number' }),
    ).rejects.toThrow();
    await expect(
      api.apiKey.setRateLimit({
        questionnaireId: seeded.questionnaireId,
        keyId: '00000000-0000-4000-8000-000000000000',
        perMinute: 5,
      }),
    ).rejects.toThrow('That key does not exist or was deleted');
    expect(await db.prisma.auditLog.count()).toBe(before);
  });
});
