// Single sign-on through any OpenID Connect provider (next-auth's OAuth provider in OIDC mode: discovery,
// authorization code with PKCE, state and nonce, a verified ID token). Nobody is created by signing in: only
// Admins already invited get in, matched by an email address the provider says it has verified.
import type { Profile } from 'next-auth';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import type { Db } from '@/server/platform/db/client';
import type { Env } from '@/server/platform/env';
import { normaliseEmail } from '@/server/admins/users';

interface OidcClaims extends Record<string, unknown> {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

export function oidcProvider(env: Env): OAuthConfig<OidcClaims> {
  return {
    id: 'oidc',
    name: env.OIDC_DISPLAY_NAME,
    type: 'oauth',
    wellKnown: `${env.OIDC_ISSUER}/.well-known/openid-configuration`,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    authorization: { params: { scope: 'openid email profile' } },
    idToken: true,
    checks: ['pkce', 'state', 'nonce'],
    // Some providers put email claims only in the ID token, others only in UserInfo: take both (openid-client
    // checks that UserInfo speaks of the ID token's subject).
    userinfo: {
      async request({ client, tokens }) {
        // next-auth hands over openid-client's TokenSet (typed here as its plain parameters).
        const tokenSet = tokens as Extract<Parameters<typeof client.userinfo>[0], object>;
        const userinfo = await client.userinfo(tokenSet).catch(() => ({}));
        return { ...tokenSet.claims(), ...userinfo };
      },
    },
    profile: (claims) => ({ id: claims.sub, email: claims.email ?? null, name: claims.name ?? null }),
  };
}

/** The invited Admin a provider's profile stands for: only with a verified email that matches one. */
export async function ssoAdmin(
  db: Db,
  profile: Profile | undefined,
  options: { recordSignIn?: boolean } = {},
): Promise<{ id: string; sessionVersion: number } | null> {
  const claims = profile as OidcClaims | undefined;
  const verified = claims?.email_verified === true || claims?.email_verified === 'true';
  if (!claims?.email || !verified) return null;
  const admin = await db.adminUser.findUnique({
    where: { email: normaliseEmail(claims.email) },
    select: { id: true, sessionVersion: true },
  });
  if (admin && options.recordSignIn) {
    await db.adminUser.update({ where: { id: admin.id }, data: { lastLoginAt: new Date() } });
  }
  return admin;
}
