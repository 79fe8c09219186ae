// A result the assessment engine publishes reaches the customer's receiver by itself (no cron call: the
// dispatcher is woken at commit), and the delivery log shows the id of the request that published it.
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';
import { startTestReceiver, type TestReceiver } from '../server/webhooks/test-receiver';
import { e2eInternalApiToken } from './fixtures/credentials';

// The receiver listens on this machine, and the engine's token is the one the local server was started with.
test.skip(!!process.env.BASE_URL, 'needs the local server, which can reach a receiver on 127.0.0.1');

let receiver: TestReceiver;
test.beforeAll(async () => {
  receiver = await startTestReceiver(() => ({ status: 200, body: 'received' }));
});
test.afterAll(async () => {
  await receiver.close();
});

test('a published result is delivered at once and its request id appears in the delivery log', async ({
  page,
  adminApi,
  questionnaire,
  apiKey,
}) => {
  await adminApi.mutation('webhook.configure', { questionnaireId: questionnaire.id, url: receiver.url });
  const created = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaire.id,
    interview_ref_num: unique('IRN'),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);

  const requestId = unique('engine-run').replace(/\s+/g, '-');
  const before = receiver.requests.length;
  const published = await page.request.post('/api/internal/results', {
    headers: { Authorization: `Bearer ${e2eInternalApiToken}`, 'X-Request-Id': requestId },
    data: {
      participant_uuid: created.body.participant_uuid,
      status: 'Result Published',
      questions_risk_rating: [{ sequence: '1', risk_level: 'LR', text: 'Question' }],
      overall_evaluation: 'LR',
      is_admission: false,
      is_counter_measure: false,
      is_not_complete: false,
    },
  });
  expect(published.status(), await published.text()).toBe(202);
  const [delivered] = (await receiver.waitFor(before + 1, 5_000)).slice(before);
  expect(JSON.parse(delivered!.body)).toMatchObject({ interview_ref_num: created.body.interview_ref_num });

  await page.goto(`/admin/questionnaires/${questionnaire.id}/webhooks`);
  const row = page
    .getByRole('table', { name: 'Webhook deliveries' })
    .getByRole('row')
    .filter({ hasText: 'Result update' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Delivered')).toBeVisible();
  await expect(row.getByText(`Request ${requestId}`)).toBeVisible();
});
