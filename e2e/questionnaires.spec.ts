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
