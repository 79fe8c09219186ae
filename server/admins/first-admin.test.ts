import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { verifyPassword } from '@/server/admins/passwords';
import { createDatabase } from '@/server/platform/db/client';
import { ensureFirstAdmin } from './users';
import type { Session } from 'next-auth';
import { appRouter } from '@/server/doors/admin/router';

describe.each(testDatabaseKinds())('first Admin at start-up (%s)', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await db.close();
  });

  it('creates a platform operator with a generated strong password when none is configured', async () => {
    const outcome = await ensureFirstAdmin(db.prisma, {});
    expect(outcome).toEqual({
      created: true,
      email: 'admin@localhost',
      generatedPassword: expect.any(String),
    });
    if (!outcome.created || !outcome.generatedPassword) throw new Error('unreachable');
    expect(outcome.generatedPassword.length).toBeGreaterThanOrEqual(20);
    const admin = await db.prisma.adminUser.findUniqueOrThrow({ where: { email: 'admin@localhost' } });
    expect(admin.isOperator).toBe(true);
    expect(admin.passwordHash).not.toContain(outcome.generatedPassword);
    expect(await verifyPassword(outcome.generatedPassword, admin.passwordHash)).toBe(true);

    // The printed password is for choosing the Admin's own; the Admin door refuses everything but that change
    // until they do, and it expires like an invitation's.
    expect(admin.mustChangePassword).toBe(true);
    expect(admin.passwordExpiresAt!.getTime() - Date.now()).toBeGreaterThan(167 * 60 * 60_000);
    expect(admin.passwordExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(168 * 60 * 60_000);
    const session: Session = { adminId: admin.id, signedInAt: Date.now(), expires: '' };
    const api = () =>
      appRouter.createCaller({
        db: db.prisma,
        session,
        authorization: null,
        sourceIp: null,
        headers: new Headers(),
      });
    await expect(api().tenant.list()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Choose your own password first',
    });
    await expect(api().adminUser.me()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await api().adminUser.changePassword({
      currentPassword: outcome.generatedPassword,
      newPassword: 'my own long passphrase',
      confirmPassword: 'my own long passphrase',
    });
    session.sessionVersion = 2;
    await expect(api().tenant.list()).resolves.toEqual([]);
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when set, and does nothing once an Admin exists', async () => {
    const first = await ensureFirstAdmin(db.prisma, {
      email: 'Boss@Example.com',
      password: 'configured-password',
    });
    expect(first).toEqual({ created: true, email: 'boss@example.com', generatedPassword: null });
    expect(await ensureFirstAdmin(db.prisma, {})).toEqual({ created: false });
    expect(await db.prisma.adminUser.count()).toBe(1);
    const admin = await db.prisma.adminUser.findUniqueOrThrow({ where: { email: 'boss@example.com' } });
    expect(await verifyPassword('configured-password', admin.passwordHash)).toBe(true);
    expect(admin.mustChangePassword).toBe(false);
  });

  it('creates one Admin when several instances start at once on an empty database', async () => {
    // Each instance has its own client (its own connections on PostgreSQL); the embedded database has one.
    const instances =
      kind === 'postgresql' ? [1, 2, 3].map(() => createDatabase(db.url, 2)) : [{ prisma: db.prisma }];
    try {
      const outcomes = await Promise.all(
        [0, 1, 2].map((i) =>
          ensureFirstAdmin(instances[i % instances.length]!.prisma, { password: 'configured-password' }),
        ),
      );
      expect(outcomes.filter((o) => o.created)).toHaveLength(1);
      expect(await db.prisma.adminUser.count()).toBe(1);
    } finally {
      for (const instance of instances) if ('close' in instance) await instance.close();
    }
  });
});
