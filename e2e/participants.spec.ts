// Participants created through the REST API appear in the Admin table, can be found, opened and exported.
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';

test('a participant created through the API appears in the table and opens', async ({
  page,
  questionnaire,
  apiKey,
}) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}/participants`);
  await expect(page.getByText('No participants yet')).toBeVisible();

  const irn = unique('P').replace(/\s+/g, '-');
  const created = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaire.id,
    interview_ref_num: irn,
    email: 'Ada.Lovelace@example.com',
    phone_number1: '+1 415 555 0101',
    external_ref_id: 'crm-42',
    language: 'English',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const other = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaire.id,
    interview_ref_num: `${irn}-other`,
  });
  expect(other.status).toBe(200);

  await page.reload();
  const table = page.getByRole('table', { name: 'Participants' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('2 participants')).toBeVisible();

  // Search by email, case-insensitively, then by phone number written another way.
  await page.getByLabel('Search', { exact: true }).fill('ada.lovelace');
  await expect(page).toHaveURL(/q=ada.lovelace/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(irn);
  await page.getByLabel('Search', { exact: true }).fill('(415) 555-0101');
  await page.getByLabel('Search in').selectOption('Phone number');
  await expect(page).toHaveURL(/q=%28415%29.*field=phone|field=phone.*q=%28415%29/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(irn);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv as Buffer[]).toString('utf8');
  expect(text).toContain('participant_uuid,interview_ref_num');
  expect(text).toContain(irn);
  expect(text).not.toContain(`${irn}-other`);

  await table.getByRole('link', { name: irn, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Participant ${irn}` })).toBeVisible();
  await expect(page.getByText('Allowed', { exact: true })).toBeVisible();
  const attempts = page.getByRole('table', { name: 'Attempts' });
  await expect(attempts.getByRole('row')).toHaveCount(2);
  await expect(attempts).toContainText(/[2-9A-Z]{4}-[2-9A-Z]{4}/);
  await expect(page.getByText('No outcome recorded yet')).toBeVisible();
  await expect(page.getByText('No result yet')).toBeVisible();
  await expect(page.getByText(created.body.participant_uuid).first()).toBeVisible();
});

test('another questionnaire’s participant is not found through this one', async ({
  page,
  questionnaire,
  adminApi,
}) => {
  const tenant = await adminApi.mutation<{ id: string }>('tenant.create', { name: unique('Other tenant') });
  const other = await adminApi.mutation<{ id: string }>('questionnaire.create', {
    tenantId: tenant.id,
    name: unique('Other questionnaire'),
  });
  const key = await adminApi.mutation<{ key: string }>('apiKey.create', {
    questionnaireId: other.id,
    name: 'other',
    scopes: ['participant:write'],
  });
  const created = await createParticipantViaApi(page.request, key.key, {
    project_uuid: other.id,
    interview_ref_num: unique('X').replace(/\s+/g, '-'),
  });
  expect(created.status).toBe(200);
  const answer = await page.goto(
    `/admin/questionnaires/${questionnaire.id}/participants/${created.body.participant_uuid}`,
  );
  // As for any id this questionnaire does not have: the 404 page, with status 404, so nothing shows that the
  // participant exists elsewhere.
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(created.body.participant_uuid)).toHaveCount(0);
});
