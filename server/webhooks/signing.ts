// Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` (Unix
// seconds) and `webhook-signature` = space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one
// per active secret. The verification helper is what we tell customers to use.
import { Webhook } from 'standardwebhooks';
import { createHmac, randomBytes } from 'node:crypto';

const SIGNING_SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + 32 random bytes in base64, the form every Standard Webhooks library reads. */
export const generateSigningSecret = (): string =>
  `${SIGNING_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

// A type alias (not an interface) so that it is assignable to a plain header record.
export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** Signs one request body with every given secret (the current one first). */
export function signWebhook(input: {
  messageId: string;
  timestamp: Date;
  body: string;
  secrets: readonly string[];
}): SignedHeaders {
  if (input.secrets.length === 0) throw new Error('No signing secret');
  const seconds = String(Math.floor(input.timestamp.getTime() / 1000));
  const signed = `${input.messageId}.${seconds}.${input.body}`;
  const signatures = input.secrets.map((secret) => `v1,${hmacBase64(secret, signed)}`);
  return {
    'webhook-id': input.messageId,
    'webhook-timestamp': seconds,
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * The signature as standardwebhooks' `sign` computes it (the tests check the two agree), with node:crypto's
 * HMAC instead of the library's JavaScript SHA-256: the dispatcher signs every send.
 */
function hmacBase64(secret: string, signed: string): string {
  const key = Buffer.from(
    secret.startsWith(SIGNING_SECRET_PREFIX) ? secret.slice(SIGNING_SECRET_PREFIX.length) : secret,
    'base64',
  );
  if (key.length === 0) throw new Error('Empty signing secret');
  return createHmac('sha256', key).update(signed).digest('base64');
}

/**
 * Verifies a received webhook: the raw body exactly as received, its headers, and your `whsec_…` secret.
 * Returns the parsed JSON body; throws standardwebhooks' WebhookVerificationError when the signature does
 * not match or the timestamp is more than five minutes away from now (replay protection).
 */
export function verifyWebhook(
  secret: string,
  rawBody: string | Buffer,
  headers: Record<string, string | string[] | undefined> | Headers,
): unknown {
  const flat: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => (flat[name.toLowerCase()] = value));
  } else {
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
    }
  }
  return new Webhook(secret).verify(rawBody, flat);
}
