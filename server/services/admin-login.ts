// Admin sign-in: the password check, the second factor for Admins who turned it on, and a growing delay after
// repeated failures for one email (a wrong code counts as a failure exactly like a wrong password).
//
// The first FREE_FAILURES wrong passwords cost nothing; every further one locks the account for twice as long
// as the one before (5 s, 10 s, 20 s, … capped at 15 minutes), counted from the last failure. While locked,
// attempts are refused without looking at the password, so guessing gets no faster by trying harder. A
// successful sign-in clears the count, and a day without failures forgets it.
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/lib/errors';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';
import { normaliseEmail } from '@/server/services/admin-users';
import { isStorableText } from '@/server/services/participants';
import { checkSecondFactor } from '@/server/services/two-factor';
import { TWO_FACTOR_REQUIRED, WRONG_CODE } from '@/server/auth/sign-in-messages';
import { totpSecretBox } from '@/server/auth/totp';
import type { SecretBox } from '@/server/webhooks/secret-box';

export const FREE_FAILURES = 3;
const BASE_LOCK_MS = 5_000;
const MAX_LOCK_MS = 15 * 60_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export const WRONG_CREDENTIALS = 'Email or password is incorrect';

/** How long the account stays locked after `failures` consecutive failures (0 while still free). */
export function lockDurationMs(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(BASE_LOCK_MS * 2 ** (failures - FREE_FAILURES - 1), MAX_LOCK_MS);
}

/** The moment the account unlocks, or null when it is not locked at `now`. */
export function lockedUntil(
  state: { failedLoginCount: number; lastFailedLoginAt: Date | null },
  now: Date,
): Date | null {
  if (!state.lastFailedLoginAt) return null;
  if (now.getTime() - state.lastFailedLoginAt.getTime() > FORGET_AFTER_MS) return null;
  const until = new Date(state.lastFailedLoginAt.getTime() + lockDurationMs(state.failedLoginCount));
  return until > now ? until : null;
}

let dummyHash: Promise<string> | undefined;

export interface SignedInAdmin {
  id: string;
  email: string;
  isOperator: boolean;
  /** The session version the new session is issued under (see server/services/admin-sessions.ts). */
  sessionVersion: number;
}

/** The sign-in form asks for a code when a refusal carries this detail. */
export const SECOND_FACTOR_NEEDED = 'second_factor_needed';

/**
 * Checks an email and password, and for Admins with two-factor sign-in a TOTP or recovery code. Throws
 * AppError UNAUTHORIZED (wrong email or password, one message for both; a missing code, with
 * details.reason SECOND_FACTOR_NEEDED; a wrong or reused code) or TOO_MANY_REQUESTS (locked;
 * details.retryAfterSeconds says for how long).
 */
export async function authenticateAdmin(
  db: Db,
  credentials: { email: string; password: string; code?: string; sourceIp?: string | null },
  now: Date = new Date(),
  box: SecretBox = totpSecretBox(),
): Promise<SignedInAdmin> {
  const email = normaliseEmail(credentials.email);
  // Text no account can have (a NUL, broken UTF-16) is simply a wrong email; the database never sees it.
  const admin =
    email && isStorableText(email)
      ? await db.adminUser.findUnique({
          where: { email },
          select: {
            id: true,
            email: true,
            isOperator: true,
            passwordHash: true,
            failedLoginCount: true,
            lastFailedLoginAt: true,
            sessionVersion: true,
            totpEnabledAt: true,
          },
        })
      : null;
  if (!admin) {
    // Spend the same time as a real check, so response times do not tell which emails have accounts.
    dummyHash ??= hashPassword('no such admin: timing equaliser');
    await verifyPassword(credentials.password, await dummyHash);
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  }

  const until = lockedUntil(admin, now);
  if (until) {
    const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many failed sign-in attempts. Try again in ${formatWait(retryAfterSeconds)}.`,
      { retryAfterSeconds },
    );
  }

  const countFailure = async (message: string): Promise<never> => {
    const forgotten =
      admin.lastFailedLoginAt && now.getTime() - admin.lastFailedLoginAt.getTime() > FORGET_AFTER_MS;
    await db.adminUser.update({
      where: { id: admin.id },
      data: {
        failedLoginCount: forgotten ? 1 : { increment: 1 },
        lastFailedLoginAt: now,
      },
    });
    throw new AppError('UNAUTHORIZED', message);
  };

  if (!(await verifyPassword(credentials.password, admin.passwordHash))) {
    return countFailure(WRONG_CREDENTIALS);
  }

  if (admin.totpEnabledAt) {
    const code = credentials.code?.trim() ?? '';
    // The first step of a two-step form: the password was right, now the code. Not a failure.
    if (!code) throw new AppError('UNAUTHORIZED', TWO_FACTOR_REQUIRED, { reason: SECOND_FACTOR_NEEDED });
    const actor = { type: 'admin' as const, id: admin.id, sourceIp: credentials.sourceIp ?? null };
    if (!(await checkSecondFactor(db, box, admin.id, code, actor, now))) return countFailure(WRONG_CODE);
  }

  await db.adminUser.update({
    where: { id: admin.id },
    data: { failedLoginCount: 0, lastFailedLoginAt: null, lastLoginAt: now },
  });
  return {
    id: admin.id,
    email: admin.email,
    isOperator: admin.isOperator,
    sessionVersion: admin.sessionVersion,
  };
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
