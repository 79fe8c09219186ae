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

test('a key’s request log shows its successful and failed calls, filtered by status, with daily usage', async ({
  page,
  questionnaire,
  apiKey,
}) => {
  const irn = unique('LOG').replace(/\s+/g, '-');
  const ok = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaire.id,
    interview_ref_num: irn,
  });
  expect(ok.status).toBe(200);
  const bad = await createParticipantViaApi(page.request, apiKey.key, { project_uuid: questionnaire.id });
  expect(bad.status).toBe(400);

  await page.goto(`/admin/questionnaires/${questionnaire.id}/api-keys`);
  const actions = page.getByRole('button', { name: /^Actions for key / }).first();
  const keyName = (await actions.getAttribute('aria-label'))!.replace('Actions for key ', '');
  await page.getByRole('button', { name: `Actions for key ${keyName}` }).click();
  await page.getByRole('menuitem', { name: 'Requests' }).click();
  const activity = page.getByTestId('key-activity');
  await expect(activity).toBeFocused();
  const log = activity.getByRole('table', { name: 'Calls with this key, newest first' });
  // Written a second after the calls: reopen until they are there.
  await expect(async () => {
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: `Actions for key ${keyName}` }).click();
    await page.getByRole('menuitem', { name: 'Requests' }).click();
    await expect(log.getByRole('row')).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(log.getByRole('row').nth(1)).toContainText('400');
  await expect(log.getByRole('row').nth(1)).toContainText('POST /questionnaire/v1/participant');
  await expect(log.getByRole('row').nth(2)).toContainText('200');
  // Times in the Admin's zone, named, with UTC on hover.
  await expect(log.locator('time').first()).toHaveAttribute('title', / UTC$/);
  await expect(activity).not.toContainText(irn);
  await expect(activity).not.toContainText(apiKey.key);

  await activity.getByLabel('Show').selectOption('failed');
  await expect(log.getByRole('row')).toHaveCount(2);
  await activity.getByLabel('Show').selectOption('succeeded');
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('200');

  const usage = activity.getByRole('table', { name: 'Calls per day' });
  await expect(usage.getByRole('row').nth(1)).toContainText(/\d{4}-\d\d-\d\d\s*2\s*1\s*0/);
});

test('at 1440 px the keys table fits with every cell filled, and tabbing to Change keeps the name in view', async ({
  page,
  adminApi,
  questionnaire,
}) => {
  const name = unique('Key with a long name for the CRM production system');
  const { key } = await adminApi.mutation<{ key: string }>('apiKey.create', {
    questionnaireId: questionnaire.id,
    name,
    scopes: ['participant:write', 'participant:read', 'participant:delete', 'apikey:write', 'apikey:delete'],
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  const used = await createParticipantViaApi(page.request, key, {
    project_uuid: questionnaire.id,
    interview_ref_num: unique('WIDE').replace(/\s+/g, '-'),
  });
  expect(used.status).toBe(200);
  await page.setViewportSize({ width: 1440, height: 900 });
  const row = page.getByRole('row', { name: new RegExp(name) });
  // "Last used" is written shortly after the call: reload until it is filled.
  await expect(async () => {
    await page.goto(`/admin/questionnaires/${questionnaire.id}/api-keys`);
    await expect(row.locator('time')).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  const table = page.getByRole('table', { name: 'API keys' });
  const scroller = table.locator('xpath=..');
  const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(clientWidth);
  const change = page.getByRole('button', { name: `Change the rate limit of key ${name}` });
  const frame = (await scroller.boundingBox())!;
  const changeBox = (await change.boundingBox())!;
  expect(changeBox.x + changeBox.width).toBeLessThanOrEqual(frame.x + frame.width);

  // Tabbing to Change scrolls nothing away: the key's name and value stay where they were.
  const nameCell = row.getByRole('cell').first();
  const before = (await nameCell.boundingBox())!;
  await change.focus();
  await expect(change).toBeFocused();
  const after = (await nameCell.boundingBox())!;
  expect(after.x).toBe(before.x);
  expect(after.x).toBeGreaterThanOrEqual(frame.x);
});
