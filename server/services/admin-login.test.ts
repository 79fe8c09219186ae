import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { createAdmin } from './admin-users';
import { authenticateAdmin, FREE_FAILURES, lockDurationMs, WRONG_CREDENTIALS } from './admin-login';

const PASSWORD = 'correct horse battery';

describe.each(testDatabaseKinds())('Admin sign-in and its growing delay (%s)', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await db.close();
  });

  const signIn = (email: string, password: string, now: Date) =>
    authenticateAdmin(db.prisma, { email, password }, now);

  it('signs in with the right password, any letter case of the email, and records the time', async () => {
    const admin = await createAdmin(db.prisma, { email: 'ok@example.com', password: PASSWORD });
    const now = new Date('2026-03-01T09:00:00Z');
    await expect(signIn('  OK@Example.com ', PASSWORD, now)).resolves.toEqual({
      id: admin.id,
      email: 'ok@example.com',
      isOperator: false,
      sessionVersion: 1,
    });
    expect((await db.prisma.adminUser.findUniqueOrThrow({ where: { id: admin.id } })).lastLoginAt).toEqual(
      now,
    );
  });

  it('gives the same message for an unknown email and a wrong password', async () => {
    await createAdmin(db.prisma, { email: 'same@example.com', password: PASSWORD });
    const now = new Date();
    await expect(signIn('nobody@example.com', PASSWORD, now)).rejects.toMatchObject({
      kind: 'UNAUTHORIZED',
      message: WRONG_CREDENTIALS,
    });
    await expect(signIn('same@example.com', 'wrong password', now)).rejects.toMatchObject({
      kind: 'UNAUTHORIZED',
      message: WRONG_CREDENTIALS,
    });
  });

  it('locks for a growing time after repeated failures, refuses even the right password meanwhile, and resets on success', async () => {
    const admin = await createAdmin(db.prisma, { email: 'target@example.com', password: PASSWORD });
    let now = new Date('2026-03-02T09:00:00Z');
    for (let i = 0; i < FREE_FAILURES; i++) {
      await expect(signIn('target@example.com', `guess ${i}`, now)).rejects.toMatchObject({
        kind: 'UNAUTHORIZED',
      });
    }
    // The next failure starts the first lock.
    await expect(signIn('target@example.com', 'guess 3', now)).rejects.toMatchObject({
      kind: 'UNAUTHORIZED',
    });
    const firstLock = lockDurationMs(FREE_FAILURES + 1);
    expect(firstLock).toBeGreaterThan(0);

    const locked = signIn('target@example.com', PASSWORD, new Date(now.getTime() + firstLock - 1000));
    await expect(locked).rejects.toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
      details: { retryAfterSeconds: 1 },
    });
    await expect(locked).rejects.toThrow(/Too many failed sign-in attempts\. Try again in 1 second\./);
    // Attempts refused while locked do not count.
    expect((await db.prisma.adminUser.findUniqueOrThrow({ where: { id: admin.id } })).failedLoginCount).toBe(
      FREE_FAILURES + 1,
    );

    // After the lock, one more failure locks for twice as long.
    now = new Date(now.getTime() + firstLock + 1);
    await expect(signIn('target@example.com', 'guess 4', now)).rejects.toMatchObject({
      kind: 'UNAUTHORIZED',
    });
    const secondLock = lockDurationMs(FREE_FAILURES + 2);
    expect(secondLock).toBe(2 * firstLock);
    await expect(
      signIn('target@example.com', PASSWORD, new Date(now.getTime() + firstLock + 1)),
    ).rejects.toMatchObject({ kind: 'TOO_MANY_REQUESTS' });

    now = new Date(now.getTime() + secondLock + 1);
    await expect(signIn('target@example.com', PASSWORD, now)).resolves.toMatchObject({ id: admin.id });
    const after = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(after).toMatchObject({ failedLoginCount: 0, lastFailedLoginAt: null });
  });

  it('caps the lock at fifteen minutes and forgets old failures after a day', async () => {
    expect(lockDurationMs(50)).toBe(15 * 60_000);
    const admin = await createAdmin(db.prisma, { email: 'old@example.com', password: PASSWORD });
    const long = new Date('2026-03-03T09:00:00Z');
    await db.prisma.adminUser.update({
      where: { id: admin.id },
      data: { failedLoginCount: 40, lastFailedLoginAt: long },
    });
    await expect(
      signIn('old@example.com', PASSWORD, new Date(long.getTime() + 10 * 60_000)),
    ).rejects.toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
    });
    const nextDay = new Date(long.getTime() + 25 * 3600_000);
    await expect(signIn('old@example.com', 'one more typo', nextDay)).rejects.toMatchObject({
      kind: 'UNAUTHORIZED',
    });
    expect((await db.prisma.adminUser.findUniqueOrThrow({ where: { id: admin.id } })).failedLoginCount).toBe(
      1,
    );
    await expect(signIn('old@example.com', PASSWORD, nextDay)).resolves.toMatchObject({ id: admin.id });
  });
});
