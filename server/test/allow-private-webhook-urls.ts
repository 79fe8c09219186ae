// Tests configure webhooks on loopback addresses only (never a public one, not even in a fixture that is never
// sent), and the SSRF guard refuses those unless WEBHOOK_ALLOW_PRIVATE_URLS is on, as it is in development and
// in the end-to-end server. Code that takes the deployment's settings (the Admin door, configureWebhook without
// `settings`) reads them from defaultWebhookSettings(), so this turns the flag on there for the enclosing
// describe block and puts it back afterwards. Tests of the guard itself pass their own policy instead.
import { afterAll, beforeAll } from 'vitest';
import { defaultWebhookSettings } from '@/server/webhooks/settings';

export function allowPrivateWebhookUrls(): void {
  let before = false;
  beforeAll(() => {
    const settings = defaultWebhookSettings();
    before = settings.allowPrivateUrls;
    settings.allowPrivateUrls = true;
  });
  afterAll(() => {
    defaultWebhookSettings().allowPrivateUrls = before;
  });
}
