// next-auth configuration of the Admin door: email + password (scrypt, see passwords.ts) checked by
// authenticateAdmin, which also slows down repeated failures. Sessions are signed JWTs in an HTTP-only
// cookie and end SESSION_MAX_AGE_SECONDS after sign-in, however active the Admin is (session.ts enforces
// the absolute limit; the cookie and the token expire at the same moment).
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { env } from '@/server/env';
import { getPrisma } from '@/server/db';
import { isAppError } from '@/server/lib/errors';
import { resolveAppSecrets, type AppSecrets } from '@/server/auth/app-secret';
import { keyringJwt } from '@/server/auth/session-jwt';
import { logger } from '@/server/observability/logger';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '@/server/lib/database-errors';
import { logUnexpected } from '@/server/lib/log-unexpected';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { authenticateAdmin } from '@/server/services/admin-login';

/** Eight hours: one working day, after which the Admin signs in again. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

declare module 'next-auth' {
  interface Session {
    adminId?: string;
    /** Milliseconds since the epoch of the sign-in that issued this session. */
    signedInAt?: number;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    adminId?: string;
    signedInAt?: number;
  }
}

/**
 * The credentials check of the sign-in form. next-auth hands an Error's message to the form (in the URL it
 * answers), so only messages meant for the Admin are thrown: wrong credentials, the lockout, the database
 * being unavailable (the route turns that one into a 503); anything else is logged and stays generic.
 */
export async function authorizeAdmin(
  db: PrismaClient,
  credentials: { email: string; password: string },
): Promise<{ id: string; email: string }> {
  try {
    const admin = await authenticateAdmin(db, credentials);
    return { id: admin.id, email: admin.email };
  } catch (error) {
    if (isAppError(error) && (error.kind === 'UNAUTHORIZED' || error.kind === 'TOO_MANY_REQUESTS')) {
      throw new Error(error.message);
    }
    if (isDatabaseUnavailable(error)) throw new Error(DATABASE_UNAVAILABLE_MESSAGE);
    logUnexpected('sign-in', error);
    throw new Error(SIGN_IN_FAILED_MESSAGE);
  }
}

export const SIGN_IN_FAILED_MESSAGE = 'Sign-in failed because of an error on our side. Try again.';

let options: NextAuthOptions | undefined;

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
      CredentialsProvider({
        id: 'credentials',
        name: 'Email and password',
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        authorize: (credentials) =>
          authorizeAdmin(getPrisma(), {
            email: credentials?.email ?? '',
            password: credentials?.password ?? '',
          }),
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.adminId = user.id;
          token.signedInAt = Date.now();
        }
        return token;
      },
      session({ session, token }) {
        session.adminId = token.adminId;
        session.signedInAt = token.signedInAt;
        if (token.signedInAt) {
          session.expires = new Date(token.signedInAt + SESSION_MAX_AGE_SECONDS * 1000).toISOString();
        }
        return session;
      },
    },
  };
}
