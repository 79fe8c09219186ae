import type { Db } from '@/server/db/client';

export async function createTenant(db: Db, input: { name: string }): Promise<{ id: string; name: string }> {
  return db.tenant.create({ data: { name: input.name }, select: { id: true, name: true } });
}
