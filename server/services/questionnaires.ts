import type { Db } from '@/server/db/client';
import { AppError } from '@/server/lib/errors';

export async function createQuestionnaire(db: Db, input: { tenantId: string; name: string }) {
  const tenant = await db.tenant.findUnique({ where: { id: input.tenantId }, select: { id: true } });
  if (!tenant) throw new AppError('NOT_FOUND', 'Tenant not found');
  return db.questionnaire.create({ data: { tenantId: input.tenantId, name: input.name } });
}
