import type { Db } from '@/server/db/client';
import { AppError } from '@/server/lib/errors';
import { generatePassword, hashPassword } from '@/server/auth/passwords';

export interface CreateAdminInput {
  email: string;
  password: string;
  isOperator?: boolean;
  /** Grant the Admin a whole tenant … */
  tenantId?: string;
  /** … or one questionnaire. */
  questionnaireId?: string;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function createAdmin(db: Db, input: CreateAdminInput): Promise<{ id: string; email: string }> {
  const email = normaliseEmail(input.email);
  if (await db.adminUser.findUnique({ where: { email }, select: { id: true } })) {
    throw new AppError('CONFLICT', `An Admin with email ${email} already exists`);
  }
  if (
    input.tenantId &&
    !(await db.tenant.findUnique({ where: { id: input.tenantId }, select: { id: true } }))
  ) {
    throw new AppError('NOT_FOUND', 'Tenant not found');
  }
  if (
    input.questionnaireId &&
    !(await db.questionnaire.findUnique({ where: { id: input.questionnaireId }, select: { id: true } }))
  ) {
    throw new AppError('NOT_FOUND', 'Questionnaire not found');
  }
  const grants =
    input.tenantId || input.questionnaireId
      ? { create: [{ tenantId: input.tenantId ?? null, questionnaireId: input.questionnaireId ?? null }] }
      : undefined;
  const admin = await db.adminUser.create({
    data: {
      email,
      passwordHash: await hashPassword(input.password),
      isOperator: input.isOperator ?? false,
      grants,
    },
    select: { id: true, email: true },
  });
  return admin;
}

export type FirstAdminOutcome =
  { created: false } | { created: true; email: string; generatedPassword: string | null };

/**
 * With no Admin at all, creates the first one: a platform operator, from the configured credentials or
 * with a generated password that the caller prints once.
 */
export async function ensureFirstAdmin(
  db: Db,
  configured: { email?: string; password?: string },
): Promise<FirstAdminOutcome> {
  if ((await db.adminUser.count()) > 0) return { created: false };
  const email = configured.email ?? 'admin@localhost';
  const generatedPassword = configured.password ? null : generatePassword();
  await createAdmin(db, { email, password: configured.password ?? generatedPassword!, isOperator: true });
  return { created: true, email: normaliseEmail(email), generatedPassword };
}
