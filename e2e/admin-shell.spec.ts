import { expect, test } from '@playwright/test';

test('the Admin shell loads with its heading, navigation and region badge', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin|\/login/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByLabel(/US region|UK region/)).toBeVisible();
});

test('the health endpoint reports the database', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
});
