// Result webhooks end to end, against a real HTTP receiver: an Admin configures the webhook in the browser
// and sends the test event, and publishes a participant's result by hand; each delivery arrives signed with
// the secret the page showed. Runs against the local server or, with BASE_URL plus E2E_WEBHOOK_RECEIVER_URL
// and E2E_WEBHOOK_RECEIVER_LOG_URL, against any deployment (see fixtures/webhook-receiver.ts).
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';
import { receiverUnavailable } from './fixtures/webhook-receiver';
import { verifyWebhook } from '../server/webhooks/signing';

test.skip(receiverUnavailable !== null, receiverUnavailable ?? '');

test('an Admin configures the webhook, sends a test event and sees it delivered', async ({
  page,
  questionnaire,
  webhookReceiver,
}) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}/webhooks`);
  await expect(page.getByRole('heading', { name: 'Result webhook' })).toBeVisible();

  // A refused URL is reported next to its field.
  await page.getByLabel('Webhook URL').fill('ftp://example.com/hook');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  // "https" on a production deployment, "http or https" where WEBHOOK_ALLOW_PRIVATE_URLS admits http.
  await expect(page.getByText(/The URL must use (http or )?https/)).toBeVisible();

  await page.getByLabel('Webhook URL').fill(webhookReceiver.url);
  await page.getByLabel('Static header').check();
  await page.getByLabel('Header name').fill('X-Api-Key');
  await page.getByLabel('Header value').fill('customer-key-e2e');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('Webhook created')).toBeVisible();

  const secretField = page.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();

  // Hidden, then revealed on demand: the same secret.
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(secretField).toBeHidden();
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(secretField).toHaveValue(secret);

  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText(/Test event delivered \(HTTP 200\)/)).toBeVisible();

  const request = await webhookReceiver.waitForDelivery(questionnaire.id, 'Test');
  expect(request.headers['x-api-key']).toBe('customer-key-e2e');
  expect(verifyWebhook(secret, request.body, request.headers)).toMatchObject({
    callback_type: 'Test',
    project_uuid: questionnaire.id,
  });

  const log = page.getByRole('table', { name: 'Webhook deliveries' });
  const row = log.getByRole('row').filter({ hasText: 'Test event' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Delivered')).toBeVisible();
  await expect(row.getByText(String(request.headers['webhook-id']))).toBeVisible();
  await row.getByRole('button', { name: /Actions for delivery/ }).click();
  await page.getByRole('menuitem', { name: 'Show attempts' }).click();
  await expect(page.getByRole('list', { name: 'Attempts, newest first' })).toContainText('HTTP 200');

  // The failed filter hides it.
  await page.getByLabel('Failed only').check();
  await expect(page.getByText('No failed deliveries')).toBeVisible();
});

test('an Admin publishes a result by hand and the webhook receives it', async ({
  page,
  adminApi,
  questionnaire,
  apiKey,
  webhookReceiver,
}) => {
  const { secret } = await adminApi.mutation<{ secret: string }>('webhook.configure', {
    questionnaireId: questionnaire.id,
    url: webhookReceiver.url,
  });
  const irn = unique('HAND').replace(/\s+/g, '-');
  const created = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaire.id,
    interview_ref_num: irn,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const participantId = created.body.participant_uuid;

  await page.goto(`/admin/questionnaires/${questionnaire.id}/participants/${participantId}`);
  const form = page.getByRole('form', { name: 'Publish result' });
  await expect(form).toBeVisible();
  await expect(page.getByText('Nothing published for this participant.')).toBeVisible();

  // Checked like the assessment engine's results, with the same message, shown next to the field.
  await form.getByLabel('Summary colour').fill('green');
  await form.getByRole('button', { name: 'Publish result' }).click();
  await expect(form.getByText('summary_bgcolor must be a hex colour #RRGGBB')).toBeVisible();
  await expect(form.getByLabel('Summary colour')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Status').fill('Under_Review');
  await form.getByLabel('Overall evaluation').selectOption('HR');
  await form.getByLabel('Summary', { exact: true }).fill('HR');
  await form.getByLabel('Summary colour').fill('#dc3545');
  await form.getByLabel('Admission').check();
  const question = form.getByRole('group', { name: 'Question 1' });
  await question.getByLabel('Risk level').selectOption('HR');
  await question.getByLabel('Question text').fill('Have you ever shared a password?');
  await form.getByRole('button', { name: 'Publish result' }).click();
  await expect(page.getByText('Result published; 1 webhook delivery queued')).toBeVisible();

  const request = await webhookReceiver.waitForDelivery(questionnaire.id, 'Result Update');
  const payload = verifyWebhook(secret, request.body, request.headers);
  expect(payload).toMatchObject({
    project_uuid: questionnaire.id,
    callback_type: 'Result Update',
    interview_ref_num: irn,
    status: 'Under_Review',
    overall_evaluation: 'HR',
    is_admission: true,
    is_counter_measure: false,
    is_not_complete: false,
    summary: 'HR',
    summary_bgcolor: '#dc3545',
    questions_risk_rating: [{ sequence: '1', risk_level: 'HR', text: 'Have you ever shared a password?' }],
  });
  expect(payload).not.toHaveProperty('clear');
  // The delivery names the participant's current attempt by its access code.
  const { access_code: accessCode } = payload as { access_code: string };
  await expect(page.getByRole('table', { name: 'Attempts' })).toContainText(accessCode);

  // The page shows the stored result and, once the sender has recorded the answer, the delivery as sent.
  const deliveries = page.getByRole('table', { name: 'Webhook deliveries' });
  await expect(async () => {
    await page.reload();
    // The status badge reads as on the webhook page ("Delivered"); the header row names a "Delivered" column too,
    // so the row is found by its message id.
    const row = deliveries.getByRole('row').filter({ hasText: String(request.headers['webhook-id']) });
    await expect(row.getByText('Delivered', { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(deliveries).toContainText(String(request.headers['webhook-id']));
  await expect(page.getByText('Current result of attempt 1: Under_Review')).toBeVisible();
});
