// Signing the QA operator in over HTTP, exactly as the sign-in form does (the CSRF token, then the credentials
// callback), with an authenticator code when the account has two-factor sign-in. Used by the Playwright suite's
// global set-up and by the clean-up command, against the local server or any deployment.
import type { APIRequestContext } from '@playwright/test';
import { claimTotpCode } from './totp-codes';

export interface QaAdmin {
  email: string;
  password: string;
  /** The base32 secret of the account's authenticator app, when it has two-factor sign-in. */
  totpSecret?: string;
}

/** The Admin signed in on this request context, if any. */
async function sessionAdminId(request: APIRequestContext): Promise<string | undefined> {
  const session = await request.get('/api/auth/session');
  return ((await session.json()) as { adminId?: string }).adminId;
}

async function postCredentials(request: APIRequestContext, who: QaAdmin, code?: string): Promise<string> {
  const csrf = await request.get('/api/auth/csrf');
  if (!csrf.ok()) throw new Error(`GET /api/auth/csrf answered ${csrf.status()}: is the service up?`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await request.post('/api/auth/callback/credentials', {
    form: {
      csrfToken,
      email: who.email,
      password: who.password,
      ...(code ? { code } : {}),
      json: 'true',
    },
    maxRedirects: 0,
  });
  // next-auth names a refusal in the address it answers with (?error=…), never in the status.
  return `${answer.status()} ${await answer.text()}`.slice(0, 300);
}

/**
 * Signs `who` in on the request context (its cookies then carry the session). A refused authenticator code is
 * tried once more with the next step's: the account may have been used with this step elsewhere meanwhile.
 */
export async function signInAdmin(
  request: APIRequestContext,
  who: QaAdmin,
  onWait?: (ms: number) => void,
): Promise<void> {
  const attempts = who.totpSecret ? 2 : 1;
  let answer = '';
  for (let attempt = 0; attempt < attempts; attempt++) {
    const code = who.totpSecret ? await claimTotpCode(who.totpSecret, onWait) : undefined;
    answer = await postCredentials(request, who, code);
    if (await sessionAdminId(request)) return;
  }
  const hint = who.totpSecret ? '' : ' (an account with two-factor sign-in needs E2E_ADMIN_TOTP_SECRET)';
  throw new Error(`sign-in as ${who.email} failed${hint}: ${answer}`);
}
