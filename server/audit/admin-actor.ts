// What the Admin door's procedures need to write audit entries: the signed-in Admin as the actor, with the
// client's address (see server/platform/lib/client-address.ts).
import type { AuditActor } from '@/server/audit/audit-log';

export const adminActor = (ctx: { admin: { id: string }; sourceIp: string | null }): AuditActor => ({
  type: 'admin',
  id: ctx.admin.id,
  sourceIp: ctx.sourceIp,
});
