// Re-enable and recover, end to end with the real dispatcher and a real receiver: the receiver answers 410
// Gone, so the first delivery gives up and the webhook is disabled; a result published meanwhile is not
// queued. The overview says the webhook is disabled; on the webhooks page the Admin recovers (a double
// click, guarded), sees how many were queued, and each missed delivery arrives once, the one that gave up
// with its original webhook-id.
import { expect, test } from './fixtures';
import { createParticipantViaApi, publishResultAsEngine, unique, type AdminApi } from './fixtures/admin-api';
import { ingestionTokenMissing } from './fixtures/credentials';
import { localReceiverUnavailable, startLocalReceiver, type TestReceiver } from './fixtures/local-receiver';
import type { APIRequestContext } from '@playwright/test';

// The receiver listens on a loopback address of this machine, and results are published as the assessment
// engine does, with its token.
const missing = [localReceiverUnavailable, ingestionTokenMissing].filter(Boolean).join('; ');
test.skip(missing !== '', missing);

let receiver: TestReceiver;
test.beforeAll(async () => {
  receiver = await startLocalReceiver(() => ({ status: 410, body: 'gone' }));
});
test.afterAll(async () => {
  await receiver.close();
});

/** A new participant of the questionnaire and its result, published as the assessment engine does. */
async function publishForNewParticipant(
  request: APIRequestContext,
  apiKey: string,
  questionnaireId: string,
  summary: string,
) {
  const created = await createParticipantViaApi(request, apiKey, {
    project_uuid: questionnaireId,
    interview_ref_num: unique('IRN'),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const published = await publishResultAsEngine(request, created.body.participant_uuid, {
    extra: { summary },
  });
  expect(published.status(), await published.text()).toBe(202);
}

const webhookOf = (adminApi: AdminApi, questionnaireId: string) =>
  adminApi.query<{ active: boolean; disabledReason: string | null }>('webhook.get', { questionnaireId });

test('a webhook disabled by 410 Gone is re-enabled in the browser and gets each missed delivery once', async ({
  page,
  adminApi,
  questionnaire,
  apiKey,
}) => {
  await adminApi.mutation('webhook.configure', { questionnaireId: questionnaire.id, url: receiver.url });
  const about = () =>
    receiver.requests.filter(
      (r) => (JSON.parse(r.body) as { project_uuid: string }).project_uuid === questionnaire.id,
    );

  await publishForNewParticipant(page.request, apiKey.key, questionnaire.id, 'gave up');
  await expect.poll(() => about().length).toBe(1);
  const gaveUpId = about()[0]!.headers['webhook-id'];
  await expect.poll(async () => (await webhookOf(adminApi, questionnaire.id)).active).toBe(false);
  // Published while disabled: not queued, nothing arrives.
  await publishForNewParticipant(page.request, apiKey.key, questionnaire.id, 'skipped');
  receiver.respond(() => ({ status: 200, body: 'ok' }));

  await page.goto(`/admin/questionnaires/${questionnaire.id}`);
  await expect(page.getByText('Result webhook disabled')).toBeVisible();
  await expect(page.getByText(/The endpoint answered 410 Gone/)).toBeVisible();
  await page.getByRole('link', { name: 'Re-enable and send what was missed' }).click();

  const panel = page.getByRole('region', { name: 'Re-enable and send what was missed since …' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Send what was missed since')).not.toHaveValue('');
  // A double click queues once.
  await panel.getByRole('button', { name: 'Re-enable and send' }).dblclick();
  await expect(
    page.getByRole('status').filter({ hasText: 'Recovery: 2 missed deliveries queued.' }),
  ).toBeVisible();
  await expect(page.getByText('Enabled', { exact: true }).first()).toBeVisible();

  await expect.poll(() => about().length).toBe(3);
  // Nothing more comes: each missed delivery arrived once.
  await page.waitForTimeout(2_000);
  const arrived = about().slice(1);
  expect(arrived).toHaveLength(2);
  const bySummary = new Map(arrived.map((r) => [(JSON.parse(r.body) as { summary: string }).summary, r]));
  expect([...bySummary.keys()].sort()).toEqual(['gave up', 'skipped']);
  expect(bySummary.get('gave up')!.headers['webhook-id']).toBe(gaveUpId);
  expect(bySummary.get('skipped')!.headers['webhook-id']).not.toBe(gaveUpId);
  // Nothing is left to recover: the panel is gone.
  await expect(panel).toHaveCount(0);
});
