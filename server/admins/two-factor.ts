// Two-factor sign-in of Admins (TOTP): enrolment (needs the password) confirmed by a first code, ten one-time
// recovery codes (shown once, stored as SHA-256), the second-factor check at sign-in, and disabling or new
// recovery codes (need the password and a current code). The password and code are checked by step-up.ts,
// whose proof these changes take. Turning 2FA on or off raises the Admin's session version, which ends their
// other sessions.
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import { ADMIN_MESSAGES } from '@/server/admins/messages';
import type { SecretBox } from '@/server/platform/crypto/secret-box';
import {
  enrolmentMaterial,
  hashRecoveryCode,
  looksLikeTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  verifyTotp,
} from '@/server/admins/totp';
import { adminUserEntry, recordAudit, withAudit, type AuditActor } from '@/server/audit/audit-log';
import { WRONG_CODE } from '@/server/admins/sign-in-messages';
import { assertStepUp, type StepUpProof } from '@/server/admins/step-up-proof';

const ALREADY_ON = 'Two-factor sign-in is already on';

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: Db, adminId: string): Promise<TwoFactorStatus> {
  const admin = await db.adminUser.findUnique({
    where: { id: adminId },
    select: {
      totpEnabledAt: true,
      _count: { select: { recoveryCodes: { where: { usedAt: null } } } },
    },
  });
  if (!admin) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.adminNotFound);
  return {
    enabled: admin.totpEnabledAt !== null,
    enabledAt: admin.totpEnabledAt,
    recoveryCodesLeft: admin._count.recoveryCodes,
  };
}

/**
 * Starts (or restarts) enrolment: a new secret, kept aside until a first code confirms it. The password must
 * have been confirmed (a stolen session must not enrol its own authenticator). Audited.
 */
export function startEnrolment(db: Db, box: SecretBox, proof: StepUpProof, actor: AuditActor) {
  assertStepUp(proof, proof.adminId);
  const adminId = proof.adminId;
  return withAudit(
    db,
    (tx) => beginEnrolment(tx, box, adminId),
    () => adminUserEntry(actor, 'admin.two_factor.enrolment_started', adminId),
  );
}

async function beginEnrolment(db: Db, box: SecretBox, adminId: string) {
  const admin = await db.adminUser.findUnique({
    where: { id: adminId },
    select: { email: true, totpEnabledAt: true },
  });
  if (!admin) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.adminNotFound);
  if (admin.totpEnabledAt) throw new AppError('CONFLICT', ALREADY_ON);
  const secret = newTotpSecret();
  await db.adminUser.update({
    where: { id: adminId },
    data: { totpPendingSecretEncrypted: box.encrypt(secret) },
  });
  return enrolmentMaterial(secret, admin.email);
}

/** Replaces the Admin's recovery codes with ten new ones and returns them (the only time they are shown). */
async function replaceRecoveryCodes(db: Db, adminId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.adminRecoveryCode.deleteMany({ where: { adminUserId: adminId } });
  await db.adminRecoveryCode.createMany({
    data: codes.map((code) => ({ adminUserId: adminId, codeHash: hashRecoveryCode(code) })),
  });
  return codes;
}

/**
 * What is done with a code the Admin typed (confirming enrolment, the second factor): with the secrets' box, on
 * behalf of `actor`, at `now` (the present unless given).
 */
type CodeArgs = [db: Db, box: SecretBox, adminId: string, code: string, actor: AuditActor];
type CodeUse<Outcome> = (...args: [...CodeArgs, now?: Date]) => Promise<Outcome>;

const codeUse =
  <Outcome>(use: (...args: [...CodeArgs, now: Date]) => Promise<Outcome>): CodeUse<Outcome> =>
  (db, box, adminId, code, actor, now = new Date()) =>
    use(db, box, adminId, code, actor, now);

/** Confirms enrolment with a first code: turns 2FA on, issues recovery codes, ends other sessions. Audited. */
export const confirmEnrolment = codeUse<{ recoveryCodes: string[] }>((db, box, adminId, code, actor, now) =>
  withAudit(
    db,
    (tx) => enableTwoFactor(tx, box, adminId, code, now),
    () => adminUserEntry(actor, 'admin.two_factor.enable', adminId, { otherSessionsEnded: true }),
  ),
);

async function enableTwoFactor(
  db: Db,
  box: SecretBox,
  adminId: string,
  code: string,
  now: Date,
): Promise<{ recoveryCodes: string[] }> {
  const admin = await db.adminUser.findUnique({
    where: { id: adminId },
    select: { totpPendingSecretEncrypted: true, totpEnabledAt: true },
  });
  if (!admin) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.adminNotFound);
  if (admin.totpEnabledAt) throw new AppError('CONFLICT', ALREADY_ON);
  if (!admin.totpPendingSecretEncrypted) {
    throw new AppError('BAD_REQUEST', 'Start again: the enrolment has expired', { field: 'code' });
  }
  const timeStep = await verifyTotp(box.decrypt(admin.totpPendingSecretEncrypted), code, { now });
  if (timeStep === null) throw new AppError('BAD_REQUEST', WRONG_CODE, { field: 'code' });
  await db.adminUser.update({
    where: { id: adminId },
    data: {
      totpSecretEncrypted: admin.totpPendingSecretEncrypted,
      totpPendingSecretEncrypted: null,
      totpEnabledAt: now,
      totpLastTimeStep: timeStep,
      sessionVersion: { increment: 1 },
    },
  });
  return { recoveryCodes: await replaceRecoveryCodes(db, adminId) };
}

/**
 * Accepts a TOTP code once: the time step is recorded with a conditional update, so of two requests racing
 * with the same code only one wins.
 */
async function acceptTotp(
  db: Db,
  box: SecretBox,
  adminId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const admin = await db.adminUser.findUnique({
    where: { id: adminId },
    select: { totpSecretEncrypted: true, totpLastTimeStep: true },
  });
  if (!admin?.totpSecretEncrypted) return false;
  const timeStep = await verifyTotp(box.decrypt(admin.totpSecretEncrypted), code, {
    afterTimeStep: admin.totpLastTimeStep,
    now,
  });
  if (timeStep === null) return false;
  const { count } = await db.adminUser.updateMany({
    where: {
      id: adminId,
      OR: [{ totpLastTimeStep: null }, { totpLastTimeStep: { lt: timeStep } }],
    },
    data: { totpLastTimeStep: timeStep },
  });
  return count === 1;
}

/** Uses up a recovery code (looked up by its hash, so no comparison of code text); false when there is none. */
async function acceptRecoveryCode(db: Db, adminId: string, code: string, now: Date): Promise<boolean> {
  const { count } = await db.adminRecoveryCode.updateMany({
    where: { adminUserId: adminId, codeHash: hashRecoveryCode(code), usedAt: null },
    data: { usedAt: now },
  });
  return count === 1;
}

/**
 * The second factor at sign-in: a current TOTP code or an unused recovery code. Returns which one was
 * accepted, or null. A used recovery code is audited (and tells how many are left).
 */
export const checkSecondFactor = codeUse<'totp' | 'recovery' | null>(
  async (db, box, adminId, code, actor, now) => {
    if (looksLikeTotpCode(code)) return (await acceptTotp(db, box, adminId, code, now)) ? 'totp' : null;
    if (!(await acceptRecoveryCode(db, adminId, code, now))) return null;
    const left = await db.adminRecoveryCode.count({ where: { adminUserId: adminId, usedAt: null } });
    await recordAudit(db, {
      actor,
      action: 'admin.two_factor.recovery_code_used',
      targetType: 'admin_user',
      targetId: adminId,
      details: { recoveryCodesLeft: left },
    });
    return 'recovery';
  },
);

/**
 * Turns 2FA off (the password and a current code confirmed), removes the recovery codes and ends the other
 * sessions. Audited.
 */
export function disableTwoFactor(db: Db, proof: StepUpProof, actor: AuditActor): Promise<void> {
  return withAudit(
    db,
    (tx) => turnOffTwoFactor(tx, proof),
    () => adminUserEntry(actor, 'admin.two_factor.disable', proof.adminId, { otherSessionsEnded: true }),
  );
}

async function turnOffTwoFactor(db: Db, proof: StepUpProof): Promise<void> {
  const adminId = proof.adminId;
  const status = await twoFactorStatus(db, adminId);
  if (!status.enabled) throw new AppError('CONFLICT', 'Two-factor sign-in is already off');
  assertStepUp(proof, adminId, true);
  await db.adminUser.update({
    where: { id: adminId },
    data: {
      totpSecretEncrypted: null,
      totpPendingSecretEncrypted: null,
      totpEnabledAt: null,
      totpLastTimeStep: null,
      sessionVersion: { increment: 1 },
    },
  });
  await db.adminRecoveryCode.deleteMany({ where: { adminUserId: adminId } });
}

/** Ten new recovery codes for ten old ones (the password and a current code confirmed). Audited. */
export function regenerateRecoveryCodes(
  db: Db,
  proof: StepUpProof,
  actor: AuditActor,
): Promise<{ recoveryCodes: string[] }> {
  return withAudit(
    db,
    (tx) => replaceCodesAfterStepUp(tx, proof),
    () => adminUserEntry(actor, 'admin.two_factor.recovery_codes_regenerated', proof.adminId),
  );
}

async function replaceCodesAfterStepUp(db: Db, proof: StepUpProof): Promise<{ recoveryCodes: string[] }> {
  const adminId = proof.adminId;
  const status = await twoFactorStatus(db, adminId);
  if (!status.enabled) throw new AppError('CONFLICT', 'Turn two-factor sign-in on first');
  assertStepUp(proof, adminId, true);
  return { recoveryCodes: await replaceRecoveryCodes(db, adminId) };
}
