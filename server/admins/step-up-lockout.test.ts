// A signed-in session cannot brute-force the step-up checks. Wrong codes and passwords sent to
// account.disableTwoFactor, account.regenerateRecoveryCodes, account.startTwoFactor and
// adminUser.changePassword, all in one tRPC batch over HTTP, count towards the sign-in lockout: only those
// before the lock are checked, and the rest are refused with 429 without being looked at. The lock is per
// client address, so the owner, elsewhere, still gets in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import { generate } from 'otplib';
import { createAdminDoorHandler } from '@/server/doors/admin/admin-door';
import { createAdmin } from '@/server/admins/users';
import { confirmEnrolment, startEnrolment, twoFactorStatus } from '@/server/admins/two-factor';
import { stepUp } from '@/server/admins/step-up';
import { ADDRESS_POLICY } from '@/server/admins/auth-throttle';
import { totpSecretBox } from '@/server/admins/totp';
import { env } from '@/server/platform/env';
import { testActor } from '@/server/test/actor';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';

const PASSWORD = 'correct horse battery';
const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.2';
const CHECKED = ADDRESS_POLICY.free + 1;

interface BatchAnswer {
  result?: unknown;
  error?: { data: { code: string; httpStatus: number } };
}

describe.each(testDatabaseKinds())('step-up checks count towards the lockout (%s)', (kind) => {
  const db = useTestDatabase(kind);
  const trustProxy = env.TRUST_PROXY;

  beforeAll(() => {
    env.TRUST_PROXY = true;
  });
  afterAll(() => {
    env.TRUST_PROXY = trustProxy;
  });

  async function enrolledAdmin(email: string) {
    const admin = await createAdmin(db.prisma, { email, password: PASSWORD, isOperator: true });
    const box = totpSecretBox();
    const proof = await stepUp(db.prisma, box, { adminId: admin.id, password: PASSWORD }, testActor);
    const { secret } = await startEnrolment(db.prisma, box, proof, testActor);
    const past = new Date(Date.now() - 60_000);
    await confirmEnrolment(
      db.prisma,
      box,
      admin.id,
      await generate({ secret, epoch: past.getTime() / 1000 }),
      testActor,
      past,
    );
    return { ...admin, secret };
  }

  /** One tRPC batch over HTTP, as the Admin app's client sends it, from `address`. */
  async function batch(adminId: string, calls: [path: string, input: unknown][], address: string) {
    const handler = createAdminDoorHandler({
      db: () => db.prisma,
      // The session that enrolment's new session version issued.
      session: () =>
        Promise.resolve({
          adminId,
          signedInAt: Date.now(),
          sessionVersion: 2,
          expires: '',
        } satisfies Session),
    });
    const paths = calls.map(([path]) => path).join(',');
    const body = Object.fromEntries(calls.map(([, input], i) => [i, input]));
    const res = await handler(
      new Request(`http://localhost/api/trpc/${paths}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      }),
    );
    return (await res.json()) as BatchAnswer[];
  }

  const codes = (answers: BatchAnswer[]) => answers.map((a) => a.error?.data.code ?? 'OK');

  it('300 wrong codes in one batch: only the first few are checked; the owner elsewhere is not locked out', async () => {
    const admin = await enrolledAdmin('batch@example.com');
    const wrong = Array.from({ length: 300 }, (_, i): [string, unknown] => [
      'account.disableTwoFactor',
      { password: PASSWORD, code: String(100000 + i) },
    ]);
    const answers = codes(await batch(admin.id, wrong, STRANGER));
    expect(answers.filter((c) => c === 'BAD_REQUEST')).toHaveLength(CHECKED);
    expect(answers.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(300 - CHECKED);

    const right = await generate({ secret: admin.secret });
    expect((await twoFactorStatus(db.prisma, admin.id)).enabled).toBe(true);
    // The owner, from their own address, is not locked out by the stranger.
    expect(
      codes(
        await batch(admin.id, [['account.disableTwoFactor', { password: PASSWORD, code: right }]], OWNER),
      ),
    ).toEqual(['OK']);
    expect((await twoFactorStatus(db.prisma, admin.id)).enabled).toBe(false);
  });

  it('wrong passwords and codes of every step-up share one budget with sign-in', async () => {
    const admin = await enrolledAdmin('mixed@example.com');
    const calls: [string, unknown][] = [];
    for (let i = 0; i < 100; i++) {
      calls.push(['account.regenerateRecoveryCodes', { password: PASSWORD, code: String(200000 + i) }]);
      calls.push([
        'adminUser.changePassword',
        {
          currentPassword: `guess ${i}`,
          newPassword: 'a new long password',
          confirmPassword: 'a new long password',
        },
      ]);
      calls.push(['account.disableTwoFactor', { password: `guess ${i}`, code: String(300000 + i) }]);
    }
    const answers = codes(await batch(admin.id, calls, STRANGER));
    expect(answers.filter((c) => c === 'BAD_REQUEST')).toHaveLength(CHECKED);
    expect(answers.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(300 - CHECKED);
    const row = await db.prisma.adminAuthThrottle.findUniqueOrThrow({
      where: { adminUserId_scope: { adminUserId: admin.id, scope: STRANGER } },
    });
    expect(row.failures).toBe(CHECKED);
  });

  it('enrolling two-factor sign-in needs the password, and a wrong one counts', async () => {
    const admin = await createAdmin(db.prisma, { email: 'enrol@example.com', password: PASSWORD });
    const handler = createAdminDoorHandler({
      db: () => db.prisma,
      session: () =>
        Promise.resolve({ adminId: admin.id, signedInAt: Date.now(), expires: '' } satisfies Session),
    });
    const call = async (input: unknown) =>
      (
        await handler(
          new Request('http://localhost/api/trpc/account.startTwoFactor', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': STRANGER },
            body: JSON.stringify(input ?? null),
          }),
        )
      ).status;
    expect(await call(undefined)).toBe(400);
    expect(await call({ password: 'not it' })).toBe(400);
    expect(await call({ password: PASSWORD })).toBe(200);
  });
});
