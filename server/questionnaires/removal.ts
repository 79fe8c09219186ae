// Removing a tenant, a questionnaire or a webhook endpoint. One rule for the three: what holds no data is
// deleted; what does is archived instead (hidden from the lists, its API keys or deliveries stopped, every
// row kept) and can be restored. Each removal and restoration is audited in its own transaction.
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { AppError } from '@/server/platform/lib/errors';
import { recordAudit, type AuditActor } from '@/server/audit/audit-log';
import { forgetVerifiedApiKeys } from '@/server/api-keys/api-keys';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';

export type Removal = 'delete' | 'archive';

/** A tenant with questionnaires (archived ones too) is archived; an empty one is deleted. */
export async function tenantRemoval(db: Db, tenantId: string): Promise<Removal> {
  return (await db.questionnaire.count({ where: { tenantId } })) > 0 ? 'archive' : 'delete';
}

/** A questionnaire with participants (erased ones too) is archived; one without is deleted. */
export async function questionnaireRemoval(db: Db, questionnaireId: string): Promise<Removal> {
  return (await db.participant.count({ where: { questionnaireId }, take: 1 })) > 0 ? 'archive' : 'delete';
}

/** An endpoint that has deliveries (its log) is archived; one that never had any is deleted. */
export async function webhookRemoval(db: Db, webhookId: string): Promise<Removal> {
  return (await db.webhookDelivery.count({ where: { webhookId }, take: 1 })) > 0 ? 'archive' : 'delete';
}

export async function removeTenant(db: Db, tenantId: string, actor: AuditActor): Promise<Removal> {
  return inTransaction(db, async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { id: tenantId } });
    if (!tenant || tenant.archivedAt) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.tenantNotFound);
    const removal = await tenantRemoval(tx, tenantId);
    if (removal === 'delete') await tx.tenant.delete({ where: { id: tenantId } });
    else await tx.tenant.update({ where: { id: tenantId }, data: { archivedAt: new Date() } });
    await recordAudit(tx, {
      actor,
      action: removal === 'delete' ? 'tenant.delete' : 'tenant.archive',
      targetType: 'tenant',
      targetId: tenantId,
      tenantId,
      details: { name: tenant.name },
    });
    // This instance refuses the tenant's keys at once; others within the cache's few seconds.
    forgetVerifiedApiKeys();
    return removal;
  });
}

export async function restoreTenant(db: Db, tenantId: string, actor: AuditActor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { count } = await tx.tenant.updateMany({
      where: { id: tenantId, archivedAt: { not: null } },
      data: { archivedAt: null },
    });
    if (count === 0) throw new AppError('NOT_FOUND', 'No archived tenant with that id');
    await recordAudit(tx, {
      actor,
      action: 'tenant.restore',
      targetType: 'tenant',
      targetId: tenantId,
      tenantId,
    });
  });
}

export async function removeQuestionnaire(
  db: Db,
  questionnaireId: string,
  actor: AuditActor,
): Promise<Removal> {
  return inTransaction(db, async (tx) => {
    const questionnaire = await tx.questionnaire.findUnique({ where: { id: questionnaireId } });
    if (!questionnaire || questionnaire.archivedAt)
      throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
    const removal = await questionnaireRemoval(tx, questionnaireId);
    // Deleting takes its keys, webhook endpoints (with their test deliveries), blocked numbers, grants and
    // import previews along (ON DELETE CASCADE); the audit log keeps its history.
    if (removal === 'delete') await tx.questionnaire.delete({ where: { id: questionnaireId } });
    else await tx.questionnaire.update({ where: { id: questionnaireId }, data: { archivedAt: new Date() } });
    await recordAudit(tx, {
      actor,
      action: removal === 'delete' ? 'questionnaire.delete' : 'questionnaire.archive',
      targetType: 'questionnaire',
      targetId: questionnaireId,
      tenantId: questionnaire.tenantId,
      questionnaireId,
      details: { name: questionnaire.name },
    });
    forgetVerifiedApiKeys();
    return removal;
  });
}

export async function restoreQuestionnaire(
  db: Db,
  questionnaireId: string,
  actor: AuditActor,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { count } = await tx.questionnaire.updateMany({
      where: { id: questionnaireId, archivedAt: { not: null } },
      data: { archivedAt: null },
    });
    if (count === 0) throw new AppError('NOT_FOUND', 'This questionnaire is not archived');
    await recordAudit(tx, {
      actor,
      action: 'questionnaire.restore',
      targetType: 'questionnaire',
      targetId: questionnaireId,
      questionnaireId,
    });
  });
}

/** Removes the questionnaire's current endpoint; an archived one is disabled, so it sends nothing more. */
export async function removeWebhook(
  db: Db,
  questionnaireId: string,
  webhookId: string,
  actor: AuditActor,
): Promise<Removal> {
  return inTransaction(db, async (tx) => {
    const webhook = await tx.webhookEndpoint.findFirst({
      where: { id: webhookId, questionnaireId, archivedAt: null },
    });
    if (!webhook) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
    const removal = await webhookRemoval(tx, webhookId);
    if (removal === 'delete') await tx.webhookEndpoint.delete({ where: { id: webhookId } });
    else
      await tx.webhookEndpoint.update({
        where: { id: webhookId },
        data: {
          archivedAt: new Date(),
          active: false,
          disabledAt: new Date(),
          disabledReason: actor.type === 'api_key' ? 'Archived with an API key' : 'Archived by an Admin',
          pausedByAdmin: true,
        },
      });
    await recordAudit(tx, {
      actor,
      action: removal === 'delete' ? 'webhook.delete' : 'webhook.archive',
      targetType: 'webhook',
      targetId: webhookId,
      questionnaireId,
      details: { url: webhook.url },
    });
    return removal;
  });
}

/** The questionnaire's archived endpoints, newest first (the webhook page offers to restore them). */
export function listArchivedWebhooks(db: Db, questionnaireId: string) {
  return db.webhookEndpoint.findMany({
    where: { questionnaireId, archivedAt: { not: null } },
    orderBy: { archivedAt: 'desc' },
    select: { id: true, url: true, archivedAt: true },
  });
}

/**
 * Brings an archived endpoint back, disabled (an Admin enables it when ready), when the questionnaire has no
 * current endpoint: one questionnaire sends to one endpoint.
 */
export async function restoreWebhook(
  db: Db,
  questionnaireId: string,
  webhookId: string,
  actor: AuditActor,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (await tx.webhookEndpoint.count({ where: { questionnaireId, archivedAt: null } }))
      throw new AppError('CONFLICT', 'Remove the current webhook endpoint before restoring another');
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: webhookId, questionnaireId, archivedAt: { not: null } },
      data: { archivedAt: null, disabledReason: 'Restored by an Admin: enable it to send' },
    });
    if (count === 0) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
    await recordAudit(tx, {
      actor,
      action: 'webhook.restore',
      targetType: 'webhook',
      targetId: webhookId,
      questionnaireId,
    });
  });
}
