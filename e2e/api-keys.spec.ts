// The first API key: created in the browser, shown once, used against the REST API, deleted.
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';

test('an Admin creates the first key, sees it once, uses it, and deletes it', async ({
  page,
  questionnaire,
}) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}/api-keys`);
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create the first API key' })).toBeVisible();

  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Give the key a name')).toBeVisible();

  await page.getByLabel('Key name').fill('CRM production');
  await page.getByRole('checkbox', { name: /apikey:write/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();

  await expect(page.getByText('It will not be shown again')).toBeVisible();
  const keyField = page.getByLabel('New API key');
  const key = await keyField.inputValue();
  expect(key).toMatch(/^pais_live_[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByRole('button', { name: 'Copy API key' })).toBeVisible();

  // The key works at once against the REST API.
  const irn = unique('IRN').replace(/\s+/g, '-');
  const created = await createParticipantViaApi(page.request, key, {
    project_uuid: questionnaire.id,
    interview_ref_num: irn,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body).toMatchObject({ interview_ref_num: irn, is_participant_allowed: true });

  // Once dismissed, only the masked value remains.
  await page.getByRole('button', { name: 'I have saved the key' }).click();
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  const row = page.getByRole('row', { name: /CRM production/ });
  await expect(row).toContainText(`${key.slice(0, 14)}…${key.slice(-4)}`);
  await expect(row).not.toContainText(key);
  await expect(row).toContainText('participant:write');
  await expect(row).toContainText('apikey:write');

  await page.getByRole('button', { name: 'Actions for key CRM production' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete key “CRM production”?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByText('Key “CRM production” deleted')).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();

  const refused = await createParticipantViaApi(page.request, key, {
    project_uuid: questionnaire.id,
    interview_ref_num: `${irn}-2`,
  });
  expect(refused.status).toBe(401);
});
