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
        async authorize(credentials) {
          try {
            const admin = await authenticateAdmin(getPrisma(), {
              email: credentials?.email ?? '',
              password: credentials?.password ?? '',
            });
            return { id: admin.id, email: admin.email };
          } catch (error) {
            // next-auth hands an Error's message to the sign-in form; anything else stays a generic failure.
            if (isAppError(error) && (error.kind === 'UNAUTHORIZED' || error.kind === 'TOO_MANY_REQUESTS')) {
              throw new Error(error.message);
            }
            throw error;
          }
        },
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
