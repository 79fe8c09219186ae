// Platform operators create questionnaires; Admins edit their settings.
import { expect, test } from './fixtures';
import { unique } from './fixtures/admin-api';

test('an operator creates a questionnaire for a new tenant', async ({ page }) => {
  const tenantName = unique('Acme');
  const name = unique('Onboarding survey');
  await page.goto('/admin');
  await page.getByRole('link', { name: 'New questionnaire' }).first().click();
  await expect(page.getByRole('heading', { name: 'New questionnaire' }).first()).toBeVisible();

  // Nothing chosen: the message sits next to the tenant field.
  await page.getByLabel('Questionnaire name').fill(name);
  await page.getByRole('button', { name: 'Create questionnaire' }).click();
  await expect(page.getByText('Choose a tenant, or create a new one')).toBeVisible();

  await page.getByLabel('Tenant', { exact: true }).selectOption({ label: 'New tenant…' });
  await page.getByLabel('New tenant name').fill(tenantName);
  await page.getByRole('button', { name: 'Create questionnaire' }).click();

  await expect(page.getByText(`Questionnaire “${name}” created`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/questionnaires\/[0-9a-f-]{36}$/);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Questionnaire' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('Create the first API key')).toBeVisible();

  await page.goto('/admin');
  await expect(
    page.getByRole('list', { name: 'Questionnaires' }).getByRole('link', { name: new RegExp(name) }),
  ).toBeVisible();
});

test('settings: a wrong field is named next to it, a good save sticks', async ({ page, questionnaire }) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}/settings`);
  await page.getByLabel('Phone number participants call').fill('call us maybe');
  await page.getByLabel('Attempt limit').fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Allow at least 1 attempt')).toBeVisible();
  await expect(page.getByLabel('Attempt limit')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Attempt limit').fill('3');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const phone = page.getByLabel('Phone number participants call');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await phone.getAttribute('id')}-error`)).toContainText(
    '"call us maybe" is not a phone number we can read',
  );

  await page.getByLabel('Phone number participants call').fill('+44 20 7946 0000');
  await page.getByLabel('Add a language').fill('German');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Guide text (German)').fill('Rufen Sie uns an und nennen Sie Ihren Code.');
  await page.getByLabel('Guide text (English)').fill('Call us and read out your access code.');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Phone number participants call')).toHaveValue('+442079460000');
  await expect(page.getByLabel('Attempt limit')).toHaveValue('3');
  await expect(page.getByLabel('Guide text (German)')).toHaveValue(
    'Rufen Sie uns an und nennen Sie Ihren Code.',
  );
  await page.getByRole('button', { name: 'Remove German' }).click();
  await expect(page.getByLabel('Guide text (German)')).toHaveCount(0);
});

test('the list finds questionnaires by name, tenant and sandbox, a page of 24 at a time', async ({
  page,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const tenantName = unique('Finder tenant');
  const tenant = await adminApi.mutation<{ id: string }>('tenant.create', { name: tenantName });
  const stem = unique('Findable').replace(/\s+/g, '-');
  for (let i = 0; i < 25; i++)
    await adminApi.mutation('questionnaire.create', { tenantId: tenant.id, name: `${stem} number ${i}` });
  const sandboxName = `${stem} SANDBOX copy`;
  await adminApi.mutation('questionnaire.create', { tenantId: tenant.id, name: sandboxName, sandbox: true });

  await page.goto('/admin');
  const search = page.getByRole('search', { name: 'Find questionnaires' });
  const list = page.getByRole('list', { name: 'Questionnaires' });
  // Part of the name, in another letter case: found on the server, not among the cards already shown.
  await search.getByLabel('Search by name').fill(stem.toUpperCase().slice(0, -1));
  await expect(page.getByTestId('questionnaire-count')).toHaveText('26 questionnaires match');
  await expect(list.getByRole('listitem')).toHaveCount(24);
  const pages = page.getByRole('navigation', { name: 'Questionnaire pages' });
  await expect(pages).toContainText('Page 1 of 2');
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages).toContainText('Page 2 of 2');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // The oldest two; the address keeps the page, so a reload lands on it again.
  await expect(list).toContainText(`${stem} number 0`);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await search.getByLabel('Live or sandbox').selectOption('Sandbox only');
  await expect(page.getByTestId('questionnaire-count')).toHaveText('1 questionnaire matches');
  await expect(list.getByRole('link')).toHaveAccessibleName(new RegExp(sandboxName));
  await search.getByLabel('Live or sandbox').selectOption('Live only');
  await search.getByLabel('Tenant').selectOption({ label: tenantName });
  await expect(page.getByTestId('questionnaire-count')).toHaveText('25 questionnaires match');
  await search.getByRole('button', { name: 'Clear filters' }).click();
  await expect(search.getByLabel('Search by name')).toHaveValue('');
  await expect(page).toHaveURL(/\/admin$/);
});

test('every page of a sandbox questionnaire says so across the top; a live one does not', async ({
  page,
  adminApi,
  questionnaire,
}) => {
  const sandbox = await adminApi.mutation<{ id: string }>('questionnaire.create', {
    tenantId: questionnaire.tenantId,
    name: unique('Banner sandbox'),
    sandbox: true,
  });
  for (const section of ['', '/participants', '/api-keys', '/webhooks', '/settings']) {
    await page.goto(`/admin/questionnaires/${sandbox.id}${section}`);
    const banner = page.getByRole('note', { name: 'Sandbox questionnaire' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('pais_test_');
  }
  await page.goto(`/admin/questionnaires/${questionnaire.id}`);
  await expect(page.getByRole('heading', { level: 1, name: questionnaire.name })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Sandbox questionnaire' })).toHaveCount(0);
});
