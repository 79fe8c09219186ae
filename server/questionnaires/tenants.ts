import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { AppError } from '@/server/platform/lib/errors';
import { recordAudit, type AuditActor } from '@/server/audit/audit-log';
import { accessibleQuestionnaires, type AdminPrincipal } from '@/server/admins/access';
import { questionnaireName } from '@/server/questionnaires/fields';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';

/** A tenant's name follows the rule of a questionnaire's. */
export const tenantName = questionnaireName;

/** Creates a tenant; its audit entry `tenant.create` (by `actor`) is written in the same transaction. */
export async function createTenant(
  db: Db,
  input: { name: string },
  actor: AuditActor,
): Promise<{ id: string; name: string }> {
  const name = tenantName.safeParse(input.name);
  if (!name.success) {
    throw new AppError('BAD_REQUEST', name.error.issues[0]?.message ?? QUESTIONNAIRE_MESSAGES.nameRequired, {
      field: 'name',
    });
  }
  return inTransaction(db, async (tx) => {
    const tenant = await tx.tenant.create({ data: { name: name.data }, select: { id: true, name: true } });
    await recordAudit(tx, {
      actor,
      action: 'tenant.create',
      targetType: 'tenant',
      targetId: tenant.id,
      tenantId: tenant.id,
      details: { name: tenant.name },
    });
    return tenant;
  });
}

export interface TenantSummary {
  id: string;
  name: string;
  questionnaireCount: number;
  createdAt: Date;
}

/** Every tenant for a platform operator; for anyone else, the tenants they hold a grant in. */
export async function listTenantsForAdmin(
  db: Db,
  principal: AdminPrincipal,
  options: { archived?: boolean } = {},
): Promise<TenantSummary[]> {
  const archivedAt = options.archived ? { not: null } : null;
  const where = principal.isOperator
    ? { archivedAt }
    : {
        archivedAt,
        OR: [
          { id: { in: principal.grants.flatMap((g) => (g.tenantId ? [g.tenantId] : [])) } },
          {
            questionnaires: {
              some: {
                id: { in: principal.grants.flatMap((g) => (g.questionnaireId ? [g.questionnaireId] : [])) },
              },
            },
          },
        ],
      };
  const rows = await db.tenant.findMany({
    where,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      name: true,
      createdAt: true,
      // Only what the Admin may see: a grant on one questionnaire must not reveal that its tenant has others.
      _count: {
        select: { questionnaires: { where: { ...accessibleQuestionnaires(principal), archivedAt: null } } },
      },
    },
  });
  return rows.map(({ _count, ...t }) => ({ ...t, questionnaireCount: _count.questionnaires }));
}
