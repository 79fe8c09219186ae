// A native double-click on any mutating control of the Admin app makes one change. Each control
// is double-clicked in the browser, and what the server stored is counted through the Admin API (rows, and
// the audit entry every change writes); no error toast may appear beside the success.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique, type AdminApi } from './fixtures/admin-api';

interface AuditPage {
  entries: { action: string; targetId: string | null }[];
}

/** How many audit entries of `action` the questionnaire (or, without one, the whole service) has. */
async function audited(adminApi: AdminApi, action: string, questionnaireId?: string, targetId?: string) {
  const page = questionnaireId
    ? await adminApi.query<AuditPage>('auditLog.list', { questionnaireId, action, limit: 100 })
    : await adminApi.query<AuditPage>('auditLog.listAll', { action, limit: 100 });
  return page.entries.filter((e) => !targetId || e.targetId === targetId).length;
}

/** No toast said something failed or was already submitted. */
async function expectNoErrorToast(page: Page) {
  await expect(page.getByText(/Something went wrong|already submitted|could not be reached/)).toHaveCount(0);
}

test('tenants, questionnaires and Admins: one of each per double-click', async ({ page, adminApi }) => {
  // Three forms, each double-clicked and then checked through the Admin API: more than 30 s on a busy machine.
  test.setTimeout(90_000);
  const tenantName = unique('Twice tenant');
  await page.goto('/admin/tenants');
  await page.getByLabel('Tenant name').fill(tenantName);
  await page.getByRole('button', { name: 'Create tenant' }).dblclick();
  await expect(page.getByText(`Tenant “${tenantName}” created`)).toBeVisible();
  const tenants = await adminApi.query<{ id: string; name: string }[]>('tenant.list', {});
  expect(tenants.filter((t) => t.name === tenantName)).toHaveLength(1);
  await expectNoErrorToast(page);

  const questionnaireName = unique('Twice questionnaire');
  await page.goto('/admin/questionnaires/new');
  await page.getByLabel('Tenant', { exact: true }).selectOption({ label: tenantName });
  await page.getByLabel('Questionnaire name').fill(questionnaireName);
  await page.getByRole('button', { name: 'Create questionnaire' }).dblclick();
  await expect(page.getByText(`Questionnaire “${questionnaireName}” created`)).toBeVisible();
  await page.waitForURL(/\/admin\/questionnaires\/[0-9a-f-]{36}$/);
  const questionnaires = await adminApi.query<{ name: string }[]>('questionnaire.list', {});
  expect(questionnaires.filter((q) => q.name === questionnaireName)).toHaveLength(1);
  await expectNoErrorToast(page);

  const email = `${unique('twice').replace(/\W+/g, '-')}@example.com`;
  await page.goto('/admin/admins');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Access', { exact: true }).selectOption('operator');
  await page.getByRole('button', { name: 'Invite' }).dblclick();
  await expect(page.getByText(`Invited ${email}`)).toBeVisible();
  const admins = await adminApi.query<{ email: string }[]>('adminUser.list', {});
  expect(admins.filter((a) => a.email === email)).toHaveLength(1);
  await expectNoErrorToast(page);

  // An empty tenant is deleted once, with its confirmation double-clicked.
  await page.goto('/admin/tenants');
  const tenantId = tenants.find((t) => t.name === tenantName)!.id;
  await page.goto('/admin/questionnaires');
  const created = (await adminApi.query<{ id: string; name: string }[]>('questionnaire.list', {})).find(
    (q) => q.name === questionnaireName,
  )!;
  await page.goto(`/admin/questionnaires/${created.id}/settings`);
  await page.getByRole('button', { name: `Delete questionnaire ${questionnaireName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete questionnaire' }).dblclick();
  await expect(page.getByText(`Questionnaire “${questionnaireName}” deleted`)).toBeVisible();
  expect(await audited(adminApi, 'questionnaire.delete', undefined, created.id)).toBe(1);
  await page.goto('/admin/tenants');
  await page.getByRole('button', { name: `Delete tenant ${tenantName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete tenant' }).dblclick();
  await expect(page.getByText('Tenant deleted')).toBeVisible();
  expect(await audited(adminApi, 'tenant.delete', undefined, tenantId)).toBe(1);
  await expectNoErrorToast(page);
});

test('settings, keys and blocked numbers: one change per double-click', async ({
  page,
  questionnaire,
  adminApi,
}) => {
  // Three forms, each double-clicked and then checked through the Admin API: more than 30 s on a busy machine.
  test.setTimeout(90_000);
  const q = questionnaire.id;
  await page.goto(`/admin/questionnaires/${q}/settings`);
  await page.getByLabel('Phone number participants call').fill('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Save settings' }).dblclick();
  await expect(page.getByText('Settings saved')).toBeVisible();
  expect(await audited(adminApi, 'questionnaire.update', q)).toBe(1);

  await page.goto(`/admin/questionnaires/${q}/api-keys`);
  await page.getByLabel('Key name').fill('Twice');
  await page.getByRole('button', { name: 'Create key' }).dblclick();
  await expect(page.getByLabel('New API key')).toHaveValue(/^pais_live_/);
  await page.getByRole('button', { name: 'I have saved the key' }).click();
  await page.getByRole('button', { name: 'Actions for key Twice' }).click();
  await page.getByRole('menuitem', { name: 'Roll' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll key' }).dblclick();
  await expect(page.getByLabel('New API key')).toHaveValue(/^pais_live_/);
  await page.getByRole('button', { name: 'I have saved the key' }).click();
  expect(await audited(adminApi, 'api_key.roll', q)).toBe(1);
  const keys = await adminApi.query<{ id: string; name: string; state: string }[]>('apiKey.list', {
    questionnaireId: q,
  });
  expect(keys.filter((k) => k.name === 'Twice')).toHaveLength(2);

  const live = keys.find((k) => k.name === 'Twice' && k.state === 'active')!;
  await page
    .getByRole('row')
    .filter({ hasNotText: 'Rolled' })
    .getByRole('button', { name: 'Actions for key Twice' })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete key' }).dblclick();
  // The toast of this deletion, not the page's standing sentence about deleted keys: only once it shows has
  // the change been made (and the dialog closed), so the count below is the outcome, not a guess before it.
  await expect(page.getByText('Key “Twice” deleted')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await audited(adminApi, 'api_key.delete', q, live.id)).toBe(1);
  await expectNoErrorToast(page);

  await page.goto(`/admin/questionnaires/${q}/blocked-numbers`);
  await page.getByLabel('Numbers to block').fill('+1 202 555 0101\n+1 202 555 0102');
  await page.getByRole('button', { name: 'Block all' }).dblclick();
  await expect(page.getByRole('list', { name: 'Blocked numbers' }).getByRole('listitem')).toHaveCount(2);
  expect(await audited(adminApi, 'blocked_number.add_many', q)).toBe(1);
  await page.getByRole('button', { name: 'Unblock +1 202 555 0101' }).dblclick();
  await expect(page.getByRole('list', { name: 'Blocked numbers' }).getByRole('listitem')).toHaveCount(1);
  expect(await audited(adminApi, 'blocked_number.remove', q)).toBe(1);
  await expectNoErrorToast(page);
});

test('webhook: one endpoint, one rotation, one revision with one delivery, one replay', async ({
  page,
  questionnaire,
  apiKey,
  adminApi,
  webhookReceiver,
}) => {
  // Four double-clicked controls, a delivery and a replay: near 30 s on a busy machine.
  test.setTimeout(90_000);
  const q = questionnaire.id;
  await page.goto(`/admin/questionnaires/${q}/webhooks`);
  await page.getByLabel('Webhook URL').fill(webhookReceiver.url);
  await page.getByRole('button', { name: 'Create webhook' }).dblclick();
  await expect(page.getByText('Webhook created')).toBeVisible();
  expect(await audited(adminApi, 'webhook.create', q)).toBe(1);
  await expectNoErrorToast(page);

  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).dblclick();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await audited(adminApi, 'webhook.secret.rotate', q)).toBe(1);

  const created = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: q,
    interview_ref_num: unique('TWICE').replace(/\s+/g, '-'),
  });
  const participantId = created.body.participant_uuid;
  await page.goto(`/admin/questionnaires/${q}/participants/${participantId}`);
  const form = page.getByRole('form', { name: 'Publish result' });
  await form.getByLabel('Overall evaluation').selectOption('HR');
  await form.getByLabel('Summary', { exact: true }).fill('HR');
  await form.getByRole('group', { name: 'Question 1' }).getByLabel('Question text').fill('Twice?');
  await form.getByRole('button', { name: 'Publish result' }).dblclick();
  await expect(page.getByText('Result published; 1 webhook delivery queued')).toBeVisible();
  const results = await adminApi.query<{ revisions: unknown[] }[]>('webhook.results', {
    questionnaireId: q,
    participantId,
  });
  expect(results[0]?.revisions).toHaveLength(1);
  const deliveries = await adminApi.query<{ items: { id: string; status: string }[] }>('webhook.deliveries', {
    questionnaireId: q,
    participantId,
  });
  expect(deliveries.items).toHaveLength(1);
  await expectNoErrorToast(page);

  // Once delivered, "Replay" sends it again once.
  await webhookReceiver.waitForDelivery(q, 'Result Update');
  await page.goto(`/admin/questionnaires/${q}/webhooks`);
  const row = page
    .getByRole('table', { name: 'Webhook deliveries' })
    .getByRole('row')
    .filter({ hasText: 'Delivered' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Actions for delivery/ }).click();
  await page.getByRole('menuitem', { name: 'Replay' }).dblclick();
  await expect(page.getByText('Delivery queued again: it is sent within a few seconds')).toBeVisible();
  expect(await audited(adminApi, 'webhook.delivery.replay', q)).toBe(1);
  await expectNoErrorToast(page);
});

test('webhook: one disable per double-clicked confirmation, one enable per double-clicked button', async ({
  page,
  questionnaire,
  adminApi,
  webhookReceiver,
}) => {
  const q = questionnaire.id;
  await adminApi.mutation('webhook.configure', { questionnaireId: q, url: webhookReceiver.url });
  await page.goto(`/admin/questionnaires/${q}/webhooks`);
  await page.getByRole('button', { name: 'Disable webhook' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable webhook' }).dblclick();
  await expect(page.getByText('Webhook disabled', { exact: true })).toBeVisible();
  expect(await audited(adminApi, 'webhook.disable', q)).toBe(1);
  // Nothing was published meanwhile: the button enables at once, without a question.
  await page.getByRole('button', { name: 'Enable webhook' }).dblclick();
  await expect(page.getByText('Webhook enabled: waiting deliveries are sent now')).toBeVisible();
  expect(await audited(adminApi, 'webhook.enable', q)).toBe(1);
  await expectNoErrorToast(page);
});

test('import: one stored preview per double-clicked "Check file", one start per double-clicked "Import"', async ({
  page,
  questionnaire,
  adminApi,
}) => {
  const q = questionnaire.id;
  const prefix = unique('ONCE').replace(/\s+/g, '-');
  const imports = () =>
    adminApi.query<{ id: string; fileName: string }[]>('participantImport.list', { questionnaireId: q });
  await page.goto(`/admin/questionnaires/${q}/participants/import`);
  await page.getByLabel('CSV file').setInputFiles({
    name: `${prefix}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`interview_ref_num\n${prefix}-1\n${prefix}-2\n`),
  });
  await page.getByRole('button', { name: 'Check file' }).dblclick();
  await expect(page.getByTestId('import-summary')).toHaveText(
    '2 rows: 2 will be created, 0 will be refused. Nothing has been written yet.',
  );
  expect((await imports()).filter((i) => i.fileName === `${prefix}.csv`)).toHaveLength(1);
  await page.getByRole('button', { name: 'Import 2 rows' }).dblclick();
  await expect(page.getByTestId('import-progress')).toContainText('2 of 2 rows · 2 created · 0 refused');
  expect(await audited(adminApi, 'participant.import', q)).toBe(1);
  await expectNoErrorToast(page);
});
