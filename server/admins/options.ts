// next-auth configuration of the Admin door: email + password (scrypt, see passwords.ts) plus a TOTP or
// recovery code for Admins who turned two-factor sign-in on, checked by authenticateAdmin, which also slows
// down repeated failures; and, when configured, single sign-on through an OpenID Connect provider for Admins
// already invited (matched by verified email). Sessions are signed JWTs in an HTTP-only cookie and end
// SESSION_MAX_AGE_SECONDS after sign-in, however active the Admin is (session.ts enforces the absolute limit;
// the cookie and the token expire at the same moment). Each session carries the Admin's session version,
// so ending sessions (admin-sessions.ts) takes effect on the next request.
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { env } from '@/server/platform/env';
import { getPrisma } from '@/server/platform/db';
import { isAppError } from '@/server/platform/lib/errors';
import { resolveAppSecrets, type AppSecrets } from '@/server/platform/crypto/app-secret';
import { keyringJwt } from '@/server/admins/session-jwt';
import { sameOriginPath } from '@/server/platform/lib/same-origin-path';
import { logger } from '@/server/platform/observability/logger';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '@/server/platform/lib/database-errors';
import { logUnexpected } from '@/server/platform/lib/log-unexpected';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { authenticateAdmin } from '@/server/admins/login';
import { oidcProvider, ssoAdmin } from '@/server/admins/oidc';
import { SSO_NOT_INVITED_ERROR } from '@/server/admins/sign-in-messages';
import { redeemRenewal } from '@/server/admins/session-renewal';
import { adminClientAddress } from '@/server/platform/lib/client-address';

/** Eight hours: one working day, after which the Admin signs in again. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

declare module 'next-auth' {
  interface Session {
    adminId?: string;
    /** A random id of this session, given at sign-in: binds renewal tickets to it (session-renewal.ts). */
    sessionId?: string;
    /** Milliseconds since the epoch of the sign-in that issued this session. */
    signedInAt?: number;
    sessionVersion?: number;
    signInMethod?: 'password' | 'oidc';
  }
  interface User {
    sessionVersion?: number;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    adminId?: string;
    sessionId?: string;
    signedInAt?: number;
    sessionVersion?: number;
    signInMethod?: 'password' | 'oidc';
  }
}

/**
 * The credentials check of the sign-in form. next-auth hands an Error's message to the form (in the URL it
 * answers), so only messages meant for the Admin are thrown: wrong credentials, the lockout, the database
 * being unavailable (the route turns that one into a 503); anything else is logged and stays generic.
 */
export async function authorizeAdmin(
  db: PrismaClient,
  credentials: { email: string; password: string; code?: string; sourceIp?: string | null },
): Promise<{ id: string; email: string; sessionVersion: number }> {
  try {
    const admin = await authenticateAdmin(db, { code: '', ...credentials });
    return { id: admin.id, email: admin.email, sessionVersion: admin.sessionVersion };
  } catch (error) {
    if (isAppError(error) && (error.kind === 'UNAUTHORIZED' || error.kind === 'TOO_MANY_REQUESTS')) {
      throw new Error(error.message);
    }
    if (isDatabaseUnavailable(error)) throw new Error(DATABASE_UNAVAILABLE_MESSAGE);
    logUnexpected('sign-in', error);
    throw new Error(SIGN_IN_FAILED_MESSAGE);
  }
}

const SIGN_IN_FAILED_MESSAGE = 'Sign-in failed because of an error on our side. Try again.';

let options: NextAuthOptions | undefined;

function headerValue(headers: Record<string, unknown> | undefined, name: string): string | null {
  const value = headers?.[name];
  return typeof value === 'string' ? value : null;
}

const passwordProvider = () =>
  CredentialsProvider({
    id: 'credentials',
    name: 'Email and password',
    credentials: {
      email: { label: 'Email', type: 'email' },
      password: { label: 'Password', type: 'password' },
      code: { label: 'Authentication code', type: 'text' },
    },
    authorize: (credentials, req) =>
      authorizeAdmin(getPrisma(), {
        email: credentials?.email ?? '',
        password: credentials?.password ?? '',
        code: credentials?.code ?? '',
        // The lockout counts per client address (next-auth hands the headers over as a plain object).
        sourceIp: adminClientAddress({ get: (name) => headerValue(req.headers, name) }),
      }),
  });

// Built on first use, not at import, so that `next build` never reads or creates the secret file.
export function getAuthOptions(): NextAuthOptions {
  options ??= buildAuthOptions(resolveAppSecrets(env));
  return options;
}

/** The options for a given keyring (tests build their own). */
export function buildAuthOptions(secrets: AppSecrets): NextAuthOptions {
  return {
    secret: secrets.current,
    useSecureCookies: env.PUBLIC_BASE_URL.startsWith('https://'),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    // Sessions signed with a previous app secret (APP_SECRETS_PREVIOUS) stay valid until they expire.
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS, ...keyringJwt(secrets) },
    pages: { signIn: '/login', error: '/login' },
    // next-auth's own messages as JSON lines, by code only (its metadata can hold tokens and e-mail addresses).
    logger: {
      error: (code) => logger.error({ code }, 'next-auth error'),
      warn: (code) => logger.warn({ code }, 'next-auth warning'),
      debug: (code) => logger.debug({ code }, 'next-auth debug'),
    },
    providers: [
      ...(env.ADMIN_PASSWORD_SIGN_IN ? [passwordProvider()] : []),
      ...(env.OIDC_ISSUER ? [oidcProvider(env)] : []),
    ],
    callbacks: {
      // next-auth's own check admits "/\t/evil.test" (a path to it, another host to a browser) and throws on
      // a newline; only what stays on this site after a browser's normalisation is followed.
      redirect({ url, baseUrl }) {
        const path = url.startsWith(baseUrl) ? url.slice(baseUrl.length) || '/' : url;
        return `${baseUrl}${sameOriginPath(path, '/admin')}`;
      },
      async signIn({ account, profile }) {
        if (account?.provider !== 'oidc') return true;
        // Refused sign-ins land on the sign-in page with a message of their own.
        return (await ssoAdmin(getPrisma(), profile)) ? true : `/login?error=${SSO_NOT_INVITED_ERROR}`;
      },
      async jwt({ token, user, account, profile, trigger, session }) {
        if (trigger === 'update') {
          // Only a renewal ticket changes a session (session-renewal.ts); anything else sent is ignored.
          const renewed = redeemRenewal((session as { renewal?: unknown } | undefined)?.renewal, token);
          if (renewed !== null) token.sessionVersion = renewed;
        } else if (account?.provider === 'oidc') {
          const admin = await ssoAdmin(getPrisma(), profile, { recordSignIn: true });
          // signIn() already refused anyone else; this keeps a token from ever naming no Admin.
          if (!admin) throw new Error(SSO_NOT_INVITED_ERROR);
          token.adminId = admin.id;
          token.sessionVersion = admin.sessionVersion;
          token.signInMethod = 'oidc';
          token.signedInAt = Date.now();
          token.sessionId = randomUUID();
        } else if (user) {
          token.adminId = user.id;
          token.sessionVersion = user.sessionVersion;
          token.signInMethod = 'password';
          token.signedInAt = Date.now();
          token.sessionId = randomUUID();
        }
        return token;
      },
      session({ session, token }) {
        session.adminId = token.adminId;
        session.sessionId = token.sessionId;
        session.signedInAt = token.signedInAt;
        session.sessionVersion = token.sessionVersion;
        session.signInMethod = token.signInMethod;
        if (token.signedInAt) {
          session.expires = new Date(token.signedInAt + SESSION_MAX_AGE_SECONDS * 1000).toISOString();
        }
        return session;
      },
    },
  };
}
