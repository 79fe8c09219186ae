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

test('at 390 px, Escape closes the Menu and gives focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  const menuButton = page.getByText('Menu', { exact: true });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await menuButton.click();
  await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
  // From inside the menu too, as a keyboard user gets there.
  await nav.getByRole('link', { name: 'Account' }).focus();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Account' })).toBeHidden();
  await expect(menuButton).toBeFocused();
  // And it opens again from the keyboard.
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
});

test('a toast leaves the header’s Account and Sign out uncovered', async ({ page, questionnaire }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/admin/questionnaires/${questionnaire.id}/api-keys`);
  await page.getByLabel('Key name').fill('Toast');
  await page.getByRole('button', { name: 'Create key' }).click();
  const toast = page.getByText('Key “Toast” created');
  await expect(toast).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
  for (const control of [
    nav.getByRole('link', { name: 'Account' }),
    nav.getByRole('button', { name: 'Sign out' }),
  ]) {
    const box = (await control.boundingBox())!;
    const overlaps =
      box.x < toastBox.x + toastBox.width &&
      toastBox.x < box.x + box.width &&
      box.y < toastBox.y + toastBox.height &&
      toastBox.y < box.y + box.height;
    expect(overlaps, `the toast covers ${await control.innerText()}`).toBe(false);
  }
});
