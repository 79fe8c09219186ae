// Verifies a result webhook the way the service's docs say: Standard Webhooks (the `standardwebhooks` package
// itself, not a copy of its checks), over the raw body exactly as received, with the questionnaire's whsec_
// signing secret. Refuses a wrong signature and a webhook-timestamp more than 5 minutes from the local clock.
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components } from './schema.js';

export { WebhookVerificationError };

/** The request's headers: a fetch `Headers`, or Node's `req.headers` (names in any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/**
 * Returns the verified payload (parsed JSON); throws WebhookVerificationError when the headers are missing,
 * the signature matches none of `webhook-signature`'s entries, or the timestamp is too old or too new.
 * `payload` must be the raw body: a body parsed and serialised again no longer matches its signature.
 */
export function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
): components['schemas']['ResultUpdate'] {
  const flat: Record<string, string> = {};
  if (headers instanceof Headers) headers.forEach((value, name) => (flat[name.toLowerCase()] = value));
  else
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
  // The library signs text (it turns a Buffer into UTF-8 text too); TextDecoder also exists outside Node.js.
  const body = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  return new Webhook(secret).verify(body, flat) as components['schemas']['ResultUpdate'];
}
