// POST /v1/webhooks/recover (our extension) through the typed client on the REST door (the App Router route,
// or with REST_TEST_DOOR=fast the fast door): a key holding webhook:write re-enables its questionnaire's
// webhook and gets each missed delivery to a real receiver once; the scope, which only an Admin grants
// (a key passes it on only if it holds it); the documented refusals; the audit entry; the rate limit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAccessCode, randomToken } from '@/server/lib/secrets';
import { setApiKeyRateLimit } from '@/server/services/rate-limits';
import { publishResult } from '@/server/services/results';
import { configureWebhook } from '@/server/services/webhook-config';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { startTestReceiver, type TestReceiver } from '@/server/webhooks/test-receiver';
import { sampleResult, testSettings } from '@/server/webhooks/test-fixtures';
import { testDatabaseKinds } from '@/server/test/database';
import { testActor } from '@/server/test/actor';
import {
  createRestHarness,
  documentedClient,
  expectApiKeyError,
  expectParticipantError,
  keysPath,
  type RestHarness,
} from '@/server/test/rest-harness';

const settings = testSettings();
const RECOVER = '/v1/webhooks/recover';
const SINCE_MESSAGE = 'since is required and must be an RFC3339 date-time (e.g., 2024-01-15T10:30:00Z)';

describe.each(testDatabaseKinds())('POST /v1/webhooks/recover on %s', (kind) => {
  let h: RestHarness;
  let receiver: TestReceiver;

  beforeAll(async () => {
    h = await createRestHarness(kind);
    receiver = await startTestReceiver(() => ({ status: 410 }));
  });
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  /** A questionnaire with a webhook to the receiver, a participant, and a key holding `scopes`. */
  async function setup(scopes: Parameters<RestHarness['createKey']>[1] = ['webhook:write']) {
    const q = await h.seed();
    await configureWebhook(h.db.prisma, q.questionnaireId, { url: receiver.url }, { settings });
    const participantId = await createParticipant(q.questionnaireId);
    const key = await h.createKey(q.questionnaireId, scopes);
    return { q, participantId, key };
  }
  async function createParticipant(questionnaireId: string): Promise<string> {
    const participant = await h.db.prisma.participant.create({
      data: {
        questionnaireId,
        irn: `REC-${randomUUID().slice(0, 8)}`,
        attempts: { create: { number: 1, accessCode: generateAccessCode(), guideToken: randomToken(24) } },
      },
    });
    return participant.id;
  }
  const publish = (participantId: string, summary: string) =>
    publishResult(h.db.prisma, { participantId, result: sampleResult({ summary }), source: 'engine' });
  const flush = () => flushWebhooks(h.db.prisma, { settings });

  it('re-enables the webhook and queues each missed delivery once: 202 { queued }', async () => {
    const { q, participantId, key } = await setup();
    const since = new Date().toISOString();
    receiver.respond(() => ({ status: 410 }));
    await publish(participantId, 'gave up');
    await flush();
    // 410 Gone: the delivery gave up and the webhook is disabled; another participant's result is never queued.
    await publish(await createParticipant(q.questionnaireId), 'skipped');
    const endpoint = await h.db.prisma.webhookEndpoint.findFirstOrThrow({
      where: { questionnaireId: q.questionnaireId },
    });
    expect(endpoint.active).toBe(false);

    receiver.respond(() => ({ status: 200 }));
    const before = receiver.requests.length;
    const client = documentedClient(h, key.value);
    const first = await client.POST(RECOVER, { body: { since } });
    expect(first.response.status).toBe(202);
    expect(first.data).toEqual({ queued: 2 });
    const again = await client.POST(RECOVER, { body: { since } });
    expect(again.data).toEqual({ queued: 0 });
    await flush();
    const arrived = receiver.requests
      .slice(before)
      .map((r) => (JSON.parse(r.body) as { summary: string }).summary);
    expect(arrived.sort()).toEqual(['gave up', 'skipped']);

    // A result that gave up and was then updated while the webhook was disabled: only the update is sent.
    receiver.respond(() => ({ status: 410 }));
    await publish(participantId, 'gave up again');
    await flush();
    await publish(participantId, 'updated while disabled');
    receiver.respond(() => ({ status: 200 }));
    const beforeUpdate = receiver.requests.length;
    expect((await client.POST(RECOVER, { body: { since } })).data).toEqual({ queued: 1 });
    await flush();
    expect(
      receiver.requests.slice(beforeUpdate).map((r) => (JSON.parse(r.body) as { summary: string }).summary),
    ).toEqual(['updated while disabled']);

    const audit = await h.db.prisma.auditLog.findMany({
      where: { action: 'webhook.recover', questionnaireId: q.questionnaireId },
    });
    expect(audit.map((a) => [a.actorType, a.actorId])).toEqual([
      ['api_key', key.id],
      ['api_key', key.id],
      ['api_key', key.id],
    ]);
  });

  it('refuses a key without webhook:write with the participant error body', async () => {
    const { key } = await setup(['participant:read', 'participant:write', 'apikey:write', 'apikey:delete']);
    const res = await h.call('POST', RECOVER, { key: key.value, body: { since: '2026-01-01T00:00:00Z' } });
    expectParticipantError(res, 403, 'FORBIDDEN', 'Invalid API key scope');
    const none = await h.call('POST', RECOVER, { key: null, body: { since: '2026-01-01T00:00:00Z' } });
    expectParticipantError(none, 401, 'UNAUTHORIZED', 'API key is required');
  });

  it('refuses a missing or invalid since, and answers 404 without a webhook', async () => {
    const { key } = await setup();
    for (const body of [{}, { since: 'yesterday' }, { since: '2026-02-30T00:00:00Z' }, { since: 5 }]) {
      const res = await h.call('POST', RECOVER, { key: key.value, body });
      expectParticipantError(res, 400, 'BAD_REQUEST', SINCE_MESSAGE);
    }
    const bare = await h.seed();
    const bareKey = await h.createKey(bare.questionnaireId, ['webhook:write']);
    const res = await h.call('POST', RECOVER, {
      key: bareKey.value,
      body: { since: '2026-01-01T00:00:00Z' },
    });
    expectParticipantError(res, 404, 'NOT_FOUND', 'This questionnaire has no webhook yet');
  });

  it('a key mints a webhook:write key only if it holds webhook:write itself', async () => {
    const { q } = await setup();
    const without = await h.createKey(q.questionnaireId, ['apikey:write', 'participant:write']);
    const mint = (key: string) =>
      h.call('POST', keysPath(q), { key, body: { key_name: 'recoverer', scopes: ['webhook:write'] } });
    expectApiKeyError(await mint(without.value), 403, 'You are not authorized to perform this operation');
    const holder = await h.createKey(q.questionnaireId, ['apikey:write', 'webhook:write']);
    const minted = await mint(holder.value);
    expect(minted.status).toBe(201);
    expect(minted.body.scopes).toEqual(['webhook:write']);
    const child = await h.call('POST', RECOVER, {
      key: minted.body.api_key as string,
      body: { since: new Date().toISOString() },
    });
    expect(child.status).toBe(202);
  });

  it('is rate limited like every endpoint', async () => {
    const { key } = await setup();
    await setApiKeyRateLimit(h.db.prisma, { keyId: key.id, perMinute: 1 }, testActor);
    const body = { since: new Date().toISOString() };
    expect((await h.call('POST', RECOVER, { key: key.value, body })).status).toBe(202);
    const limited = await h.call('POST', RECOVER, { key: key.value, body });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'TOO_MANY_REQUESTS', status: 429 });
  });
});
