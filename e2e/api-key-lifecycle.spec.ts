// An API key with an expiry, rolled in the browser with an overlap: both values work, both are listed.
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';

test('an Admin creates an expiring key and rolls it with a one-hour overlap', async ({
  page,
  questionnaire,
}) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}/api-keys`);
  await page.getByLabel('Key name').fill('Nightly sync');
  await page.getByLabel('Expires').selectOption('In 30 days');
  await page.getByRole('button', { name: 'Create key' }).click();
  const oldKey = await page.getByLabel('New API key').inputValue();
  await page.getByRole('button', { name: 'I have saved the key' }).click();
  await expect(page.getByRole('row', { name: /Nightly sync/ })).toContainText('Active until');

  await page.getByRole('button', { name: 'Actions for key Nightly sync' }).click();
  await page.getByRole('menuitem', { name: 'Roll' }).click();
  await page.getByLabel('Overlap').selectOption('1 hour');
  await page.getByRole('button', { name: 'Roll key', exact: true }).click();
  await expect(page.getByText('It will not be shown again')).toBeVisible();
  const newKey = await page.getByLabel('New API key').inputValue();
  expect(newKey).toMatch(/^pais_live_/);
  expect(newKey).not.toBe(oldKey);
  await page.getByRole('button', { name: 'I have saved the key' }).click();

  const rows = page.getByRole('row', { name: /Nightly sync/ });
  await expect(rows).toHaveCount(2);
  const rolled = rows.filter({ hasText: /Rolled\s+works until/ });
  await expect(rolled).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Active until' })).toHaveCount(1);
  // As it reads on screen (innerText), with the space between "until" and the date.
  expect(await rolled.innerText()).toMatch(/works until \w/);

  for (const key of [oldKey, newKey]) {
    const created = await createParticipantViaApi(page.request, key, {
      project_uuid: questionnaire.id,
      interview_ref_num: unique('ROLL').replace(/\s+/g, '-'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }
});
