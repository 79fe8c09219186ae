import { expect, signedOutTest, test } from './fixtures';

signedOutTest('signed out, the Admin pages send you to sign in and back', async ({ page }) => {
  await page.goto('/admin/tenants');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Ftenants/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel(/US region|UK region/)).toBeVisible();
});

test('the Admin shell loads with its heading, navigation and region badge', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Questionnaires' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Questionnaires' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel(/US region|UK region/)).toBeVisible();
});

signedOutTest('the health endpoint reports the database', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
});
