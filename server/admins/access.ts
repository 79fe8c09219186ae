// Who may touch what in the Admin door. Platform operators see every tenant; everyone else acts only through
// grants (a whole tenant, or one questionnaire). A questionnaire outside the caller's grants is reported as
// "not found", exactly like one that does not exist, so guessing ids teaches nothing about other tenants.
import type { Db } from '@/server/platform/db/client';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { isUuid } from '@/server/platform/lib/ids';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { MESSAGES } from '@/server/participants/messages';

interface AdminGrantRef {
  tenantId: string | null;
  questionnaireId: string | null;
}

export interface AdminPrincipal {
  id: string;
  email: string;
  isOperator: boolean;
  /** Whether the Admin signs in with a second factor (TOTP). */
  twoFactorEnabled: boolean;
  /** The password was generated for them (first start): they must choose their own before anything else. */
  mustChangePassword: boolean;
  grants: AdminGrantRef[];
}

export interface QuestionnaireRef {
  id: string;
  tenantId: string;
  name: string;
}

/**
 * The Admin with this id and their grants, or null when the account no longer exists or, given the session
 * version a session was issued under, when that session has been ended (sessions.ts).
 */
export async function loadAdminPrincipal(
  db: Db,
  adminId: string,
  sessionVersion?: number,
): Promise<AdminPrincipal | null> {
  if (!isUuid(adminId)) return null;
  const admin = await db.adminUser.findUnique({
    where: { id: adminId },
    select: {
      id: true,
      email: true,
      isOperator: true,
      sessionVersion: true,
      totpEnabledAt: true,
      mustChangePassword: true,
      grants: { select: { tenantId: true, questionnaireId: true } },
    },
  });
  if (!admin) return null;
  if (sessionVersion !== undefined && sessionVersion !== admin.sessionVersion) return null;
  const { sessionVersion: _version, totpEnabledAt, ...principal } = admin;
  return { ...principal, twoFactorEnabled: totpEnabledAt !== null };
}

function canAccessQuestionnaire(
  principal: AdminPrincipal,
  questionnaire: { id: string; tenantId: string },
): boolean {
  if (principal.isOperator) return true;
  return principal.grants.some(
    (g) => g.tenantId === questionnaire.tenantId || g.questionnaireId === questionnaire.id,
  );
}

/** A Prisma filter matching exactly the questionnaires the principal may see. */
export function accessibleQuestionnaires(principal: AdminPrincipal): Prisma.QuestionnaireWhereInput {
  if (principal.isOperator) return {};
  const tenantIds = principal.grants.flatMap((g) => (g.tenantId ? [g.tenantId] : []));
  const questionnaireIds = principal.grants.flatMap((g) => (g.questionnaireId ? [g.questionnaireId] : []));
  return { OR: [{ tenantId: { in: tenantIds } }, { id: { in: questionnaireIds } }] };
}

export function assertOperator(principal: AdminPrincipal): void {
  if (!principal.isOperator) {
    throw new AppError('FORBIDDEN', 'Only platform operators can do this');
  }
}

/** The questionnaire, when it exists and the principal may manage it; otherwise NOT_FOUND. */
export async function requireQuestionnaireAccess(
  db: Db,
  principal: AdminPrincipal,
  questionnaireId: string,
): Promise<QuestionnaireRef> {
  if (!isUuid(questionnaireId)) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: questionnaireId },
    select: { id: true, tenantId: true, name: true },
  });
  if (!questionnaire || !canAccessQuestionnaire(principal, questionnaire)) {
    throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  }
  return questionnaire;
}

/**
 * The participant's id when it belongs to this questionnaire (which the caller has already been checked
 * against); otherwise NOT_FOUND, so a participant id of another questionnaire is never reached.
 */
export async function requireParticipantInQuestionnaire(
  db: Db,
  questionnaireId: string,
  participantId: string,
): Promise<string> {
  if (!isUuid(participantId)) throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  const participant = await db.participant.findFirst({
    where: { id: participantId, questionnaireId },
    select: { id: true },
  });
  if (!participant) throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  return participant.id;
}
