// Slowing down guessing of an Admin's password and codes, at sign-in and at every step-up (the current password
// or a code asked again by a signed-in Admin): one budget for all of them, so a stolen session gets no more
// guesses than the sign-in form.
//
// Two counters per Admin. The first is per client address: after FREE failures every further one locks that
// address out of the account for twice as long as the one before (5 s, 10 s, … capped at 15 minutes). The
// second counts the account's failures from every address together and only throttles, late and briefly (after
// 30 failures, locks of 5 s doubling to at most 1 minute): guessing spread over many addresses stays slow, yet
// a stranger, who cannot spend more than one guess per lock of their own address, can never lock the owner out
// for more than a minute at a time. A day without failures forgets a counter.
//
// An attempt is counted before the password or code is checked, in one statement that refuses while a counter
// is locked (the row lock orders concurrent attempts): of 300 guesses sent at once, in one tRPC batch or not,
// only those before the lock are checked. A success clears its address's counter and takes its own attempt
// back from the account's; an attempt that was not a guess (the right password, the code still to come) is
// taken back from both. The counters live outside any transaction of the change they guard, so a refused
// change never rolls its failure back.
import { Prisma } from '@/server/generated/prisma/client.ts';
import type { AdminAuthThrottle, PrismaClient } from '@/server/generated/prisma/client.ts';
import { countFailureStatement } from './statements';
import { AppError } from '@/server/platform/lib/errors';

interface LockPolicy {
  /** Failures that cost nothing. */
  free: number;
  baseMs: number;
  maxMs: number;
}

export const ADDRESS_POLICY: LockPolicy = { free: 3, baseMs: 5_000, maxMs: 15 * 60_000 };
export const ACCOUNT_POLICY: LockPolicy = { free: 30, baseMs: 5_000, maxMs: 60_000 };
const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** The counter of the whole account. */
const ACCOUNT_SCOPE = '*';
/** Clients whose address is not known (a request that did not come through our HTTP server) share one counter. */
const UNKNOWN_ADDRESS = 'unknown';

/** How long a counter stays locked after `failures` failures (0 while still free). */
export function lockDurationMs(policy: LockPolicy, failures: number): number {
  if (failures <= policy.free) return 0;
  return Math.min(policy.baseMs * 2 ** Math.min(failures - policy.free - 1, 30), policy.maxMs);
}

/** The lock of `policy` in SQL, from the counter's failures (`t.failures`), in seconds. */
const lockSecondsSql = (p: LockPolicy) =>
  Prisma.sql`(CASE WHEN t.failures <= ${p.free}::int THEN 0
    ELSE LEAST(${p.baseMs}::float8 * power(2, LEAST(t.failures - ${p.free}::int - 1, 30)), ${p.maxMs}::float8) / 1000 END)`;

interface Counter {
  adminId: string;
  scope: string;
  policy: LockPolicy;
}

/** Counts one attempt on `counter` unless it is locked at `now`; returns when it unlocks when it is. */
async function take(db: PrismaClient, counter: Counter, now: Date): Promise<Date | null> {
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const taken = await db.$queryRaw<Pick<AdminAuthThrottle, 'failures'>[]>(
    countFailureStatement(
      { adminUserId: counter.adminId, scope: counter.scope, failures: 1, lastFailedAt: now },
      {
        failures: Prisma.sql`CASE WHEN t.last_failed_at < ${forgetBefore} THEN 1 ELSE t.failures + 1 END`,
        counts: Prisma.sql`t.failures <= ${counter.policy.free}::int
         OR t.last_failed_at < ${forgetBefore}
         OR LEAST(t.last_failed_at, ${now}) + make_interval(secs => ${lockSecondsSql(counter.policy)}) <= ${now}`,
      },
    ),
  );
  if (taken.length > 0) return null;
  const row = await db.adminAuthThrottle.findUnique({
    where: { adminUserId_scope: { adminUserId: counter.adminId, scope: counter.scope } },
  });
  if (!row) return null;
  // A failure stamped later than `now` (another instance's clock) locks from `now`, never longer.
  const from = Math.min(row.lastFailedAt.getTime(), now.getTime());
  return new Date(from + lockDurationMs(counter.policy, row.failures));
}

const giveBack = (db: PrismaClient, counter: Counter) =>
  db.$executeRaw`
    UPDATE admin_auth_throttle SET failures = GREATEST(failures - 1, 0)
    WHERE admin_user_id = ${counter.adminId}::uuid AND scope = ${counter.scope}`;

const clear = (db: PrismaClient, counter: Counter) =>
  db.adminAuthThrottle.deleteMany({ where: { adminUserId: counter.adminId, scope: counter.scope } });

export interface Attempt {
  /** The password or code was right: the address's counter is cleared. */
  succeeded: () => Promise<void>;
  /** Not a guess after all (the right password, the code still to come): counted nowhere. */
  withdraw: () => Promise<void>;
}

/** Words for the lockout message: "sign-in attempts" or "wrong passwords or codes". */
export type AttemptKind = 'sign-in' | 'step-up';

/**
 * Counts one attempt of the Admin from `address` (null: unknown). Throws AppError TOO_MANY_REQUESTS (with
 * details.retryAfterSeconds) when the address or the account is locked; nothing is counted then. A failed
 * attempt needs nothing further: it stays counted.
 */
export async function beginAttempt(
  db: PrismaClient,
  adminId: string,
  address: string | null,
  kind: AttemptKind,
  now: Date = new Date(),
): Promise<Attempt> {
  const perAddress: Counter = { adminId, scope: address ?? UNKNOWN_ADDRESS, policy: ADDRESS_POLICY };
  const perAccount: Counter = { adminId, scope: ACCOUNT_SCOPE, policy: ACCOUNT_POLICY };
  const addressLock = await take(db, perAddress, now);
  if (addressLock) throw lockedOut(addressLock, now, kind);
  const accountLock = await take(db, perAccount, now);
  if (accountLock) {
    await giveBack(db, perAddress);
    throw lockedOut(accountLock, now, kind);
  }
  return {
    succeeded: async () => {
      await clear(db, perAddress);
      await giveBack(db, perAccount);
    },
    withdraw: async () => {
      await giveBack(db, perAddress);
      await giveBack(db, perAccount);
    },
  };
}

function lockedOut(until: Date, now: Date, kind: AttemptKind): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const what = kind === 'sign-in' ? 'failed sign-in attempts' : 'wrong passwords or codes';
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many ${what}. Try again in ${formatWait(retryAfterSeconds)}.`,
    {
      retryAfterSeconds,
    },
  );
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
