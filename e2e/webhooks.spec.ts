// Configure a questionnaire's webhook in the browser, pointing at a receiver this test starts, send the test
// event, verify its signature with the secret the page showed, and find it in the delivery log.
import { expect, test, type Page } from '@playwright/test';
import { localAdmin } from '../playwright.config';
import { startTestReceiver, type TestReceiver } from '../server/webhooks/test-receiver';
import { verifyWebhook } from '../server/webhooks/signing';

// The receiver listens on this machine: a deployment elsewhere (BASE_URL) could not reach it.
test.skip(!!process.env.BASE_URL, 'needs the local server, which can reach a receiver on 127.0.0.1');

const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? localAdmin.email,
  password: process.env.E2E_ADMIN_PASSWORD ?? localAdmin.password,
};

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** An Admin tRPC mutation with the signed-in page's cookies (no transformer: the body is the input). */
async function trpc<T>(page: Page, path: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/api/trpc/${path}`, { data: input });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

let receiver: TestReceiver;
test.beforeAll(async () => {
  receiver = await startTestReceiver(() => ({ status: 200, body: 'thanks' }));
});
test.afterAll(async () => {
  await receiver.close();
});

test('an Admin configures the webhook, sends a test event and sees it delivered', async ({ page }) => {
  await signIn(page);
  const suffix = Date.now().toString(36);
  const tenant = await trpc<{ id: string }>(page, 'tenant.create', { name: `Webhook tenant ${suffix}` });
  const questionnaire = await trpc<{ id: string }>(page, 'questionnaire.create', {
    tenantId: tenant.id,
    name: `Webhook questionnaire ${suffix}`,
  });

  await page.goto(`/admin/questionnaires/${questionnaire.id}/webhooks`);
  await expect(page.getByRole('heading', { name: 'Result webhook' })).toBeVisible();

  // A refused URL is reported next to its field.
  await page.getByLabel('Webhook URL').fill('ftp://example.com/hook');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('The URL must use https')).toBeVisible();

  await page.getByLabel('Webhook URL').fill(receiver.url);
  await page.getByLabel('Static header').check();
  await page.getByLabel('Header name').fill('X-Api-Key');
  await page.getByLabel('Header value').fill('customer-key-e2e');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('Webhook created')).toBeVisible();

  const secretField = page.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();

  // Hidden, then revealed on demand: the same secret.
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(secretField).toBeHidden();
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(secretField).toHaveValue(secret);

  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText(/Test event delivered \(HTTP 200\)/)).toBeVisible();

  const [request] = await receiver.waitFor(1);
  expect(request!.headers['x-api-key']).toBe('customer-key-e2e');
  expect(verifyWebhook(secret, request!.body, request!.headers)).toMatchObject({
    callback_type: 'Test',
    project_uuid: questionnaire.id,
  });

  const log = page.getByRole('table', { name: 'Webhook deliveries' });
  const row = log.getByRole('row').filter({ hasText: 'Test event' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Delivered')).toBeVisible();
  await expect(row.getByText(String(request!.headers['webhook-id']))).toBeVisible();
  await row.getByRole('button', { name: /Attempts of delivery/ }).click();
  await expect(page.getByRole('list', { name: 'Attempts, newest first' })).toContainText('HTTP 200');
  await expect(page.getByRole('list', { name: 'Attempts, newest first' })).toContainText('thanks');

  // The failed filter hides it.
  await page.getByLabel('Failed only').check();
  await expect(page.getByText('No failed deliveries')).toBeVisible();
});
