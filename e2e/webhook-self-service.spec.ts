// docs/integration.md's "Steer your webhooks by API", step by step, as the customer's developer runs it: the
// curl commands as fetch calls against the running server, with a key an Admin granted webhook:write and a
// receiver this test starts on a loopback address (it decides when the receiver fails), verifying each delivery with the
// `standardwebhooks` verifier.
import { Webhook } from 'standardwebhooks';
import { expect, test } from './fixtures';
import { unique } from './fixtures/admin-api';
import { localReceiverUnavailable, startLocalReceiver, type TestReceiver } from './fixtures/local-receiver';

// The receiver listens on a loopback address of this machine (E2E_WEBHOOK_RECEIVER_HOST against a deployment).
test.skip(localReceiverUnavailable !== null, localReceiverUnavailable ?? '');

let receiver: TestReceiver;
test.beforeAll(async () => {
  receiver = await startLocalReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

test('a developer steers their webhook by API, following docs/integration.md', async ({
  adminApi,
  questionnaire,
  baseURL,
}) => {
  // The Admin grants the key webhook:write (Admin app, API keys page).
  const { key } = await adminApi.mutation<{ key: string }>('apiKey.create', {
    questionnaireId: questionnaire.id,
    name: unique('E2E webhook steering'),
    scopes: ['webhook:write'],
  });
  const B = `${baseURL}/questionnaire`;
  /** curl -s -X <method> $B<path> -H "Authorization: $KEY" [-H 'Content-Type: application/json' -d <body>] */
  const curl = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${B}${path}`, {
      method,
      headers: {
        authorization: key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  /** The next request the receiver gets, from the count it had before. */
  const nextArrival = async (before: number) => (await receiver.waitFor(before + 1, 10_000))[before]!;
  const deliveryOf = (e: string, d: string) => curl('GET', `/v1/webhooks/endpoints/${e}/deliveries/${d}`);
  const settledState = async (e: string, d: string) => {
    let state = '';
    await expect
      .poll(async () => {
        state = (await deliveryOf(e, d)).body.state as string;
        return state === 'pending' || state === 'retrying';
      })
      .toBe(false);
    return state;
  };

  // 1. Your endpoint and its state (none yet)
  expect(await curl('GET', '/v1/webhooks/endpoints')).toEqual({ status: 200, body: { endpoints: [] } });

  // 2. Create it: the signing secret is in this answer, and only here
  const created = await curl('POST', '/v1/webhooks/endpoints', { url: receiver.url });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ url: receiver.url, state: 'healthy' });
  const secret = created.body.secret as string;
  expect(secret).toMatch(/^whsec_/);
  const E = created.body.id as string;
  const listed = await curl('GET', '/v1/webhooks/endpoints');
  expect(listed.body.endpoints).toHaveLength(1);
  expect(JSON.stringify(listed.body)).not.toContain(secret);

  // 3. Send a signed test event, then read its delivery
  let before = receiver.requests.length;
  const test1 = await curl('POST', `/v1/webhooks/endpoints/${E}/test`);
  expect(test1.status).toBe(202);
  expect(test1.body).toMatchObject({ event_type: 'webhook.test', test: true });
  const arrived = await nextArrival(before);
  const verified = new Webhook(secret).verify(arrived.body, arrived.headers as Record<string, string>);
  expect(verified).toMatchObject({ callback_type: 'Test', project_uuid: questionnaire.id });
  expect(await settledState(E, test1.body.id as string)).toBe('succeeded');
  const read = await deliveryOf(E, test1.body.id as string);
  expect(read.body.attempts).toEqual([
    expect.objectContaining({ status_code: 200, error: null, duration_ms: expect.any(Number) }),
  ]);

  // 4. The delivery log: a test event the receiver refuses is failed at once (tests are tried once)
  receiver.respond(() => ({ status: 503, body: 'down' }));
  before = receiver.requests.length;
  const test2 = await curl('POST', `/v1/webhooks/endpoints/${E}/test`);
  await nextArrival(before);
  expect(await settledState(E, test2.body.id as string)).toBe('failed');
  const failedOnes = await curl('GET', `/v1/webhooks/endpoints/${E}/deliveries?state=failed&limit=20`);
  expect(failedOnes.body).toMatchObject({ next_cursor: null, has_more: false });
  expect((failedOnes.body.deliveries as { id: string }[]).map((d) => d.id)).toEqual([test2.body.id]);
  const log = await curl('GET', `/v1/webhooks/endpoints/${E}/deliveries`);
  expect((log.body.deliveries as { id: string }[]).map((d) => d.id)).toEqual([test2.body.id, test1.body.id]);

  // 5. Retry one now: sent again with its webhook-id
  receiver.respond(() => ({ status: 200, body: 'ok' }));
  before = receiver.requests.length;
  const retried = await curl('POST', `/v1/webhooks/endpoints/${E}/deliveries/${test2.body.id}/retry`);
  expect(retried.status).toBe(202);
  const again = await nextArrival(before);
  expect(again.headers['webhook-id']).toBe(test2.body.message_id);
  expect(await settledState(E, test2.body.id as string)).toBe('succeeded');

  // 6. Rotate the signing secret: both sign during the overlap; then end the overlap
  const rotated = await curl('POST', `/v1/webhooks/endpoints/${E}/secret/rotate`, { overlap_hours: 24 });
  expect(rotated.status).toBe(200);
  const newSecret = rotated.body.secret as string;
  expect(newSecret).not.toBe(secret);
  before = receiver.requests.length;
  await curl('POST', `/v1/webhooks/endpoints/${E}/test`);
  const during = await nextArrival(before);
  for (const s of [secret, newSecret])
    expect(new Webhook(s).verify(during.body, during.headers as Record<string, string>)).toBeTruthy();
  const ended = await curl('POST', `/v1/webhooks/endpoints/${E}/secret/end-overlap`);
  expect(ended.body.previous_secret_expires_at).toBeNull();
  before = receiver.requests.length;
  await curl('POST', `/v1/webhooks/endpoints/${E}/test`);
  const after = await nextArrival(before);
  expect(new Webhook(newSecret).verify(after.body, after.headers as Record<string, string>)).toBeTruthy();
  expect(() => new Webhook(secret).verify(after.body, after.headers as Record<string, string>)).toThrow();

  // 7. Move it to another URL
  const moved = await curl('PATCH', `/v1/webhooks/endpoints/${E}`, { url: `${receiver.url}/v2` });
  expect(moved.body).toMatchObject({ url: `${receiver.url}/v2` });
  before = receiver.requests.length;
  await curl('POST', `/v1/webhooks/endpoints/${E}/test`);
  expect((await nextArrival(before)).path).toBe('/hook/v2');

  // 8. Archive it: nothing more is sent; its delivery log is kept
  expect(await curl('DELETE', `/v1/webhooks/endpoints/${E}`)).toEqual({
    status: 200,
    body: { id: E, removal: 'archived' },
  });
  expect((await curl('GET', '/v1/webhooks/endpoints')).body).toEqual({ endpoints: [] });
});
