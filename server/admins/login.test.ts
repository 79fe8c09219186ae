import { describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { createAdmin } from './users';
import { authenticateAdmin, WRONG_CREDENTIALS } from './login';
import { ACCOUNT_POLICY, ADDRESS_POLICY, lockDurationMs } from './auth-throttle';

const PASSWORD = 'correct horse battery';
const FREE_FAILURES = ADDRESS_POLICY.free;
const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.2';

describe.each(testDatabaseKinds())('Admin sign-in and its growing delay (%s)', (kind) => {
  const db = useTestDatabase(kind);

  const signIn = (email: string, password: string, now: Date, sourceIp: string | null = null) =>
    authenticateAdmin(db.prisma, { email, password, sourceIp }, now);
  const counter = async (adminUserId: string, scope: string) =>
    (await db.prisma.adminAuthThrottle.findUnique({ where: { adminUserId_scope: { adminUserId, scope } } }))
      ?.failures ?? 0;

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
    const firstLock = lockDurationMs(ADDRESS_POLICY, FREE_FAILURES + 1);
    expect(firstLock).toBeGreaterThan(0);

    const locked = signIn('target@example.com', PASSWORD, new Date(now.getTime() + firstLock - 1000));
    await expect(locked).rejects.toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
      details: { retryAfterSeconds: 1 },
    });
    await expect(locked).rejects.toThrow(/Too many failed sign-in attempts\. Try again in 1 second\./);
    // Attempts refused while locked do not count.
    expect(await counter(admin.id, 'unknown')).toBe(FREE_FAILURES + 1);
    expect(await counter(admin.id, '*')).toBe(FREE_FAILURES + 1);

    // After the lock, one more failure locks for twice as long.
    now = new Date(now.getTime() + firstLock + 1);
    await expect(signIn('target@example.com', 'guess 4', now)).rejects.toMatchObject({
      kind: 'UNAUTHORIZED',
    });
    const secondLock = lockDurationMs(ADDRESS_POLICY, FREE_FAILURES + 2);
    expect(secondLock).toBe(2 * firstLock);
    await expect(
      signIn('target@example.com', PASSWORD, new Date(now.getTime() + firstLock + 1)),
    ).rejects.toMatchObject({ kind: 'TOO_MANY_REQUESTS' });

    now = new Date(now.getTime() + secondLock + 1);
    await expect(signIn('target@example.com', PASSWORD, now)).resolves.toMatchObject({ id: admin.id });
    // The address's count starts again; the account's keeps the failures (it only throttles, much later).
    expect(await counter(admin.id, 'unknown')).toBe(0);
    expect(await counter(admin.id, '*')).toBe(FREE_FAILURES + 2);
  });

  it('caps the lock at fifteen minutes and forgets old failures after a day', async () => {
    expect(lockDurationMs(ADDRESS_POLICY, 50)).toBe(15 * 60_000);
    expect(lockDurationMs(ADDRESS_POLICY, 1_000_000)).toBe(15 * 60_000);
    const admin = await createAdmin(db.prisma, { email: 'old@example.com', password: PASSWORD });
    const long = new Date('2026-03-03T09:00:00Z');
    await db.prisma.adminAuthThrottle.create({
      data: { adminUserId: admin.id, scope: 'unknown', failures: 40, lastFailedAt: long },
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
    expect(await counter(admin.id, 'unknown')).toBe(1);
    await expect(signIn('old@example.com', PASSWORD, nextDay)).resolves.toMatchObject({ id: admin.id });
  });

  it('a stranger locks out only their own address: the owner signs in from theirs', async () => {
    const admin = await createAdmin(db.prisma, { email: 'owner@example.com', password: PASSWORD });
    const now = new Date('2026-03-04T09:00:00Z');
    for (let i = 0; i < 20; i++) {
      await signIn('owner@example.com', `guess ${i}`, now, STRANGER).catch(() => undefined);
    }
    await expect(signIn('owner@example.com', PASSWORD, now, STRANGER)).rejects.toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
    });
    await expect(signIn('owner@example.com', PASSWORD, now, OWNER)).resolves.toMatchObject({ id: admin.id });
    // Only the guesses made before the stranger's lock were checked (and counted).
    expect(await counter(admin.id, STRANGER)).toBe(FREE_FAILURES + 1);
  });

  it('guesses from many addresses throttle the account briefly, never longer than a minute', async () => {
    const admin = await createAdmin(db.prisma, { email: 'spread@example.com', password: PASSWORD });
    const now = new Date('2026-03-05T09:00:00Z');
    for (let i = 0; i <= ACCOUNT_POLICY.free; i++) {
      await expect(signIn('spread@example.com', 'guess', now, `192.0.2.${i + 1}`)).rejects.toMatchObject({
        kind: 'UNAUTHORIZED',
      });
    }
    const throttled = signIn('spread@example.com', PASSWORD, now, OWNER);
    await expect(throttled).rejects.toMatchObject({ kind: 'TOO_MANY_REQUESTS' });
    // Refused by the account's counter: nothing was counted for the owner's address.
    expect(await counter(admin.id, OWNER)).toBe(0);
    expect(lockDurationMs(ACCOUNT_POLICY, 10_000)).toBe(60_000);
    await expect(
      signIn('spread@example.com', PASSWORD, new Date(now.getTime() + 60_001), OWNER),
    ).resolves.toMatchObject({ id: admin.id });
  }, 180_000);

  it('300 wrong passwords sent at once: only those before the lock are checked', async () => {
    await createAdmin(db.prisma, { email: 'burst@example.com', password: PASSWORD });
    const now = new Date('2026-03-06T09:00:00Z');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 300 }, (_, i) => signIn('burst@example.com', `guess ${i}`, now, STRANGER)),
    );
    const kinds = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as { kind: string }).kind : 'ok'));
    expect(kinds.filter((k) => k === 'UNAUTHORIZED')).toHaveLength(FREE_FAILURES + 1);
    expect(kinds.filter((k) => k === 'TOO_MANY_REQUESTS')).toHaveLength(300 - FREE_FAILURES - 1);
  });
});
