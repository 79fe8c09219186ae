// POST /v1/webhooks/recover (our extension) through the typed client on the REST door
// (the fast door by default, the App Router route with REST_TEST_DOOR=route): a key holding webhook:write re-enables its questionnaire's
// webhook and gets each missed delivery to a real receiver once; the scope, which only an Admin grants
// (a key passes it on only if it holds it); the documented refusals; the audit entry; the rate limit.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateAccessCode, randomToken } from '@/server/platform/lib/secrets';
import { setApiKeyRateLimit } from '@/server/api-keys/rate-limits';
import { publishResult } from '@/server/results/results';
import { configureWebhook, setWebhookActive } from '@/server/webhooks/config';
import { PAUSED_BY_ADMIN } from '@/server/webhooks/recovery-limits';
import { pruneHistory, retentionFromEnv } from '@/server/data-lifecycle/prune';
import { env } from '@/server/platform/env';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { useBlockTestReceiver } from '@/server/test/webhook-database';
import { sampleResult, testSettings } from '@/server/test/webhook-fixtures';
import { testDatabaseKinds } from '@/server/test/database';
import { testActor } from '@/server/test/actor';
import {
  documentedClient,
  expectApiKeyError,
  expectParticipantError,
  keysPath,
  useRestHarness,
  type RestHarness,
} from '@/server/test/rest-harness';

const settings = testSettings();
const RECOVER = '/v1/webhooks/recover';
const SINCE_MESSAGE = 'since is required and must be an RFC3339 date-time (e.g., 2024-01-15T10:30:00Z)';
const DAY = 24 * 60 * 60 * 1000;
const RETENTION = retentionFromEnv(env);

describe.each(testDatabaseKinds())('POST /v1/webhooks/recover on %s', (kind) => {
  const h = useRestHarness(kind);
  const receiver = useBlockTestReceiver(() => ({ status: 410 }));

  /** A questionnaire with a webhook to the receiver, a participant, and a key holding `scopes`. */
  async function setup(scopes: Parameters<RestHarness['createKey']>[1] = ['webhook:write']) {
    const q = await h.seed();
    await configureWebhook(h.db.prisma, q.questionnaireId, { url: receiver().url }, { settings });
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
  const flush = (now?: Date) => flushWebhooks(h.db.prisma, { settings, ...(now ? { now: () => now } : {}) });
  const endpointOf = (questionnaireId: string) =>
    h.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { questionnaireId } });
  const summariesSince = (from: number) =>
    receiver()
      .requests.slice(from)
      .map((r) => (JSON.parse(r.body) as { summary: string }).summary);

  it('re-enables the webhook and queues each missed delivery once: 202 { queued }', async () => {
    const { q, participantId, key } = await setup();
    const since = new Date().toISOString();
    receiver().respond(() => ({ status: 410 }));
    await publish(participantId, 'gave up');
    await flush();
    // 410 Gone: the delivery gave up and the webhook is disabled; another participant's result is never queued.
    await publish(await createParticipant(q.questionnaireId), 'skipped');
    const endpoint = await h.db.prisma.webhookEndpoint.findFirstOrThrow({
      where: { questionnaireId: q.questionnaireId },
    });
    expect(endpoint.active).toBe(false);

    receiver().respond(() => ({ status: 200 }));
    const before = receiver().requests.length;
    const client = documentedClient(h, key.value);
    const first = await client.POST(RECOVER, { body: { since } });
    expect(first.response.status).toBe(202);
    expect(first.data).toEqual({ queued: 2, has_more: false });
    const again = await client.POST(RECOVER, { body: { since } });
    expect(again.data).toEqual({ queued: 0, has_more: false });
    await flush();
    const arrived = receiver()
      .requests.slice(before)
      .map((r) => (JSON.parse(r.body) as { summary: string }).summary);
    expect(arrived.sort()).toEqual(['gave up', 'skipped']);

    // A result that gave up and was then updated while the webhook was disabled: only the update is sent.
    receiver().respond(() => ({ status: 410 }));
    await publish(participantId, 'gave up again');
    await flush();
    await publish(participantId, 'updated while disabled');
    receiver().respond(() => ({ status: 200 }));
    const beforeUpdate = receiver().requests.length;
    expect((await client.POST(RECOVER, { body: { since } })).data).toEqual({ queued: 1, has_more: false });
    await flush();
    expect(
      receiver()
        .requests.slice(beforeUpdate)
        .map((r) => (JSON.parse(r.body) as { summary: string }).summary),
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

  it('a key cannot lift an Admin’s pause: 409 in the error shape, nothing sent or changed', async () => {
    const { q, participantId, key } = await setup();
    const since = new Date().toISOString();
    receiver().respond(() => ({ status: 200 }));
    await setWebhookActive(h.db.prisma, q.questionnaireId, false, { actor: testActor });
    await publish(participantId, 'held back by the Admin');
    // A delivery that gave up before the pause is held back too.
    const paused = await endpointOf(q.questionnaireId);
    const deliveriesBefore = await h.db.prisma.webhookDelivery.findMany({
      where: { webhookId: paused.id },
      orderBy: { id: 'asc' },
    });
    const sent = receiver().requests.length;

    const res = await h.call('POST', RECOVER, { key: key.value, body: { since } });
    expectParticipantError(res, 409, 'CONFLICT', PAUSED_BY_ADMIN);
    expect(await endpointOf(q.questionnaireId)).toEqual(paused);
    expect(
      await h.db.prisma.webhookDelivery.findMany({ where: { webhookId: paused.id }, orderBy: { id: 'asc' } }),
    ).toEqual(deliveriesBefore);
    expect(
      await h.db.prisma.auditLog.count({
        where: { action: 'webhook.recover', questionnaireId: q.questionnaireId },
      }),
    ).toBe(0);
    await flush();
    expect(receiver().requests.length).toBe(sent);

    // The Admin's own enable lifts it (the Admin app asks whether to send what was missed); a later automatic
    // disable (410 Gone) is the key's to recover again.
    await setWebhookActive(h.db.prisma, q.questionnaireId, true, { actor: testActor });
    receiver().respond(() => ({ status: 410 }));
    await publish(participantId, 'gone');
    await flush();
    expect(await endpointOf(q.questionnaireId)).toMatchObject({ active: false, pausedByAdmin: false });
    receiver().respond(() => ({ status: 200 }));
    const recovered = await h.call('POST', RECOVER, { key: key.value, body: { since } });
    expect(recovered.status).toBe(202);
    expect(recovered.body).toEqual({ queued: 1, has_more: false });
    const before = receiver().requests.length;
    await flush();
    expect(summariesSince(before)).toEqual(['gone']);
  });

  it('a key re-enables a webhook disabled after days of failures', async () => {
    const { q, participantId, key } = await setup();
    const since = new Date().toISOString();
    receiver().respond(() => ({ status: 503 }));
    await publish(participantId, 'while failing');
    await flush();
    // Six days on, the retry fails too: every attempt failed for longer than WEBHOOK_DISABLE_AFTER_DAYS.
    await flush(new Date(Date.now() + 6 * DAY));
    const disabled = await endpointOf(q.questionnaireId);
    expect(disabled).toMatchObject({ active: false, pausedByAdmin: false });
    expect(disabled.disabledReason).toMatch(/^Every delivery attempt failed since /);

    receiver().respond(() => ({ status: 200 }));
    const res = await h.call('POST', RECOVER, { key: key.value, body: { since } });
    expect(res.status).toBe(202);
    expect(await endpointOf(q.questionnaireId)).toMatchObject({ active: true, disabledReason: null });
  });

  it('never sends a revision again that was delivered before retention removed its delivery', async () => {
    const { q, participantId, key } = await setup();
    const since = new Date(Date.now() - 1000).toISOString();
    receiver().respond(() => ({ status: 200 }));
    const others = [await createParticipant(q.questionnaireId), await createParticipant(q.questionnaireId)];
    await publish(participantId, 'delivered, then updated');
    for (const other of others) await publish(other, 'delivered once');
    await flush();
    expect(summariesSince(0).filter((s) => s === 'delivered once')).toHaveLength(2);
    const webhook = await endpointOf(q.questionnaireId);

    // Retention runs a month and more later: the deliveries leave, and the attempts' month partition with them.
    await pruneHistory(h.db.prisma, RETENTION, { now: new Date(Date.now() + 41 * DAY) });
    expect(await h.db.prisma.webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(0);

    // Disabled by a 410 Gone; meanwhile one result is updated (that revision was never delivered).
    receiver().respond(() => ({ status: 410 }));
    await publish(participantId, 'gave up');
    await flush();
    expect(await endpointOf(q.questionnaireId)).toMatchObject({ active: false });
    await publish(participantId, 'updated while disabled');

    receiver().respond(() => ({ status: 200 }));
    const before = receiver().requests.length;
    const res = await h.call('POST', RECOVER, { key: key.value, body: { since } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: 1, has_more: false });
    await flush();
    expect(summariesSince(before)).toEqual(['updated while disabled']);
    // Once delivered and pruned again, it is not sent again either.
    await pruneHistory(h.db.prisma, RETENTION, { now: new Date(Date.now() + 41 * DAY) });
    const again = await h.call('POST', RECOVER, { key: key.value, body: { since } });
    expect(again.body).toEqual({ queued: 0, has_more: false });
    await flush();
    expect(receiver().requests.length).toBe(before + 1);
  });
});
