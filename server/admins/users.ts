import { z } from 'zod';
import type { Db, PrismaClient } from '@/server/platform/db/client';
import { env } from '@/server/platform/env';
import { AppError } from '@/server/platform/lib/errors';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { adminUserEntry, withAudit, type AuditActor } from '@/server/audit/audit-log';
import { endAdminSessions } from '@/server/admins/sessions';
import { generatePassword, hashPassword } from '@/server/admins/passwords';
import { assertStepUp, type StepUpProof } from '@/server/admins/step-up-proof';
import { atMostCharactersMessage } from '@/server/platform/lib/field-messages';

export interface CreateAdminInput {
  email: string;
  password: string;
  isOperator?: boolean;
  /** Grant the Admin a whole tenant … */
  tenantId?: string;
  /** … or one questionnaire. */
  questionnaireId?: string;
  /**
   * Someone else saw the password (generated for an invitation, given to the CLI): it signs in only until it
   * expires, and only to choose the Admin's own (temporaryPassword).
   */
  mustChangePassword?: boolean;
}

/**
 * The columns of a password someone else saw: the Admin must replace it at their first sign-in, and it stops
 * signing in ADMIN_INVITATION_EXPIRY_HOURS after it was issued (the Admin then asks for a new invitation).
 */
function temporaryPassword(now: Date = new Date()): {
  mustChangePassword: true;
  passwordExpiresAt: Date;
} {
  return {
    mustChangePassword: true,
    passwordExpiresAt: new Date(now.getTime() + env.ADMIN_INVITATION_EXPIRY_HOURS * 60 * 60_000),
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

interface CreatedAdmin {
  id: string;
  email: string;
  /** When the password stops signing in unless replaced (mustChangePassword), else null. */
  passwordExpiresAt: Date | null;
}

/** Refuses a grant of a tenant or a questionnaire that does not exist. */
async function requireGrantTarget(
  db: Db,
  target: { tenantId?: string | null; questionnaireId?: string | null },
): Promise<void> {
  if (
    target.tenantId &&
    !(await db.tenant.findUnique({ where: { id: target.tenantId }, select: { id: true } }))
  )
    throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.tenantNotFound);
  if (
    target.questionnaireId &&
    !(await db.questionnaire.findUnique({ where: { id: target.questionnaireId }, select: { id: true } }))
  )
    throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
}

export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreatedAdmin> {
  const email = normaliseEmail(input.email);
  if (await db.adminUser.findUnique({ where: { email }, select: { id: true } })) {
    throw new AppError('CONFLICT', `An Admin with email ${email} already exists`);
  }
  await requireGrantTarget(db, input);
  const grants =
    input.tenantId || input.questionnaireId
      ? { create: [{ tenantId: input.tenantId ?? null, questionnaireId: input.questionnaireId ?? null }] }
      : undefined;
  const admin = await db.adminUser.create({
    data: {
      email,
      passwordHash: await hashPassword(input.password),
      isOperator: input.isOperator ?? false,
      ...(input.mustChangePassword ? temporaryPassword() : {}),
      grants,
    },
    select: { id: true, email: true, passwordExpiresAt: true },
  });
  return admin;
}

export type FirstAdminOutcome =
  { created: false } | { created: true; email: string; generatedPassword: string | null };

/**
 * An Admin created by an operator's command (the CLI's admin:create), audited as `admin.create`. The Admin app
 * invites instead (inviteAdmin); tests and the first start seed Admins with createAdmin.
 */
export function createAuditedAdmin(
  db: Db,
  input: CreateAdminInput,
  actor: AuditActor,
): Promise<CreatedAdmin> {
  return withAudit(
    db,
    (tx) => createAdmin(tx, input),
    (admin) => ({
      actor,
      action: 'admin.create',
      targetType: 'admin_user',
      targetId: admin.id,
      tenantId: input.tenantId ?? null,
      questionnaireId: input.questionnaireId ?? null,
      details: { email: admin.email, operator: input.isOperator ?? false },
    }),
  );
}

/**
 * With no Admin at all, creates the first one: a platform operator, from the configured credentials or
 * with a generated password that the caller prints once.
 */
export async function ensureFirstAdmin(
  db: PrismaClient,
  configured: { email?: string; password?: string },
): Promise<FirstAdminOutcome> {
  if ((await db.adminUser.count()) > 0) return { created: false };
  const email = configured.email ?? 'admin@localhost';
  const generatedPassword = configured.password ? null : generatePassword();
  const passwordHash = await hashPassword(configured.password ?? generatedPassword!);
  // Replicas started together on an empty database all get here: the lock lets one create the Admin and the
  // others see it, instead of failing on the unique email (the key is any constant no other lock uses).
  const created = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(7306211924)`;
    if ((await tx.adminUser.count()) > 0) return false;
    await tx.adminUser.create({
      data: {
        email: normaliseEmail(email),
        passwordHash,
        isOperator: true,
        // A password printed to a terminal (and its scrollback, and logs) is the Admin's for one sign-in only.
        ...(generatedPassword !== null ? temporaryPassword() : {}),
      },
    });
    return true;
  });
  return created ? { created: true, email: normaliseEmail(email), generatedPassword } : { created: false };
}

export const adminEmail = z
  .string()
  .trim()
  .min(1, { error: 'Enter an email address' })
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const newPassword = z
  .string()
  .min(12, { error: 'Use at least 12 characters' })
  .max(200, { error: atMostCharactersMessage(200) });

export const adminAccessSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('operator') }),
  z.object({ kind: z.literal('tenant'), tenantId: z.uuid({ error: QUESTIONNAIRE_MESSAGES.chooseTenant }) }),
  z.object({
    kind: z.literal('questionnaire'),
    questionnaireId: z.uuid({ error: 'Choose a questionnaire' }),
  }),
]);
export type AdminAccess = z.infer<typeof adminAccessSchema>;

export interface InviteOutcome {
  adminId: string;
  email: string;
  /**
   * A generated temporary password (shown once) when a new account was made or the Admin had not yet chosen
   * their own; null when an Admin with their own password got more access.
   */
  temporaryPassword: string | null;
}

/**
 * Gives an email access: a new account with a generated temporary password, or, for an existing Admin, one
 * more grant (or operator rights). An Admin who never chose their own password is still an invitation:
 * inviting them again issues a new temporary password (the earlier one, expired or not, stops signing in)
 * and adds the access if it is new. Granting what an Admin with their own password already holds is refused
 * as a conflict. Audited as `admin.invite` (a temporary password was issued) or `admin.grant`.
 */
export function inviteAdmin(
  db: Db,
  input: { email: string; access: AdminAccess },
  actor: AuditActor,
): Promise<InviteOutcome> {
  const { access } = input;
  return withAudit(
    db,
    (tx) => giveAccess(tx, input),
    (invited) => ({
      actor,
      action: invited.temporaryPassword ? 'admin.invite' : 'admin.grant',
      targetType: 'admin_user',
      targetId: invited.adminId,
      tenantId: access.kind === 'tenant' ? access.tenantId : null,
      questionnaireId: access.kind === 'questionnaire' ? access.questionnaireId : null,
      details: { email: invited.email, access: access.kind },
    }),
  );
}

async function giveAccess(db: Db, input: { email: string; access: AdminAccess }): Promise<InviteOutcome> {
  const email = normaliseEmail(input.email);
  const { access } = input;
  const target =
    access.kind === 'tenant'
      ? { tenantId: access.tenantId, questionnaireId: null }
      : access.kind === 'questionnaire'
        ? { tenantId: null, questionnaireId: access.questionnaireId }
        : null;
  const existing = await db.adminUser.findUnique({
    where: { email },
    select: {
      id: true,
      isOperator: true,
      mustChangePassword: true,
      grants: { select: { tenantId: true, questionnaireId: true } },
    },
  });
  if (!existing) {
    const temporaryPassword = generatePassword();
    const admin = await createAdmin(db, {
      email,
      password: temporaryPassword,
      isOperator: access.kind === 'operator',
      tenantId: target?.tenantId ?? undefined,
      questionnaireId: target?.questionnaireId ?? undefined,
      mustChangePassword: true,
    });
    return { adminId: admin.id, email: admin.email, temporaryPassword };
  }
  const holdsIt = target
    ? existing.grants.some(
        (g) => g.tenantId === target.tenantId && g.questionnaireId === target.questionnaireId,
      )
    : existing.isOperator;
  if (holdsIt && !existing.mustChangePassword) {
    throw new AppError(
      'CONFLICT',
      target ? `${email} already has this access` : `${email} is already a platform operator`,
    );
  }
  if (!holdsIt) await addAccess(db, existing.id, target);
  if (!existing.mustChangePassword) return { adminId: existing.id, email, temporaryPassword: null };
  const { temporaryPassword } = await issueTemporaryPassword(db, existing.id);
  return { adminId: existing.id, email, temporaryPassword };
}

/** One grant more, or operator rights (target null). */
async function addAccess(
  db: Db,
  adminId: string,
  target: { tenantId: string | null; questionnaireId: string | null } | null,
): Promise<void> {
  if (!target) {
    await db.adminUser.update({ where: { id: adminId }, data: { isOperator: true } });
    return;
  }
  await requireGrantTarget(db, target);
  await db.adminGrant.create({ data: { adminUserId: adminId, ...target } });
}

/**
 * Replaces the Admin's password with a new generated one that must be changed at the next sign-in and
 * expires like an invitation's, and ends their sessions. Returns the password (to be shown once).
 */
async function issueTemporaryPassword(
  db: Db,
  adminId: string,
): Promise<{ temporaryPassword: string; passwordExpiresAt: Date }> {
  const password = generatePassword();
  const columns = temporaryPassword();
  await db.adminUser.update({
    where: { id: adminId },
    data: { passwordHash: await hashPassword(password), ...columns, sessionVersion: { increment: 1 } },
  });
  return { temporaryPassword: password, passwordExpiresAt: columns.passwordExpiresAt };
}

/**
 * An operator's reset of an Admin's password (the CLI's admin:reset-password, the way back in when the only
 * operator's first password expired): a new temporary password, to be changed at the next sign-in, and the
 * Admin's sessions ended. Audited as `admin.reset_password`.
 */
export function resetAdminPassword(
  db: Db,
  email: string,
  actor: AuditActor,
): Promise<{ id: string; email: string; temporaryPassword: string; passwordExpiresAt: Date }> {
  return withAudit(
    db,
    async (tx) => {
      const admin = await tx.adminUser.findUnique({
        where: { email: normaliseEmail(email) },
        select: { id: true, email: true },
      });
      if (!admin) throw new AppError('NOT_FOUND', `No Admin has the email ${normaliseEmail(email)}`);
      return { ...admin, ...(await issueTemporaryPassword(tx, admin.id)) };
    },
    (admin) => adminUserEntry(actor, 'admin.reset_password', admin.id, { email: admin.email }),
  );
}

export interface AdminListEntry {
  id: string;
  email: string;
  isOperator: boolean;
  lastLoginAt: Date | null;
  /** Set while the Admin has a temporary password (mustChangePassword): when it stops signing in. */
  passwordExpiresAt: Date | null;
  createdAt: Date;
  grants: {
    id: string;
    tenant: { id: string; name: string } | null;
    questionnaire: { id: string; name: string; sandbox: boolean } | null;
  }[];
}

export async function listAdmins(db: Db): Promise<AdminListEntry[]> {
  return db.adminUser.findMany({
    orderBy: [{ email: 'asc' }],
    select: {
      id: true,
      email: true,
      isOperator: true,
      lastLoginAt: true,
      passwordExpiresAt: true,
      createdAt: true,
      grants: {
        orderBy: { createdAt: 'asc' },
        select: {
          id: true,
          tenant: { select: { id: true, name: true } },
          questionnaire: { select: { id: true, name: true, sandbox: true } },
        },
      },
    },
  });
}

/**
 * Removes one grant and ends the Admin's sessions, so pages already open with the old access end too (the
 * Admin signs in again with what is left). Audited as `admin.revoke_grant`.
 */
export async function revokeGrant(db: Db, grantId: string, actor: AuditActor): Promise<void> {
  await withAudit(
    db,
    async (tx) => {
      const grant = await tx.adminGrant.findUnique({ where: { id: grantId } });
      const { count } = await tx.adminGrant.deleteMany({ where: { id: grantId } });
      if (count === 0) throw new AppError('NOT_FOUND', 'That access was already removed');
      if (grant) await endAdminSessions(tx, grant.adminUserId);
      return grant;
    },
    (grant) => ({
      actor,
      action: 'admin.revoke_grant',
      targetType: 'admin_user',
      targetId: grant?.adminUserId ?? null,
      tenantId: grant?.tenantId ?? null,
      questionnaireId: grant?.questionnaireId ?? null,
      details: { grantId, sessionsEnded: true },
    }),
  );
}

/**
 * Changes an Admin's own password, the current one confirmed by step-up (step-up.ts); ends all of the Admin's
 * sessions. Audited.
 */
export async function changePassword(
  db: Db,
  proof: StepUpProof,
  newPassword: string,
  actor: AuditActor,
): Promise<void> {
  assertStepUp(proof, proof.adminId);
  await withAudit(
    db,
    async (tx) => {
      await tx.adminUser.update({
        where: { id: proof.adminId },
        data: {
          passwordHash: await hashPassword(newPassword),
          mustChangePassword: false,
          passwordExpiresAt: null,
          sessionVersion: { increment: 1 },
        },
      });
    },
    () => adminUserEntry(actor, 'admin.change_password', proof.adminId, { otherSessionsEnded: true }),
  );
}
