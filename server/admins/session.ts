// The signed-in Admin on the server: the session cookie is only a claim, so every request reloads the
// account and its grants (a removed Admin or a revoked grant takes effect at once) and compares the session's
// version with the account's (ended sessions are refused, see server/admins/sessions.ts).
import 'server-only';
import { getServerSession, type Session } from 'next-auth';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getPrisma } from '@/server/platform/db';
import type { Db } from '@/server/platform/db/client';
import { env } from '@/server/platform/env';
import { getAuthOptions, SESSION_MAX_AGE_SECONDS } from '@/server/admins/options';
import { loadAdminPrincipal, type AdminPrincipal } from '@/server/admins/access';
import { INITIAL_SESSION_VERSION } from '@/server/admins/sessions';

declare module '@/server/platform/trpc' {
  interface TrpcContext {
    /**
     * The Admin behind `session` as this request has already loaded it (the server-side caller: once per
     * request, shared with the page); without it each Admin procedure loads the Admin itself.
     */
    sessionAdmin?: () => Promise<SessionAdmin | null>;
  }
}

type SignInMethod = 'password' | 'oidc';

interface SessionClaim {
  adminId: string;
  /** Null for sessions issued before sessions had ids. */
  sessionId: string | null;
  sessionVersion: number;
  method: SignInMethod;
}

/** What a session claims, or null when there is none or it is past its absolute lifetime. */
function sessionClaim(session: Session | null, now: number = Date.now()): SessionClaim | null {
  if (!session?.adminId || !session.signedInAt) return null;
  if (now - session.signedInAt > SESSION_MAX_AGE_SECONDS * 1000) return null;
  return {
    adminId: session.adminId,
    sessionId: session.sessionId ?? null,
    sessionVersion: session.sessionVersion ?? INITIAL_SESSION_VERSION,
    method: session.signInMethod ?? 'password',
  };
}

export interface SessionAdmin extends AdminPrincipal {
  signInMethod: SignInMethod;
  sessionId: string | null;
  /** The version the session was issued under (equal to the account's, or the session would be refused). */
  sessionVersion: number;
  /** ADMIN_REQUIRE_2FA is on and this Admin signed in with a password but has no second factor yet. */
  mustEnrolTwoFactor: boolean;
}

/** The Admin behind a session, or null when signed out, removed, or the session was ended. */
export async function loadSessionAdmin(db: Db, session: Session | null): Promise<SessionAdmin | null> {
  const claim = sessionClaim(session);
  if (!claim) return null;
  const principal = await loadAdminPrincipal(db, claim.adminId, claim.sessionVersion);
  if (!principal) return null;
  return {
    ...principal,
    signInMethod: claim.method,
    sessionId: claim.sessionId,
    sessionVersion: claim.sessionVersion,
    // A temporary password binds only sessions it opened: single sign-on proves the Admin by other means.
    mustChangePassword: principal.mustChangePassword && claim.method === 'password',
    // Single sign-on leaves the second factor to the identity provider.
    mustEnrolTwoFactor: env.ADMIN_REQUIRE_2FA && claim.method === 'password' && !principal.twoFactorEnabled,
  };
}

export function getSession(): Promise<Session | null> {
  return getServerSession(getAuthOptions());
}

/** The current Admin with their grants, or null when signed out (read once per request). */
export const getCurrentAdmin = cache(async (): Promise<SessionAdmin | null> =>
  loadSessionAdmin(getPrisma(), await getSession()),
);

/**
 * The current Admin; redirects to the sign-in page when there is none, to the password change when their
 * password was generated, and to enrolment when 2FA is due.
 */
export async function requireAdmin(): Promise<SessionAdmin> {
  const admin = await getCurrentAdmin();
  if (!admin) redirect('/login');
  if (admin.mustChangePassword) redirect(CHANGE_PASSWORD_PATH);
  if (admin.mustEnrolTwoFactor) redirect(TWO_FACTOR_SETUP_PATH);
  return admin;
}

/** Where an Admin whose password was generated for them goes first, to choose their own. */
const CHANGE_PASSWORD_PATH = '/change-password';

/** Where ADMIN_REQUIRE_2FA sends Admins without a second factor, before anything else. */
const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';
