// Ending an Admin's sessions. Sessions are signed cookies that cannot be recalled, so each carries the Admin's
// session version from sign-in, and every request compares it with the account's current one (in the same
// query that loads the Admin and their grants, see access.ts). Raising the version ends every session
// issued before, on every instance, from the next request on.
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import { ADMIN_MESSAGES } from '@/server/admins/messages';
import { adminUserEntry, withAudit, type AuditActor } from '@/server/audit/audit-log';

/** Sessions issued before versions existed carry none: they count as the first version. */
export const INITIAL_SESSION_VERSION = 1;

/** Ends every session of the Admin (returns the new version). */
export async function endAdminSessions(db: Db, adminId: string): Promise<number> {
  const updated = await db.adminUser
    .update({
      where: { id: adminId },
      data: { sessionVersion: { increment: 1 } },
      select: { sessionVersion: true },
    })
    .catch(() => null);
  if (!updated) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.adminNotFound);
  return updated.sessionVersion;
}

/** "Sign out everywhere": ends the Admin's sessions, audited as done by the Admin itself or by an operator. */
export async function signOutEverywhere(
  db: Db,
  adminId: string,
  actor: AuditActor,
  by: 'self' | 'operator',
): Promise<void> {
  await withAudit(
    db,
    (tx) => endAdminSessions(tx, adminId),
    () => adminUserEntry(actor, 'admin.sessions.end', adminId, { by }),
  );
}
