// With long data in every list and chart, no Admin page is wider than a 390 px phone, and at 1440 px every
// row action ("…") is on screen without scrolling the table. Also where the focus goes after the new-key
// panel.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique, type AdminApi } from './fixtures/admin-api';
import { adminPagePaths } from './fixtures/admin-pages';

const long = (label: string, length: number) => `${label} ${'x'.repeat(length)}`.slice(0, length);

/** The page's horizontal overflow in pixels (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A questionnaire full of long things: names, outcome, result, keys, blocked numbers, webhook deliveries. */
async function seedLongData(page: Page, adminApi: AdminApi, webhookUrl: string) {
  const tenant = await adminApi.mutation<{ id: string }>('tenant.create', {
    name: long(unique('Tenant'), 200),
  });
  const q = await adminApi.mutation<{ id: string }>('questionnaire.create', {
    tenantId: tenant.id,
    name: long(unique('Questionnaire'), 200),
  });
  const key = await adminApi.mutation<{ key: string }>('apiKey.create', {
    questionnaireId: q.id,
    name: long('Key', 100),
    scopes: ['participant:write', 'participant:read', 'participant:delete', 'apikey:write', 'apikey:delete'],
  });
  await adminApi.mutation('webhook.configure', {
    questionnaireId: q.id,
    url: `${webhookUrl}?${'p=1&'.repeat(150)}`,
  });
  await adminApi.mutation('blockedNumber.add', { questionnaireId: q.id, phoneNumber: '+1 202 555 0142' });
  const participants: string[] = [];
  for (let i = 0; i < 3; i++) {
    const created = await createParticipantViaApi(page.request, key.key, {
      project_uuid: q.id,
      interview_ref_num: long(unique(`IRN${i}`).replace(/\s+/g, '-'), 100),
      email: `${'a'.repeat(60)}${i}@${'b'.repeat(60)}.example.com`,
      phone_number1: '+1 415 555 0199',
      phone_number2: '+44 20 7946 0958',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    participants.push(created.body.participant_uuid);
  }
  // The API accepts an outcome of 255 characters; the overview's chart and table must still fit.
  const outcome = await page.request.put(`/questionnaire/v1/participant/${participants[0]}`, {
    headers: { Authorization: key.key, 'Content-Type': 'application/json' },
    data: { outcome: 'O'.repeat(255) },
  });
  expect(outcome.status()).toBe(200);
  await adminApi.mutation('webhook.publishResult', {
    questionnaireId: q.id,
    participantId: participants[1],
    status: long('Result Published', 100),
    questions_risk_rating: [{ sequence: '1', risk_level: 'HR', text: long('Question', 2_000) }],
    overall_evaluation: 'HR',
    is_admission: false,
    is_counter_measure: false,
    is_not_complete: false,
    summary: 'HR',
  });
  await adminApi.mutation('webhook.sendTest', { questionnaireId: q.id });
  return { questionnaireId: q.id, participantId: participants[1]! };
}

test('no Admin page is wider than a 390 px phone, with long data in every list and chart', async ({
  page,
  adminApi,
  webhookReceiver,
}) => {
  test.setTimeout(120_000);
  const { questionnaireId, participantId } = await seedLongData(page, adminApi, webhookReceiver.url);
  await page.setViewportSize({ width: 390, height: 844 });
  // Every Admin page, the participant with the long published result included.
  for (const path of adminPagePaths(questionnaireId, participantId)) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await overflow(page), `sideways scroll at 390 px on ${path}`).toBeLessThanOrEqual(0);
  }
  // The overview's charts are drawn (with the 255-character outcome) and still fit.
  await page.goto(`/admin/questionnaires/${questionnaireId}`);
  await expect(page.getByTestId('overview-chart').first()).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  // The key's request log, open, with its calls.
  await page.goto(`/admin/questionnaires/${questionnaireId}/api-keys`);
  await page.getByRole('button', { name: /^Actions for key / }).click();
  await page.getByRole('menuitem', { name: 'Requests' }).click();
  await expect(page.getByTestId('key-activity')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await overflow(page), 'key request log at 390 px').toBeLessThanOrEqual(0);
  // An import preview whose problems have long IRNs and messages.
  await page.goto(`/admin/questionnaires/${questionnaireId}/participants/import`);
  await page.getByLabel('CSV file').setInputFiles({
    name: `${'long-name-'.repeat(20)}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`interview_ref_num,email\n${'I'.repeat(300)},not-an-email\nA-1,${'e'.repeat(300)}\n`),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByTestId('import-summary')).toBeVisible();
  expect(await overflow(page), 'import preview at 390 px').toBeLessThanOrEqual(0);
});

test('at 1440 px the overview fits and every row action is on screen', async ({
  page,
  adminApi,
  webhookReceiver,
}) => {
  test.setTimeout(120_000);
  const { questionnaireId, participantId } = await seedLongData(page, adminApi, webhookReceiver.url);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/admin/questionnaires/${questionnaireId}`);
  await expect(page.getByTestId('overview-chart').first()).toBeVisible();
  expect(await overflow(page), 'overview at 1440 px').toBeLessThanOrEqual(0);
  await page.goto(`/admin/questionnaires/${questionnaireId}/participants/${participantId}`);
  await page.waitForLoadState('networkidle');
  expect(await overflow(page), 'participant with a long result at 1440 px').toBeLessThanOrEqual(0);

  for (const [section, count] of [
    ['api-keys', 1],
    ['webhooks', 2],
  ] as const) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/questionnaires/${questionnaireId}/${section}`);
      const actions = page.getByRole('button', { name: /^Actions for / });
      await expect(actions).toHaveCount(count);
      for (const button of await actions.all()) {
        const box = (await button.boundingBox())!;
        expect(box.x, `${section} at ${width}px`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${section} at ${width}px`).toBeLessThanOrEqual(width);
      }
      // The menu opens inside the viewport too.
      await actions.first().click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      const menuBox = (await menu.boundingBox())!;
      expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
  }
});

test('focus goes to the new key, then back to the form after "I have saved the key"', async ({
  page,
  questionnaire,
}) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}/api-keys`);
  await page.getByLabel('Key name').fill('Focus');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByLabel('New API key')).toBeFocused();
  await page.getByRole('button', { name: 'I have saved the key' }).click();
  await expect(page.getByLabel('Key name')).toBeFocused();
  // Closing a row's dialog gives focus back to its "…" button.
  await page.getByRole('button', { name: 'Actions for key Focus' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Actions for key Focus' })).toBeFocused();
});
