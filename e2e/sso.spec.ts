// Single sign-on end to end against a real OpenID Connect provider started here on 127.0.0.1: an invited
// Admin gets in with their verified email; someone who was never invited sees a clear refusal.
import type { Page } from '@playwright/test';
import { expect, signedOutTest as base, test as withAdmin } from './fixtures';
import { unique } from './fixtures/admin-api';
import { againstDeployment, ssoClient } from './fixtures/credentials';
import { startOidcProvider, type RunningOidcProvider } from './fixtures/oidc-provider';

const test = base;
let provider: RunningOidcProvider;

test.skip(
  againstDeployment,
  'needs the local server, configured for the OpenID Connect provider this suite starts: runs only without BASE_URL',
);
test.beforeAll(async ({ baseURL }) => {
  provider = await startOidcProvider(baseURL!);
});
test.afterAll(async () => {
  await provider?.stop();
});

async function signInAtProvider(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${ssoClient.displayName}` }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

withAdmin('an invited Admin signs in through single sign-on', async ({ adminApi, browser }) => {
  const email = `${unique('sso').replace(/\W+/g, '-').toLowerCase()}@example.com`;
  await adminApi.mutation('adminUser.invite', { email, access: { kind: 'operator' } });
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Questionnaires' })).toBeVisible();
  const me = (await (await page.request.get('/api/trpc/adminUser.me')).json()) as {
    result: { data: { email: string } };
  };
  expect(me.result.data.email).toBe(email);
});

test('someone who was never invited is refused with a clear message', async ({ page }) => {
  await signInAtProvider(page, `${unique('stranger').replace(/\W+/g, '-').toLowerCase()}@example.com`);
  await expect(page).toHaveURL(/\/login\?error=SsoNotInvited/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Your single sign-on account is not an Admin here. Ask a platform operator to invite your verified email address.',
  );
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});
