import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { PrismaClient } from '@/server/generated/prisma/client.ts';
import { PrismaPg } from '@prisma/adapter-pg';
import { revealSigningSecret, rotateSigningSecret } from '@/server/webhooks/config';
import { getDelivery } from '@/server/webhooks/delivery-log';
import { replayDelivery, replayFailedSince } from '@/server/webhooks/replay';
import { sendTestEvent } from '@/server/webhooks/test-event';
import { claimDueDeliveries, flushWebhooks, type FlushOptions } from './dispatcher';
import { verifyWebhook } from './signing';
import { createSecretBox } from '../platform/crypto/secret-box';
import { RETRY_DELAYS_MS } from './retry-schedule';
import { startTestReceiver, type TestReceiver } from '../test/webhook-receiver';
import { sampleResult, testHealthPolicy, testSettings } from '../test/webhook-fixtures';
import { useWebhookTestBed } from '../test/webhook-database';

/** A flush that sent the one due delivery, which the receiver took. */
const SENT_ONE = { claimed: 1, succeeded: 1, retried: 0, failed: 0 };

describe.each(testDatabaseKinds())('webhook dispatcher (%s)', (kind) => {
  let db: TestDatabase;
  const bed = useWebhookTestBed(kind);
  beforeEach(() => {
    db = bed.db();
  });
  const { receiver, publish, addParticipant, settings } = bed;
  /** A questionnaire whose webhook points at `url`, with one participant. */
  const setup = bed.seedWebhook;
  const flush = (at: Date, options: FlushOptions = {}) =>
    flushWebhooks(db.prisma, { settings, now: () => at, timeoutMs: 2_000, ...options });
  /** Nothing is sent at `early`; at `due` the one delivery is sent, and the receiver takes it. */
  const expectSentOnlyOnceDue = async (hook: TestReceiver, early: Date, due: Date) => {
    const before = hook.requests.length;
    expect(await flush(early)).toMatchObject({ claimed: 0 });
    expect(hook.requests).toHaveLength(before);
    expect(await flush(due)).toEqual(SENT_ONE);
    expect(hook.requests).toHaveLength(before + 1);
  };
  /**
   * One result each for three participants of the questionnaire: three deliveries that are all sent (newer
   * revisions of one participant would supersede the older ones, docs/webhooks.md).
   */
  const publishForThreeParticipants = async (questionnaireId: string, now: Date) => {
    for (let i = 0; i < 3; i++) await publish((await addParticipant(questionnaireId)).participantId, now);
  };

  it('delivers a published result signed per Standard Webhooks, verifiable with the secret', async () => {
    const hook = await receiver();
    const { questionnaireId, participantId, irn, accessCode, secret } = await setup(hook.url);
    const now = new Date();
    const published = await publish(participantId, now);
    expect(published.deliveryIds).toHaveLength(1);

    expect(await flush(now)).toEqual(SENT_ONE);
    expect(hook.requests).toHaveLength(1);
    const [request] = hook.requests;
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const verified = verifyWebhook(secret, request!.body, request!.headers);
    expect(verified).toEqual({
      project_uuid: questionnaireId,
      callback_type: 'Result Update',
      access_code: accessCode,
      interview_ref_num: irn,
      // The published result as it was sent, and the participant's language.
      ...sampleResult(),
      participant_language: 'German',
      timestamp: now.toISOString().replace(/\.\d{3}Z$/, (ms) => (ms === '.000Z' ? 'Z' : ms)),
    });
    // The spec's field order, as customers read it in examples.
    expect(Object.keys(JSON.parse(request!.body) as object).slice(0, 4)).toEqual([
      'project_uuid',
      'callback_type',
      'access_code',
      'interview_ref_num',
    ]);
    // A forged body does not verify.
    expect(() => verifyWebhook(secret, request!.body.replace('HR', 'LR'), request!.headers)).toThrow();

    const delivery = await getDelivery(db.prisma, questionnaireId, published.deliveryIds[0]!);
    expect(request!.headers['webhook-id']).toBe(delivery.messageId);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 1, lastStatusCode: 200 });
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ statusCode: 200, responseSnippet: 'ok', error: null }),
    ]);
    expect(await flush(now)).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
  });

  it('omits summary, summary_bgcolor and clear when the result has none', async () => {
    const hook = await receiver();
    const { participantId, secret } = await setup(hook.url);
    const now = new Date();
    await publish(participantId, now, {
      status: 'Attempted - Incomplete',
      summary: undefined,
      summary_bgcolor: undefined,
      clear: undefined,
    });
    await flush(now);
    const body = verifyWebhook(secret, hook.requests[0]!.body, hook.requests[0]!.headers) as object;
    expect(body).toMatchObject({ status: 'Attempted - Incomplete' });
    expect(Object.keys(body)).not.toContain('summary');
    expect(Object.keys(body)).not.toContain('summary_bgcolor');
    expect(Object.keys(body)).not.toContain('clear');
  });

  it('retries a delivery the receiver answered 500, later, with the same webhook-id', async () => {
    const hook = await receiver((_req, index) =>
      index === 0 ? { status: 500, body: 'boom' } : { status: 204 },
    );
    const { participantId, questionnaireId } = await setup(hook.url);
    const t0 = new Date();
    const { deliveryIds } = await publish(participantId, t0);

    expect(await flush(t0)).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
    const waiting = await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0]! } });
    const wait = waiting.nextAttemptAt.getTime() - t0.getTime();
    expect(wait).toBeGreaterThanOrEqual(4_000);
    expect(wait).toBeLessThanOrEqual(6_000);
    await expectSentOnlyOnceDue(hook, new Date(t0.getTime() + 3_000), new Date(t0.getTime() + 6_001));
    expect(hook.requests[1]!.headers['webhook-id']).toBe(hook.requests[0]!.headers['webhook-id']);
    const delivery = await getDelivery(db.prisma, questionnaireId, deliveryIds[0]!);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a) => [a.statusCode, a.responseSnippet])).toEqual([
      [204, ''],
      [500, 'boom'],
    ]);
  });

  it('follows the retry schedule, each wait lengthened by up to 10 %, then marks the delivery failed', async () => {
    const hook = await receiver(() => ({ status: 503 }));
    const { participantId } = await setup(hook.url);
    let now = new Date();
    const { deliveryIds } = await publish(participantId, now);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      expect(await flush(now)).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
      const row = await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0]! } });
      waits.push(row.nextAttemptAt.getTime() - now.getTime());
      now = row.nextAttemptAt;
    }
    expect(await flush(now)).toEqual({ claimed: 1, succeeded: 0, retried: 0, failed: 1 });
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i]!);
      expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[i]! * 1.1);
    });
    expect(hook.requests).toHaveLength(8);
    const row = await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0]! } });
    expect(row).toMatchObject({ status: 'failed', attemptCount: 8, lastStatusCode: 503 });
    expect(await flush(new Date(now.getTime() + 86_400_000))).toMatchObject({ claimed: 0 });
  });

  it('gives up on a receiver that does not answer within the timeout, and retries later', async () => {
    const hook = await receiver(() => ({ status: 200, delayMs: 3_000 }));
    const { participantId, questionnaireId } = await setup(hook.url);
    const now = new Date();
    const { deliveryIds } = await publish(participantId, now);
    const started = Date.now();
    expect(await flush(now, { timeoutMs: 300 })).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
    expect(Date.now() - started).toBeLessThan(2_500);
    const delivery = await getDelivery(db.prisma, questionnaireId, deliveryIds[0]!);
    expect(delivery.status).toBe('pending');
    expect(delivery.attempts[0]).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(/Timed out after 300 ms/),
    });
    expect(delivery.attempts[0]!.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('records a receiver that is down and retries later', async () => {
    const down = await startTestReceiver();
    const url = down.url;
    await down.close();
    const { participantId, questionnaireId } = await setup(url);
    const now = new Date();
    const { deliveryIds } = await publish(participantId, now);
    expect(await flush(now)).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
    const delivery = await getDelivery(db.prisma, questionnaireId, deliveryIds[0]!);
    expect(delivery).toMatchObject({
      status: 'pending',
      lastStatusCode: null,
      lastError: expect.stringMatching(/Connection refused/),
    });
  });

  it('disables the webhook when the receiver answers 410 Gone, and queues nothing for it afterwards', async () => {
    const hook = await receiver(() => ({ status: 410, body: 'gone' }));
    const { participantId, questionnaireId } = await setup(hook.url);
    const now = new Date();
    await publish(participantId, now);
    expect(await flush(now)).toEqual({ claimed: 1, succeeded: 0, retried: 0, failed: 1 });
    const webhook = await db.prisma.webhookEndpoint.findFirstOrThrow({ where: { questionnaireId } });
    expect(webhook).toMatchObject({ active: false, disabledReason: 'The endpoint answered 410 Gone' });
    // The disable is audited as the system's, like every other change of a webhook's state.
    const audit = await db.prisma.auditLog.findMany({
      where: { targetId: webhook.id, action: 'webhook.disable' },
    });
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: 'system',
        actorId: null,
        targetType: 'webhook',
        questionnaireId,
        tenantId: (await db.prisma.questionnaire.findUniqueOrThrow({ where: { id: questionnaireId } }))
          .tenantId,
        details: { automatic: true, reason: 'The endpoint answered 410 Gone' },
      }),
    ]);
    const again = await publish(participantId, now, { status: 'Under_Review' });
    expect(again.deliveryIds).toEqual([]);
    expect(await flush(new Date(now.getTime() + 86_400_000))).toMatchObject({ claimed: 0 });
    expect(hook.requests).toHaveLength(1);
  });

  it('sends a delivery whose flusher died mid-send once its lease has expired, never losing it', async () => {
    const hook = await receiver();
    const { participantId, questionnaireId } = await setup(hook.url);
    const now = new Date();
    const { deliveryIds } = await publish(participantId, now);
    // The dying flusher claims and is never heard of again.
    expect(
      await claimDueDeliveries(db.prisma, { now: () => now, flusherId: 'dead-flusher', leaseMs: 60_000 }),
    ).toEqual(deliveryIds);
    await expectSentOnlyOnceDue(hook, new Date(now.getTime() + 30_000), new Date(now.getTime() + 60_001));
    const delivery = await getDelivery(db.prisma, questionnaireId, deliveryIds[0]!);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a) => a.error ?? a.statusCode)).toEqual(
      expect.arrayContaining([200, expect.stringMatching(/dead-flusher stopped before finishing/)]),
    );
    expect(delivery.attempts).toHaveLength(2);
  });

  it('replays a failed delivery with the same webhook-id, and all failed ones since a time', async () => {
    const hook = await receiver(() => ({ status: 500 }));
    const { participantId, questionnaireId } = await setup(hook.url);
    // Two participants: a newer revision of the same participant would supersede the first (docs/webhooks.md).
    const other = await addParticipant(questionnaireId);
    let now = new Date();
    const first = await publish(participantId, now);
    const second = await publish(other.participantId, now, { status: 'Under_Review' });
    for (let i = 0; i < 8; i++) {
      // Every delivery on its own retry schedule: no breaker here (endpoint-health.test.ts has it).
      await flush(now, { health: testHealthPolicy({ breakerFailures: 1_000 }) });
      now = new Date(now.getTime() + 13 * 3_600_000); // beyond the longest wait, 10 h + 10 %
    }
    const failed = await db.prisma.webhookDelivery.findMany({ where: { webhook: { questionnaireId } } });
    expect(failed.map((d) => d.status)).toEqual(['failed', 'failed']);
    expect(hook.requests).toHaveLength(16);

    hook.respond(() => ({ status: 200 }));
    await replayDelivery(db.prisma, questionnaireId, first.deliveryIds[0]!, { now });
    expect(await flush(now)).toEqual(SENT_ONE);
    const replayed = hook.requests.at(-1)!;
    const original = await db.prisma.webhookDelivery.findUniqueOrThrow({
      where: { id: first.deliveryIds[0]! },
    });
    expect(replayed.headers['webhook-id']).toBe(original.messageId);
    expect(original.status).toBe('succeeded');

    expect(await replayFailedSince(db.prisma, questionnaireId, new Date(now.getTime() + 1), { now })).toBe(0);
    expect(await replayFailedSince(db.prisma, questionnaireId, new Date(0), { now })).toBe(1);
    expect(await flush(now)).toEqual(SENT_ONE);
    const second1 = await getDelivery(db.prisma, questionnaireId, second.deliveryIds[0]!);
    expect(second1.status).toBe('succeeded');
    expect(second1.attempts).toHaveLength(9);
  });

  it('signs with the old and the new secret for 24 hours after a rotation', async () => {
    const hook = await receiver();
    const { participantId, questionnaireId, secret: oldSecret } = await setup(hook.url);
    const now = new Date();
    const { secret: newSecret } = await rotateSigningSecret(db.prisma, questionnaireId, { settings, now });
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(await revealSigningSecret(db.prisma, questionnaireId, { settings })).toBe(newSecret);

    await publish(participantId, now);
    await flush(now);
    const during = hook.requests[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verifyWebhook(newSecret, during.body, during.headers)).not.toThrow();
    expect(() => verifyWebhook(oldSecret, during.body, during.headers)).not.toThrow();

    const later = new Date(now.getTime() + 24 * 3_600_000 + 1_000);
    await publish(participantId, later);
    await flush(later);
    const after = hook.requests[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => verifyWebhook(newSecret, after.body, after.headers)).not.toThrow();
    expect(() => verifyWebhook(oldSecret, after.body, after.headers)).toThrow();
  });

  it('adds the static header the customer configured', async () => {
    const hook = await receiver();
    const { participantId } = await setup(hook.url, {
      authType: 'header',
      headerName: 'X-Api-Key',
      headerValue: 'customer-key-123',
    });
    const now = new Date();
    await publish(participantId, now);
    await flush(now);
    expect(hook.requests[0]!.headers['x-api-key']).toBe('customer-key-123');
    const stored = await db.prisma.webhookEndpoint.findFirstOrThrow({
      where: { authHeaderName: 'X-Api-Key' },
    });
    expect(stored.authHeaderValueEncrypted).not.toContain('customer-key-123');
  });

  it('fetches an OAuth2 client-credentials token, caches it, and sends it as a Bearer token', async () => {
    const tokenServer = await receiver(() => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: 'token-abc', token_type: 'Bearer', expires_in: 3600 }),
    }));
    const hook = await receiver();
    const { participantId, questionnaireId } = await setup(hook.url, {
      authType: 'oauth2',
      tokenUrl: tokenServer.url,
      clientId: 'client-1',
      clientSecret: 'client-secret-1',
      audience: 'https://api.customer.example',
      scope: 'results:write',
    });
    const now = new Date();
    await publishForThreeParticipants(questionnaireId, now);
    expect(await flush(now, { batchSize: 1 })).toMatchObject({ claimed: 3, succeeded: 3 });
    expect(hook.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer token-abc',
      'Bearer token-abc',
      'Bearer token-abc',
    ]);
    expect(tokenServer.requests).toHaveLength(1);
    const form = new URLSearchParams(tokenServer.requests[0]!.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-1',
      client_secret: 'client-secret-1',
      audience: 'https://api.customer.example',
      scope: 'results:write',
    });
    // Shortly before it expires, a new token is fetched.
    const later = new Date(now.getTime() + 3_590_000);
    await publish(participantId, later);
    await flush(later);
    expect(tokenServer.requests).toHaveLength(2);
  });

  it('records a failed token request as a failed attempt and retries', async () => {
    const tokenServer = await receiver(() => ({ status: 401, body: 'bad client' }));
    const hook = await receiver();
    const { participantId, questionnaireId } = await setup(hook.url, {
      authType: 'oauth2',
      tokenUrl: tokenServer.url,
      clientId: 'client-2',
      clientSecret: 'wrong',
    });
    const now = new Date();
    const { deliveryIds } = await publish(participantId, now);
    expect(await flush(now)).toMatchObject({ claimed: 1, retried: 1 });
    expect(hook.requests).toHaveLength(0);
    const delivery = await getDelivery(db.prisma, questionnaireId, deliveryIds[0]!);
    expect(delivery.lastError).toBe('OAuth2 token endpoint answered 401');
  });

  it('sends a test event at once and shows it in the delivery log', async () => {
    const hook = await receiver();
    const { questionnaireId, secret } = await setup(hook.url);
    const delivery = await sendTestEvent(db.prisma, questionnaireId, { settings, timeoutMs: 2_000 });
    expect(delivery).toMatchObject({ status: 'succeeded', eventType: 'webhook.test', attemptCount: 1 });
    expect(delivery.attempts).toHaveLength(1);
    const body = verifyWebhook(secret, hook.requests[0]!.body, hook.requests[0]!.headers);
    expect(body).toMatchObject({ callback_type: 'Test', project_uuid: questionnaireId });
  });

  it('refuses at send time a URL that resolves to a private address when private URLs are not allowed', async () => {
    const hook = await receiver();
    const { participantId, questionnaireId } = await setup(hook.url);
    const now = new Date();
    const { deliveryIds } = await publish(participantId, now);
    expect(await flush(now, { settings: testSettings(false) })).toMatchObject({ retried: 1 });
    expect(hook.requests).toHaveLength(0);
    const delivery = await getDelivery(db.prisma, questionnaireId, deliveryIds[0]!);
    expect(delivery.lastError).toMatch(/^Refused: The URL must use https/);
  });

  it('records a clear error when the stored secrets cannot be decrypted with the current key', async () => {
    const hook = await receiver();
    const { participantId, questionnaireId } = await setup(hook.url);
    const now = new Date();
    const { deliveryIds } = await publish(participantId, now);
    const otherKey = { secretBox: createSecretBox('a-different-application-secret'), allowPrivateUrls: true };
    expect(await flush(now, { settings: otherKey })).toMatchObject({ claimed: 1, retried: 1 });
    expect(hook.requests).toHaveLength(0);
    const delivery = await getDelivery(db.prisma, questionnaireId, deliveryIds[0]!);
    expect(delivery.lastError).toMatch(/cannot be decrypted: NEXTAUTH_SECRET/);
  });

  it('sends consecutive deliveries to the same receiver over kept-alive connections', async () => {
    let connections = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { questionnaireId } = await setup(`http://127.0.0.1:${port}/hook`);
      const now = new Date();
      await publishForThreeParticipants(questionnaireId, now);
      expect(await flush(now, { batchSize: 1 })).toMatchObject({ claimed: 3, succeeded: 3 });
      // Not one each: the third goes over a connection already used. (undici's pool opens a second
      // connection for the request right after its first, which still counts as busy then.)
      expect(connections).toBeLessThanOrEqual(2);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('settles a batch of different outcomes together, each delivery as its own answer says', async () => {
    const ok = await receiver(() => ({ status: 200, body: 'fine' }));
    const busy = await receiver(() => ({ status: 503, body: 'busy' }));
    const gone = await receiver(() => ({ status: 410 }));
    const targets = [await setup(ok.url), await setup(busy.url), await setup(gone.url)];
    const now = new Date();
    const ids: string[] = [];
    for (const { participantId } of targets) {
      const { deliveryIds } = await publish(participantId, now);
      ids.push(deliveryIds[0]!);
    }
    expect(await flush(now)).toEqual({ claimed: 3, succeeded: 1, retried: 1, failed: 1 });
    const [delivered, retrying, failed] = await Promise.all(
      targets.map((t, i) => getDelivery(db.prisma, t.questionnaireId, ids[i]!)),
    );
    const rows = await Promise.all(
      ids.map((id) => db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id } })),
    );
    expect(delivered).toMatchObject({ status: 'succeeded', lastStatusCode: 200, lastError: null });
    expect(rows[0]!.deliveredAt).toEqual(now);
    expect(delivered!.attempts).toEqual([
      expect.objectContaining({ statusCode: 200, responseSnippet: 'fine', error: null }),
    ]);
    expect(retrying).toMatchObject({ status: 'pending', lastStatusCode: 503, lastError: 'HTTP 503' });
    expect(rows[1]!.deliveredAt).toBeNull();
    expect(rows[1]!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    expect(rows[1]!.leasedBy).toBeNull();
    expect(retrying!.attempts).toEqual([
      expect.objectContaining({ statusCode: 503, responseSnippet: 'busy' }),
    ]);
    expect(failed).toMatchObject({ status: 'failed', lastStatusCode: 410 });
    const webhooks = await db.prisma.webhookEndpoint.findMany({
      where: { questionnaireId: { in: targets.map((t) => t.questionnaireId) } },
    });
    expect(webhooks.filter((w) => !w.active).map((w) => w.url)).toEqual([gone.url]);
    const disabledAudit = await db.prisma.auditLog.findMany({
      where: { action: 'webhook.disable', targetId: { in: webhooks.map((w) => w.id) } },
    });
    expect(disabledAudit.map((a) => a.targetId)).toEqual([webhooks.find((w) => !w.active)!.id]);
  });

  it('lets only the lease holder settle: a flusher whose lease ran out mid-send just records its attempt', async () => {
    const hook = await receiver((_req, index) =>
      index === 0 ? { status: 500, delayMs: 800 } : { status: 200 },
    );
    const { participantId, questionnaireId } = await setup(hook.url);
    const now = new Date();
    const { deliveryIds } = await publish(participantId, now);
    const slow = flush(now, { flusherId: 'slow-flusher', leaseMs: 100 });
    await hook.waitFor(1);
    const later = new Date(now.getTime() + 1_000);
    expect(await flush(later, { flusherId: 'next-flusher' })).toMatchObject({ claimed: 1, succeeded: 1 });
    await slow;
    const delivery = await getDelivery(db.prisma, questionnaireId, deliveryIds[0]!);
    expect(delivery).toMatchObject({ status: 'succeeded', lastStatusCode: 200, attemptCount: 2 });
    expect(delivery.attempts.map((a) => [a.statusCode, a.error])).toEqual(
      expect.arrayContaining([
        [500, 'HTTP 500'],
        [200, null],
        [null, expect.stringMatching(/slow-flusher stopped before finishing/)],
      ]),
    );
    expect(delivery.attempts).toHaveLength(3);
  });

  it('settles the rest of a batch when a webhook is deleted while its delivery is in flight', async () => {
    const kept = await receiver(() => ({ status: 200, delayMs: 300 }));
    const deleted = await receiver(() => ({ status: 200, delayMs: 300 }));
    const a = await setup(kept.url);
    const b = await setup(deleted.url);
    const now = new Date();
    const ids = [];
    for (const { participantId } of [a, b]) {
      ids.push((await publish(participantId, now)).deliveryIds[0]!);
    }
    const flushing = flush(now);
    await deleted.waitFor(1);
    await db.prisma.webhookEndpoint.deleteMany({ where: { questionnaireId: b.questionnaireId } });
    expect(await flushing).toMatchObject({ claimed: 2 });
    expect(await getDelivery(db.prisma, a.questionnaireId, ids[0]!)).toMatchObject({ status: 'succeeded' });
    expect(await db.prisma.webhookDelivery.count({ where: { id: ids[1]! } })).toBe(0);
  });

  it.runIf(kind === 'postgresql')(
    'sends every delivery exactly once with four flushers running at once',
    async () => {
      const hook = await receiver(() => ({ status: 200, delayMs: 20 }));
      const { questionnaireId } = await setup(hook.url);
      const now = new Date();
      const total = 40;
      for (let i = 0; i < total; i++) {
        // A participant each: every delivery is sent (a newer revision of one participant supersedes).
        const { participantId } = await addParticipant(questionnaireId);
        await publish(participantId, now, { status: `S${i}` });
      }
      const clients = Array.from(
        { length: 4 },
        () => new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url, max: 3 }) }),
      );
      try {
        const results = await Promise.all(
          clients.map((client, i) =>
            flushWebhooks(client, {
              settings,
              now: () => now,
              batchSize: 5,
              // A cap above the flushers' slots, so that all four share the endpoint's backlog.
              health: testHealthPolicy({ maxInFlightPerEndpoint: 20 }),
              flusherId: `flusher-${i}`,
              // Generous: a send timed out on a busy machine is retried later, which this test is not about.
              timeoutMs: 30_000,
            }),
          ),
        );
        expect(results.reduce((sum, r) => sum + r.claimed, 0)).toBe(total);
        expect(results.reduce((sum, r) => sum + r.succeeded, 0)).toBe(total);
        // More than one flusher did real work, so the test exercised the concurrency.
        expect(results.filter((r) => r.claimed > 0).length).toBeGreaterThan(1);
      } finally {
        await Promise.all(clients.map((c) => c.$disconnect()));
      }
      const ids = hook.requests.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      expect(
        await db.prisma.webhookDelivery.count({ where: { status: 'succeeded', webhook: { url: hook.url } } }),
      ).toBe(total);
    },
  );
});
