// The signed-in Admin on the server: the session cookie is only a claim, so every request reloads the
// account and its grants (a removed Admin or a revoked grant takes effect at once).
import { getServerSession, type Session } from 'next-auth';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getPrisma } from '@/server/db';
import { getAuthOptions, SESSION_MAX_AGE_SECONDS } from '@/server/auth/options';
import { loadAdminPrincipal, type AdminPrincipal } from '@/server/services/admin-access';

/** The Admin id a session vouches for, or null when there is none or it is past its absolute lifetime. */
export function sessionAdminId(session: Session | null, now: number = Date.now()): string | null {
  if (!session?.adminId || !session.signedInAt) return null;
  if (now - session.signedInAt > SESSION_MAX_AGE_SECONDS * 1000) return null;
  return session.adminId;
}

export function getSession(): Promise<Session | null> {
  return getServerSession(getAuthOptions());
}

/** The current Admin with their grants, or null when signed out (read once per request). */
export const getCurrentAdmin = cache(async (): Promise<AdminPrincipal | null> => {
  const adminId = sessionAdminId(await getSession());
  return adminId ? loadAdminPrincipal(getPrisma(), adminId) : null;
});

/** The current Admin; redirects to the sign-in page when there is none. */
export async function requireAdmin(): Promise<AdminPrincipal> {
  const admin = await getCurrentAdmin();
  if (!admin) redirect('/login');
  return admin;
}
