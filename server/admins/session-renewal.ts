// Keeping the current session when an Admin's own change ends their sessions (a new password, 2FA on or off).
// The change raises the session version, which ends every session; the request that made it gets a renewal
// ticket, which its browser hands to next-auth's session update, and the jwt callback moves that one session to
// the new version. A ticket names the Admin, the session (its random id, set at sign-in) and both versions, is
// signed with a key derived from the application secret and lapses after a minute, so an ended session cannot
// use it to come back: it never sees one, a ticket only moves a session from the version it was made for, and
// only the session it was made for (an ended session of the same Admin and version that got hold of another
// session's ticket stays ended). Sessions issued before sessions had ids cannot be renewed: they sign in again.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { env } from '@/server/platform/env';
import { resolveAppSecret } from '@/server/platform/crypto/app-secret';
import type { Db } from '@/server/platform/db/client';
import { INITIAL_SESSION_VERSION } from '@/server/admins/sessions';

const LIFETIME_MS = 60_000;

let key: Buffer | undefined;
const renewalKey = () =>
  (key ??= Buffer.from(
    hkdfSync('sha256', resolveAppSecret(env), 'pais-session-renewal', 'session renewal v1', 32),
  ));

const sign = (payload: string) => createHmac('sha256', renewalKey()).update(payload).digest('base64url');

export function renewalTicket(
  adminId: string,
  sessionId: string,
  fromVersion: number,
  toVersion: number,
  now = Date.now(),
): string {
  const payload = [adminId, sessionId, fromVersion, toVersion, now + LIFETIME_MS].join('.');
  return `${payload}.${sign(payload)}`;
}

/** The version the session may move to with this ticket, or null. */
export function redeemRenewal(
  ticket: unknown,
  session: { adminId?: string; sessionId?: string; sessionVersion?: number },
  now = Date.now(),
): number | null {
  if (typeof ticket !== 'string') return null;
  const parts = ticket.split('.');
  if (parts.length !== 6) return null;
  const [adminId, sessionId, from, to, expires, signature] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(sign(parts.slice(0, 5).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) < now || adminId !== session.adminId) return null;
  if (!session.sessionId || sessionId !== session.sessionId) return null;
  if (Number(from) !== (session.sessionVersion ?? INITIAL_SESSION_VERSION)) return null;
  return Number(to);
}

/** After a change that raised the Admin's session version: the ticket that keeps the calling session. */
export async function renewalAfterChange(
  db: Db,
  caller: { id: string; sessionId: string | null; sessionVersion: number },
): Promise<string | null> {
  if (!caller.sessionId) return null;
  const { sessionVersion } = await db.adminUser.findUniqueOrThrow({
    where: { id: caller.id },
    select: { sessionVersion: true },
  });
  return renewalTicket(caller.id, caller.sessionId, caller.sessionVersion, sessionVersion);
}
