import { describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import { generate } from 'otplib';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { appRouter } from '@/server/doors/admin/router';
import { createCallerFactory } from '@/server/platform/trpc';
import { env } from '@/server/platform/env';
import { TWO_FACTOR_REQUIRED, WRONG_CODE } from '@/server/admins/sign-in-messages';
import { hashRecoveryCode, TOTP_PERIOD_SECONDS } from '@/server/admins/totp';
import { changePassword, createAdmin } from './users';
import { authenticateAdmin } from './login';
import { ADDRESS_POLICY } from './auth-throttle';
import { stepUp } from './step-up';
import { loadAdminPrincipal } from './access';
import { endAdminSessions } from './sessions';
import { confirmEnrolment, disableTwoFactor, startEnrolment, twoFactorStatus } from './two-factor';
import { ssoAdmin } from '@/server/admins/oidc';
import { testActor } from '@/server/test/actor';

const PASSWORD = 'correct horse battery';
const box = createSecretBox('a test application secret of 32+ characters');
const at = (iso: string) => new Date(iso);
const codeAt = (secret: string, when: Date) => generate({ secret, epoch: Math.floor(when.getTime() / 1000) });

describe.each(testDatabaseKinds())('Two-factor sign-in and ending sessions (%s)', (kind) => {
  const db = useTestDatabase(kind);

  /** Step-up with the password (and a code), as the account procedures do. */
  const proofFor = (adminId: string, code?: string, now?: Date) =>
    stepUp(db.prisma, box, { adminId, password: PASSWORD, code }, testActor, now);

  async function enrolledAdmin(email: string, when = at('2026-03-01T09:00:00Z')) {
    const admin = await createAdmin(db.prisma, { email, password: PASSWORD });
    const { secret } = await startEnrolment(db.prisma, box, await proofFor(admin.id), testActor);
    const { recoveryCodes } = await confirmEnrolment(
      db.prisma,
      box,
      admin.id,
      await codeAt(secret, when),
      testActor,
      when,
    );
    return { ...admin, secret, recoveryCodes };
  }

  const signIn = (email: string, code: string | undefined, now: Date) =>
    authenticateAdmin(db.prisma, { email, password: PASSWORD, code }, now, box);

  it('enrols with a QR code and a first code, stores the secret encrypted and the recovery codes hashed', async () => {
    const admin = await createAdmin(db.prisma, { email: 'enrol@example.com', password: PASSWORD });
    const started = await startEnrolment(db.prisma, box, await proofFor(admin.id), testActor);
    expect(started.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(started.otpauthUrl).toContain(`secret=${started.secret}`);
    const now = at('2026-03-01T09:00:00Z');
    await expect(confirmEnrolment(db.prisma, box, admin.id, '000000', testActor, now)).rejects.toMatchObject({
      message: WRONG_CODE,
    });
    expect((await twoFactorStatus(db.prisma, admin.id)).enabled).toBe(false);

    const { recoveryCodes } = await confirmEnrolment(
      db.prisma,
      box,
      admin.id,
      await codeAt(started.secret, now),
      testActor,
      now,
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const row = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(row.totpSecretEncrypted).not.toContain(started.secret);
    expect(box.decrypt(row.totpSecretEncrypted!)).toBe(started.secret);
    const stored = await db.prisma.adminRecoveryCode.findMany({ where: { adminUserId: admin.id } });
    expect(stored.map((c) => c.codeHash).sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort());
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    // Enrolment ends the Admin's other sessions.
    expect(row.sessionVersion).toBe(2);
    expect(await twoFactorStatus(db.prisma, admin.id)).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
  });

  it('asks for a code after the right password, accepts ±1 step, and never the same code twice', async () => {
    const admin = await enrolledAdmin('code@example.com');
    const now = at('2026-03-01T10:00:00Z');
    await expect(signIn(admin.email, undefined, now)).rejects.toMatchObject({
      kind: 'UNAUTHORIZED',
      message: TWO_FACTOR_REQUIRED,
    });
    // Asking for the code is not a failure.
    expect(
      await db.prisma.adminAuthThrottle.findMany({ where: { adminUserId: admin.id, failures: { gt: 0 } } }),
    ).toEqual([]);

    const previousStep = new Date(now.getTime() - TOTP_PERIOD_SECONDS * 1000);
    const code = await codeAt(admin.secret, previousStep);
    await expect(signIn(admin.email, code, now)).resolves.toMatchObject({ id: admin.id });
    await expect(signIn(admin.email, code, now)).rejects.toMatchObject({ message: WRONG_CODE });

    const later = at('2026-03-01T11:00:00Z');
    const twoStepsAgo = await codeAt(
      admin.secret,
      new Date(later.getTime() - 2 * TOTP_PERIOD_SECONDS * 1000),
    );
    await expect(signIn(admin.email, twoStepsAgo, later)).rejects.toMatchObject({ message: WRONG_CODE });
    const nextStep = await codeAt(admin.secret, new Date(later.getTime() + TOTP_PERIOD_SECONDS * 1000));
    await expect(signIn(admin.email, nextStep, later)).resolves.toMatchObject({ id: admin.id });
  });

  it('accepts each recovery code once, and audits its use', async () => {
    const admin = await enrolledAdmin('recovery@example.com');
    const now = at('2026-03-01T10:00:00Z');
    const code = admin.recoveryCodes[3]!;
    await expect(signIn(admin.email, ` ${code.toUpperCase()} `, now)).resolves.toMatchObject({
      id: admin.id,
    });
    await expect(signIn(admin.email, code, now)).rejects.toMatchObject({ message: WRONG_CODE });
    const audit = await db.prisma.auditLog.findMany({
      where: { action: 'admin.two_factor.recovery_code_used', targetId: admin.id },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ recoveryCodesLeft: 9 });
  });

  it('counts wrong codes towards the lockout, which then refuses even the right code', async () => {
    const admin = await enrolledAdmin('lockout@example.com');
    const now = at('2026-03-01T10:00:00Z');
    for (let i = 0; i <= ADDRESS_POLICY.free; i++) {
      await expect(signIn(admin.email, '123456', now)).rejects.toMatchObject({ kind: 'UNAUTHORIZED' });
    }
    await expect(signIn(admin.email, await codeAt(admin.secret, now), now)).rejects.toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
    });
  });

  it('turns off only with the password and a current code, and then signs in without one', async () => {
    const admin = await enrolledAdmin('disable@example.com');
    const now = at('2026-03-01T10:00:00Z');
    await expect(proofFor(admin.id, '000000', now)).rejects.toMatchObject({ message: WRONG_CODE });
    // The password alone proves no code.
    await expect(disableTwoFactor(db.prisma, await proofFor(admin.id), testActor)).rejects.toMatchObject({
      kind: 'FORBIDDEN',
    });
    await expect(
      stepUp(
        db.prisma,
        box,
        { adminId: admin.id, password: 'wrong', code: await codeAt(admin.secret, now) },
        testActor,
        now,
      ),
    ).rejects.toMatchObject({ details: { field: 'password' } });
    await disableTwoFactor(
      db.prisma,
      await proofFor(admin.id, await codeAt(admin.secret, now), now),
      testActor,
    );
    expect(await twoFactorStatus(db.prisma, admin.id)).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    await expect(signIn(admin.email, undefined, now)).resolves.toMatchObject({ id: admin.id });
  });

  it('ends sessions: an older session version is refused, by sign-out everywhere and by a password change', async () => {
    const admin = await createAdmin(db.prisma, { email: 'sessions@example.com', password: PASSWORD });
    expect(await loadAdminPrincipal(db.prisma, admin.id, 1)).not.toBeNull();
    expect(await endAdminSessions(db.prisma, admin.id)).toBe(2);
    expect(await loadAdminPrincipal(db.prisma, admin.id, 1)).toBeNull();
    expect(await loadAdminPrincipal(db.prisma, admin.id, 2)).not.toBeNull();
    await changePassword(db.prisma, await proofFor(admin.id), 'another long password', testActor);
    expect(await loadAdminPrincipal(db.prisma, admin.id, 2)).toBeNull();
  });

  describe('through the Admin tRPC door', () => {
    const caller = (adminId: string, sessionVersion?: number) =>
      createCallerFactory(appRouter)({
        db: db.prisma,
        session: { adminId, signedInAt: Date.now(), sessionVersion, expires: '' } satisfies Session,
        authorization: null,
        sourceIp: null,
        headers: new Headers(),
      });

    it('sign out everywhere refuses the session on its next request, and is audited', async () => {
      const admin = await createAdmin(db.prisma, { email: 'door@example.com', password: PASSWORD });
      const other = caller(admin.id, 1);
      await expect(other.adminUser.me()).resolves.toMatchObject({ id: admin.id });
      await caller(admin.id, 1).account.signOutEverywhere({});
      await expect(other.adminUser.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(caller(admin.id, 2).adminUser.me()).resolves.toMatchObject({ id: admin.id });
      expect(
        await db.prisma.auditLog.count({ where: { action: 'admin.sessions.end', targetId: admin.id } }),
      ).toBe(1);
    });

    it("an operator ends another Admin's sessions; removing a grant ends them too", async () => {
      const operator = await createAdmin(db.prisma, {
        email: 'operator@example.com',
        password: PASSWORD,
        isOperator: true,
      });
      const tenant = await db.prisma.tenant.create({ data: { name: 'Acme' } });
      const admin = await createAdmin(db.prisma, {
        email: 'granted@example.com',
        password: PASSWORD,
        tenantId: tenant.id,
      });
      await caller(operator.id).adminUser.endSessions({ adminId: admin.id });
      await expect(caller(admin.id, 1).adminUser.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(caller(admin.id, 2).adminUser.me()).resolves.toBeTruthy();
      await expect(caller(admin.id, 2).adminUser.endSessions({ adminId: operator.id })).rejects.toMatchObject(
        {
          code: 'FORBIDDEN',
        },
      );

      const grant = await db.prisma.adminGrant.findFirstOrThrow({ where: { adminUserId: admin.id } });
      await caller(operator.id).adminUser.revokeGrant({ grantId: grant.id });
      await expect(caller(admin.id, 2).adminUser.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('ADMIN_REQUIRE_2FA: a password session without a second factor may only enrol', async () => {
      const admin = await createAdmin(db.prisma, {
        email: 'required@example.com',
        password: PASSWORD,
        isOperator: true,
      });
      env.ADMIN_REQUIRE_2FA = true;
      try {
        await expect(caller(admin.id).tenant.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
        await expect(caller(admin.id).account.security()).resolves.toMatchObject({ twoFactorRequired: true });
        await expect(
          caller(admin.id).account.startTwoFactor({ password: 'not the password' }),
        ).rejects.toMatchObject({
          code: 'BAD_REQUEST',
        });
        const { secret } = await caller(admin.id).account.startTwoFactor({ password: PASSWORD });
        await caller(admin.id).account.confirmTwoFactor({ code: await codeAt(secret, new Date()) });
        await expect(caller(admin.id, 2).tenant.list()).resolves.toBeInstanceOf(Array);
        expect(
          await db.prisma.auditLog.count({
            where: { action: 'admin.two_factor.enable', targetId: admin.id },
          }),
        ).toBe(1);
      } finally {
        env.ADMIN_REQUIRE_2FA = false;
      }
    });
  });

  it('single sign-on admits only an invited Admin with a verified email', async () => {
    const admin = await createAdmin(db.prisma, { email: 'sso@example.com', password: PASSWORD });
    const profile = (email: string, verified: unknown) =>
      ({ sub: 'subject-1', email, email_verified: verified }) as never;
    await expect(ssoAdmin(db.prisma, profile('SSO@example.com', true))).resolves.toMatchObject({
      id: admin.id,
    });
    await expect(ssoAdmin(db.prisma, profile('sso@example.com', false))).resolves.toBeNull();
    await expect(ssoAdmin(db.prisma, profile('sso@example.com', undefined))).resolves.toBeNull();
    await expect(ssoAdmin(db.prisma, profile('stranger@example.com', true))).resolves.toBeNull();
  });
});
