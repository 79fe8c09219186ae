// OAuth2 client-credentials tokens for customers who protect their webhook with one (RFC 6749 §4.4, client
// authentication in the request body, plus `audience` as Auth0 and others expect). Tokens are kept in memory
// until shortly before they expire; the token endpoint is a customer URL too, so it goes through the same
// guarded client.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { postOutbound } from './http-client';
import type { UrlPolicy } from './ssrf-guard';

export interface OAuthClientConfig {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  audience?: string | null;
  scope?: string | null;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
});

/** Renew this long before the token expires, so it never expires in flight. */
const EXPIRY_MARGIN_MS = 60_000;
/** Lifetime assumed when the token endpoint does not say (`expires_in` is only RECOMMENDED). */
const DEFAULT_LIFETIME_MS = 5 * 60_000;
const TOKEN_RESPONSE_MAX_BYTES = 64 * 1024;

class OAuthTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthTokenError';
  }
}

interface CachedToken {
  token: string;
  renewAt: number;
}

const cache = new Map<string, CachedToken>();

// The key covers every setting, so changing any of them (or the secret) fetches a new token.
const cacheKey = (config: OAuthClientConfig) =>
  createHash('sha256')
    .update(
      JSON.stringify([config.tokenUrl, config.clientId, config.clientSecret, config.audience, config.scope]),
    )
    .digest('hex');

/** A bearer token for the configuration, from the cache or freshly fetched. Throws OAuthTokenError. */
export async function getClientCredentialsToken(
  config: OAuthClientConfig,
  options: UrlPolicy & { timeoutMs: number; now?: () => number },
): Promise<string> {
  const now = options.now ?? Date.now;
  const key = cacheKey(config);
  const cached = cache.get(key);
  if (cached && cached.renewAt > now()) return cached.token;

  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: config.clientId,
    client_secret: config.clientSecret,
  });
  if (config.audience) form.set('audience', config.audience);
  if (config.scope) form.set('scope', config.scope);
  const response = await postOutbound(
    {
      url: config.tokenUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      timeoutMs: options.timeoutMs,
      maxResponseBytes: TOKEN_RESPONSE_MAX_BYTES,
    },
    options,
  );
  if (response.statusCode === null)
    throw new OAuthTokenError(`OAuth2 token request failed: ${response.error}`);
  if (response.statusCode < 200 || response.statusCode > 299) {
    throw new OAuthTokenError(`OAuth2 token endpoint answered ${response.statusCode}`);
  }
  let parsed;
  try {
    parsed = tokenResponseSchema.safeParse(JSON.parse(response.snippet ?? ''));
  } catch {
    throw new OAuthTokenError('OAuth2 token endpoint did not answer JSON');
  }
  if (!parsed.success) throw new OAuthTokenError('OAuth2 token endpoint answered without an access_token');
  if (parsed.data.token_type && parsed.data.token_type.toLowerCase() !== 'bearer') {
    throw new OAuthTokenError(`OAuth2 token type ${parsed.data.token_type} is not supported (only Bearer)`);
  }
  const lifetime = parsed.data.expires_in ? parsed.data.expires_in * 1000 : DEFAULT_LIFETIME_MS;
  // Short-lived tokens are renewed at half their life rather than never cached.
  const renewAt = now() + Math.max(lifetime - EXPIRY_MARGIN_MS, lifetime / 2);
  cache.set(key, { token: parsed.data.access_token, renewAt });
  return parsed.data.access_token;
}

/** Forgets a cached token, e.g. after the webhook answered 401 with it. */
export function forgetClientCredentialsToken(config: OAuthClientConfig): void {
  cache.delete(cacheKey(config));
}
