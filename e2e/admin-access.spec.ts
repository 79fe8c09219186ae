// An Admin invited to one questionnaire chooses their own password at the first sign-in (nothing else opens
// before), then reaches that questionnaire only.
import { expect, test } from './fixtures';
import { unique } from './fixtures/admin-api';

test('an invited Admin chooses their own password first, then sees only the questionnaire granted to them', async ({
  page,
  browser,
  questionnaire,
  adminApi,
}) => {
  // A second browser context signs the invited Admin in and visits five pages: 37 s once on a busy machine.
  test.setTimeout(120_000);
  const tenant = await adminApi.mutation<{ id: string }>('tenant.create', { name: unique('Elsewhere') });
  const hidden = await adminApi.mutation<{ id: string }>('questionnaire.create', {
    tenantId: tenant.id,
    name: unique('Hidden questionnaire'),
  });

  const email = `${unique('admin').replace(/\W+/g, '-')}@example.com`;
  await page.goto('/admin/admins');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Access', { exact: true }).selectOption('One questionnaire');
  await page
    .getByLabel('Questionnaire', { exact: true })
    .selectOption({ label: `${questionnaire.name} (${questionnaire.tenantName})` });
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invited ${email}`)).toBeVisible();
  const password = await page.getByLabel('Temporary password', { exact: true }).inputValue();
  await expect(page.getByRole('list', { name: `Access of ${email}` })).toContainText(
    `Questionnaire ${questionnaire.name}`,
  );

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const invited = await context.newPage();
  await invited.goto('/login');
  await invited.getByLabel('Email').fill(email);
  await invited.getByLabel('Password').fill(password);
  await invited.getByRole('button', { name: 'Sign in' }).click();

  // The first page is the password change, and nothing else opens until it is done: not a page, not the API.
  await expect(invited).toHaveURL(/\/change-password$/, { timeout: 30_000 });
  await expect(invited.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await invited.goto('/admin');
  await expect(invited).toHaveURL(/\/change-password$/);
  const before = await invited.request.get('/api/trpc/questionnaire.list');
  expect(before.status()).toBe(403);
  expect(await before.text()).toContain('Choose your own password first');

  const own = 'my very own passphrase';
  await invited.getByLabel('Current password').fill(password);
  await invited.getByLabel('New password', { exact: true }).fill(own);
  await invited.getByLabel('Repeat the new password').fill(own);
  await invited.getByRole('button', { name: 'Change password' }).click();
  await expect(invited).toHaveURL(/\/admin$/, { timeout: 30_000 });
  const list = invited.getByRole('list', { name: 'Questionnaires' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(questionnaire.name);
  const nav = invited.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Tenants' })).toHaveCount(0);

  await invited.goto(`/admin/questionnaires/${hidden.id}`);
  await expect(invited.getByText('This page does not exist, or you do not have access to it.')).toBeVisible();
  const refused = await invited.request.get(
    `/api/trpc/questionnaire.get?input=${encodeURIComponent(JSON.stringify({ questionnaireId: hidden.id }))}`,
  );
  expect(refused.status()).toBe(404);
  await invited.goto('/admin/tenants');
  await expect(invited.getByText('This page does not exist, or you do not have access to it.')).toBeVisible();
  await context.close();
});

test('the questionnaire pages fit a phone screen', async ({ page, questionnaire }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const section of ['', '/participants', '/api-keys', '/blocked-numbers', '/settings']) {
    await page.goto(`/admin/questionnaires/${questionnaire.id}${section}`);
    await expect(page.getByRole('navigation', { name: 'Questionnaire' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal scroll on ${section || 'overview'}`).toBeLessThanOrEqual(0);
  }
});
