// What the webhook code needs from the deployment, gathered once from `env`; tests build their own.
import { env } from '@/server/platform/env';
import { resolveAppSecrets } from '@/server/platform/crypto/app-secret';
import { createSecretBox, type SecretBox } from '../platform/crypto/secret-box';

export interface WebhookSettings {
  secretBox: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: admit http and private addresses (development and tests only). */
  allowPrivateUrls: boolean;
}

let fromEnv: WebhookSettings | undefined;

export function defaultWebhookSettings(): WebhookSettings {
  if (!fromEnv) {
    const { current, previous } = resolveAppSecrets(env);
    fromEnv = {
      secretBox: createSecretBox(current, previous),
      allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS,
    };
  }
  return fromEnv;
}
