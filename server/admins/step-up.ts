// Step-up: a signed-in Admin proves again who they are before changing their account's security (a new
// password, two-factor sign-in on or off, new recovery codes): the current password, and a current code
// (TOTP or recovery) when two-factor sign-in is on and the change asks for one. A session alone is not enough,
// since a stolen session must not be able to lock the owner out. Every check counts towards the same lockout
// as sign-in (auth-throttle.ts), and is made outside the change's transaction so a refusal stays counted.
//
// The check hands back a proof (step-up-proof.ts) that the changes take instead of the password or code.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { ADMIN_MESSAGES } from '@/server/admins/messages';
import { verifyPassword } from '@/server/admins/passwords';
import { WRONG_CODE } from '@/server/admins/sign-in-messages';
import type { SecretBox } from '@/server/platform/crypto/secret-box';
import type { AuditActor } from '@/server/audit/audit-log';
import { beginAttempt } from '@/server/admins/auth-throttle';
import { checkSecondFactor } from '@/server/admins/two-factor';
import { issueStepUpProof, type StepUpProof } from '@/server/admins/step-up-proof';

const WRONG_PASSWORD = 'The password is not right';

export interface StepUpInput {
  adminId: string;
  password: string;
  /** A TOTP or recovery code; checked when given and two-factor sign-in is on. */
  code?: string;
  /** The input field the password came in, named by a refusal. */
  passwordField?: string;
}

/**
 * Checks the Admin's password (and code) and returns a proof, or throws AppError BAD_REQUEST naming the field,
 * or TOO_MANY_REQUESTS while the Admin is locked out from this address (nothing is checked then).
 */
export async function stepUp(
  db: PrismaClient,
  box: SecretBox,
  input: StepUpInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<StepUpProof> {
  const admin = await db.adminUser.findUnique({
    where: { id: input.adminId },
    select: { passwordHash: true, totpEnabledAt: true },
  });
  if (!admin) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.adminNotFound);
  const attempt = await beginAttempt(db, input.adminId, actor.sourceIp ?? null, 'step-up', now);
  if (!(await verifyPassword(input.password, admin.passwordHash))) {
    throw new AppError('BAD_REQUEST', WRONG_PASSWORD, { field: input.passwordField ?? 'password' });
  }
  const checkCode = admin.totpEnabledAt !== null && input.code !== undefined;
  if (checkCode && !(await checkSecondFactor(db, box, input.adminId, input.code!, actor, now))) {
    throw new AppError('BAD_REQUEST', WRONG_CODE, { field: 'code' });
  }
  await attempt.succeeded();
  return issueStepUpProof(input.adminId, checkCode);
}
