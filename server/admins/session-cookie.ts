// The name of next-auth's session cookie: with or without the __Secure- prefix (https), whole or split into
// numbered chunks when the token is long. Its presence only says that a visitor claims a session; the claim
// is checked where the database is read (server/admins/session.ts).
export const SESSION_COOKIE_NAME = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

/** Whether a Cookie header carries a session cookie. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => SESSION_COOKIE_NAME.test(pair.split('=', 1)[0]!.trim()));
}
