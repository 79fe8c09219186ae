// Admin sign-in: the password check, the second factor for Admins who turned it on, and a growing delay after
// repeated failures (a wrong code counts as a failure exactly like a wrong password), per account and client
// address and, much later and briefly, per account (server/admins/auth-throttle.ts). While locked, attempts
// are refused without looking at the password, so guessing gets no faster by trying harder.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { hashPassword, verifyPassword } from '@/server/admins/passwords';
import { normaliseEmail } from '@/server/admins/users';
import { isStorableText } from '@/server/participants/fields';
import { checkSecondFactor } from '@/server/admins/two-factor';
import { INVITATION_EXPIRED, TWO_FACTOR_REQUIRED, WRONG_CODE } from '@/server/admins/sign-in-messages';
import { totpSecretBox } from '@/server/admins/totp';
import type { SecretBox } from '@/server/platform/crypto/secret-box';
import { beginAttempt } from '@/server/admins/auth-throttle';

export const WRONG_CREDENTIALS = 'Email or password is incorrect';

let dummyHash: Promise<string> | undefined;

export interface SignedInAdmin {
  id: string;
  email: string;
  isOperator: boolean;
  /** The session version the new session is issued under (see server/admins/sessions.ts). */
  sessionVersion: number;
}

/** The sign-in form asks for a code when a refusal carries this detail. */
const SECOND_FACTOR_NEEDED = 'second_factor_needed';

/**
 * Checks an email and password, and for Admins with two-factor sign-in a TOTP or recovery code. Throws
 * AppError UNAUTHORIZED (wrong email or password, one message for both; a missing code, with
 * details.reason SECOND_FACTOR_NEEDED; a wrong or reused code) or TOO_MANY_REQUESTS (locked;
 * details.retryAfterSeconds says for how long), or UNAUTHORIZED INVITATION_EXPIRED for the right temporary
 * password past its expiry (admin-users.ts, temporaryPassword). `sourceIp` is the client's address (null:
 * unknown), which the lockout counts by.
 */
export async function authenticateAdmin(
  db: PrismaClient,
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
            sessionVersion: true,
            totpEnabledAt: true,
            passwordExpiresAt: true,
          },
        })
      : null;
  if (!admin) {
    // Spend the same time as a real check, so response times do not tell which emails have accounts.
    dummyHash ??= hashPassword('no such admin: timing equaliser');
    await verifyPassword(credentials.password, await dummyHash);
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  }

  const sourceIp = credentials.sourceIp ?? null;
  // Counted before the check; a wrong password or code leaves it counted.
  const attempt = await beginAttempt(db, admin.id, sourceIp, 'sign-in', now);
  if (!(await verifyPassword(credentials.password, admin.passwordHash))) {
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  }
  // A password someone else saw (an invitation's) that was not replaced in time signs in no more. Said only
  // to whoever knows it; not a guess, so not counted.
  if (admin.passwordExpiresAt && admin.passwordExpiresAt <= now) {
    await attempt.withdraw();
    throw new AppError('UNAUTHORIZED', INVITATION_EXPIRED);
  }

  if (admin.totpEnabledAt) {
    const code = credentials.code?.trim() ?? '';
    // The first step of a two-step form: the password was right, now the code. Not a failure.
    if (!code) {
      await attempt.withdraw();
      throw new AppError('UNAUTHORIZED', TWO_FACTOR_REQUIRED, { reason: SECOND_FACTOR_NEEDED });
    }
    const actor = { type: 'admin' as const, id: admin.id, sourceIp };
    if (!(await checkSecondFactor(db, box, admin.id, code, actor, now))) {
      throw new AppError('UNAUTHORIZED', WRONG_CODE);
    }
  }

  await attempt.succeeded();
  await db.adminUser.update({ where: { id: admin.id }, data: { lastLoginAt: now } });
  return {
    id: admin.id,
    email: admin.email,
    isOperator: admin.isOperator,
    sessionVersion: admin.sessionVersion,
  };
}
