// A result the assessment engine publishes reaches the customer's receiver by itself (no cron call: the
// dispatcher is woken at commit), and the delivery log shows the id of the request that published it.
import { expect, test } from './fixtures';
import { createParticipantViaApi, publishResultAsEngine, unique } from './fixtures/admin-api';
import { ingestionTokenMissing } from './fixtures/credentials';
import { localReceiverUnavailable, startLocalReceiver, type TestReceiver } from './fixtures/local-receiver';

// The receiver listens on a loopback address of this machine, and results are published as the assessment
// engine does, with its token.
const missing = [localReceiverUnavailable, ingestionTokenMissing].filter(Boolean).join('; ');
test.skip(missing !== '', missing);

let receiver: TestReceiver;
test.beforeAll(async () => {
  receiver = await startLocalReceiver(() => ({ status: 200, body: 'received' }));
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
  const published = await publishResultAsEngine(page.request, created.body.participant_uuid, {
    headers: { 'X-Request-Id': requestId },
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
