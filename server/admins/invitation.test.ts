// An invitation's temporary password, which the inviting operator saw: it opens only the "choose your password"
// step (the Admin door refuses every other procedure to that session), and it stops signing in
// ADMIN_INVITATION_EXPIRY_HOURS after it was issued, with a message that says to ask for a new invitation.
// Inviting the same email again then issues a new one.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import { randomUUID } from 'node:crypto';
import { appRouter } from '@/server/doors/admin/router';
import { CHOOSE_PASSWORD_FIRST } from '@/server/admins/procedures';
import { authorizeAdmin } from '@/server/admins/options';
import { INVITATION_EXPIRED } from '@/server/admins/sign-in-messages';
import { env } from '@/server/platform/env';
import { testActor } from '@/server/test/actor';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { authenticateAdmin, WRONG_CREDENTIALS } from './login';
import { createAdmin, inviteAdmin } from './users';

const HOUR = 60 * 60_000;
const OWN_PASSWORD = 'my own long passphrase';

describe.each(testDatabaseKinds())('invitations and their temporary passwords (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let tenantId: string;
  const expiryHours = env.ADMIN_INVITATION_EXPIRY_HOURS;

  beforeAll(async () => {
    tenantId = (await db.prisma.tenant.create({ data: { name: 'Acme' } })).id;
  });
  afterEach(() => {
    env.ADMIN_INVITATION_EXPIRY_HOURS = expiryHours;
  });

  const invite = (email: string) =>
    inviteAdmin(db.prisma, { email, access: { kind: 'tenant', tenantId } }, testActor);
  const signIn = (email: string, password: string, now = new Date()) =>
    authenticateAdmin(db.prisma, { email, password }, now);
  /** The Admin door as the session that a sign-in opened calls it. */
  const door = (
    admin: { id: string; sessionVersion: number },
    signInMethod: 'password' | 'oidc' = 'password',
  ) =>
    appRouter.createCaller({
      db: db.prisma,
      session: {
        adminId: admin.id,
        sessionId: randomUUID(),
        signedInAt: Date.now(),
        sessionVersion: admin.sessionVersion,
        signInMethod,
        expires: '',
      } satisfies Session,
      authorization: null,
      sourceIp: null,
      headers: new Headers(),
    });

  it('an invited Admin can do nothing but choose their own password until they have', async () => {
    const invited = await invite('new@example.com');
    const admin = await signIn('new@example.com', invited.temporaryPassword!);
    const api = door(admin);
    const refused = { code: 'FORBIDDEN', message: CHOOSE_PASSWORD_FIRST };
    // Every tier: a tenant's pages, their own account and its security, who they are.
    await expect(api.questionnaire.list({})).rejects.toMatchObject(refused);
    await expect(api.account.security()).rejects.toMatchObject(refused);
    await expect(api.adminUser.me()).rejects.toMatchObject(refused);
    await expect(api.account.signOutEverywhere({ submissionId: randomUUID() })).rejects.toMatchObject(
      refused,
    );

    await expect(
      api.adminUser.changePassword({
        submissionId: randomUUID(),
        currentPassword: invited.temporaryPassword!,
        newPassword: OWN_PASSWORD,
        confirmPassword: OWN_PASSWORD,
      }),
    ).resolves.toMatchObject({ renewal: expect.any(String) });
    const signedInAgain = await signIn('new@example.com', OWN_PASSWORD);
    await expect(door(signedInAgain).questionnaire.list({})).resolves.toBeDefined();
    const stored = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(stored).toMatchObject({ mustChangePassword: false, passwordExpiresAt: null });
    // The Admin's own password never expires.
    await expect(
      signIn('new@example.com', OWN_PASSWORD, new Date(Date.now() + 1000 * HOUR)),
    ).resolves.toMatchObject({
      id: admin.id,
    });
  });

  it('an unused invitation stops signing in after ADMIN_INVITATION_EXPIRY_HOURS, saying to ask for a new one', async () => {
    const invited = await invite('late@example.com');
    const issued = Date.now();
    const justBefore = new Date(issued + 168 * HOUR - 60_000);
    const after = new Date(issued + 168 * HOUR + 60_000);
    await expect(signIn('late@example.com', invited.temporaryPassword!, justBefore)).resolves.toMatchObject({
      id: invited.adminId,
    });
    await expect(signIn('late@example.com', invited.temporaryPassword!, after)).rejects.toMatchObject({
      kind: 'UNAUTHORIZED',
      message: INVITATION_EXPIRED,
    });
    // The sign-in form's check hands the message to the form as it is (now, with the expiry moved to the past).
    expect(INVITATION_EXPIRED).toMatch(/expired.*invite you again/);
    await db.prisma.adminUser.update({
      where: { id: invited.adminId },
      data: { passwordExpiresAt: new Date(Date.now() - 1000) },
    });
    await expect(
      authorizeAdmin(db.prisma, { email: 'late@example.com', password: invited.temporaryPassword! }),
    ).rejects.toThrow(new Error(INVITATION_EXPIRED));
    // A wrong password learns nothing more than before.
    await expect(signIn('late@example.com', 'not the password', after)).rejects.toMatchObject({
      message: WRONG_CREDENTIALS,
    });
    // The expired password is not a guess: it never adds to the lockout.
    for (let i = 0; i < 6; i++) {
      await expect(signIn('late@example.com', invited.temporaryPassword!, after)).rejects.toMatchObject({
        message: INVITATION_EXPIRED,
      });
    }
  });

  it('the expiry is configurable (ADMIN_INVITATION_EXPIRY_HOURS)', async () => {
    env.ADMIN_INVITATION_EXPIRY_HOURS = 2;
    const invited = await invite('quick@example.com');
    const stored = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: invited.adminId } });
    expect(stored.passwordExpiresAt!.getTime() - Date.now()).toBeGreaterThan(2 * HOUR - 60_000);
    expect(stored.passwordExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(2 * HOUR);
    await expect(
      signIn('quick@example.com', invited.temporaryPassword!, new Date(Date.now() + 3 * HOUR)),
    ).rejects.toMatchObject({ message: INVITATION_EXPIRED });
  });

  it('inviting an Admin who never chose a password again issues a new temporary password and ends the old', async () => {
    const first = await invite('again@example.com');
    const expiredAt = new Date(Date.now() + 200 * HOUR);
    const second = await invite('again@example.com');
    expect(second).toMatchObject({ adminId: first.adminId, temporaryPassword: expect.any(String) });
    expect(second.temporaryPassword).not.toBe(first.temporaryPassword);
    await expect(signIn('again@example.com', first.temporaryPassword!)).rejects.toMatchObject({
      message: WRONG_CREDENTIALS,
    });
    await expect(signIn('again@example.com', second.temporaryPassword!)).resolves.toMatchObject({
      id: first.adminId,
    });
    // The new one runs from its own issue.
    await expect(signIn('again@example.com', second.temporaryPassword!, expiredAt)).rejects.toMatchObject({
      message: INVITATION_EXPIRED,
    });
    const actions = await db.prisma.auditLog.findMany({
      where: { targetId: first.adminId },
      select: { action: true },
    });
    expect(actions.map((a) => a.action)).toEqual(['admin.invite', 'admin.invite']);
    // An Admin with their own password gets no new one: the same access again is a conflict.
    const own = await createAdmin(db.prisma, {
      email: 'settled@example.com',
      password: OWN_PASSWORD,
      tenantId,
    });
    await expect(invite('settled@example.com')).rejects.toMatchObject({ kind: 'CONFLICT' });
    await expect(signIn('settled@example.com', OWN_PASSWORD)).resolves.toMatchObject({ id: own.id });
  });

  it('single sign-on is not held back by a temporary password it never used', async () => {
    const invited = await invite('sso@example.com');
    const admin = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: invited.adminId } });
    await expect(door(admin, 'oidc').questionnaire.list({})).resolves.toBeDefined();
    await expect(door(admin, 'password').questionnaire.list({})).rejects.toMatchObject({
      message: CHOOSE_PASSWORD_FIRST,
    });
  });
});
