// An endpoint's deliveries by API (/v1/webhooks/endpoints/{id}/deliveries…, our extension), through the REST
// door as production serves it: the log newest first with attempts and payloads, its filters and pages; retry
// now (sent within a second to a real receiver, also while the endpoint's breaker holds its other deliveries
// back, without using up a retry step); the test event (signed, marked, tried once, never recovered); the
// refusals and the audit entries. Every answer is checked against the OpenAPI document.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';
import { useRestHarness, expectParticipantError, type RestResponse } from '@/server/test/rest-harness';
import { useBlockTestReceiver } from '@/server/test/webhook-database';
import { addParticipant } from '@/server/test/webhook-fixtures';
import {
  createApiEndpoint,
  deliveriesPath,
  deliveryPath,
  endpointPath,
  publishForNewParticipant,
  verifiesWith,
  type ApiEndpoint,
} from '@/server/test/webhook-api';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { recoverDeliveries, recoveryState } from '@/server/webhooks/recovery';
import { setWebhookActive } from '@/server/webhooks/config';
import { MESSAGES } from '@/server/participants/messages';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import type {
  webhookDeliveryOutput,
  webhookDeliveryPageOutput,
} from '@/server/rest-contract/webhook-schemas';

type Delivery = z.infer<typeof webhookDeliveryOutput>;
type Page = z.infer<typeof webhookDeliveryPageOutput>;

describe.each(testDatabaseKinds())('webhook deliveries by API on %s', (kind) => {
  allowPrivateWebhookUrls();
  const h = useRestHarness(kind);
  const receiver = useBlockTestReceiver();

  const list = async (e: ApiEndpoint, query = ''): Promise<RestResponse> =>
    h.call('GET', deliveriesPath(e.endpointId, query), { key: e.key.value });
  const pageOf = async (e: ApiEndpoint, query = ''): Promise<Page> => (await list(e, query)).body as Page;
  const getDelivery = async (e: ApiEndpoint, id: string): Promise<Delivery> =>
    (await h.call('GET', deliveryPath(e.endpointId, id), { key: e.key.value })).body as Delivery;
  /**
   * The delivery once its `attempts`-th attempt is settled. Read again after the attempt shows: a read of the
   * delivery and its attempts is two statements, and the first may predate the settlement that wrote both.
   */
  const settled = async (e: ApiEndpoint, id: string, attempts: number) => {
    await vi.waitFor(async () => expect((await getDelivery(e, id)).attempts).toHaveLength(attempts), {
      timeout: 10_000,
      interval: 50,
    });
    return getDelivery(e, id);
  };

  /** The endpoint's deliveries waiting to retry are next due in `ms` (as if at a later step of the schedule). */
  const postponeRetries = (e: ApiEndpoint, ms: number) =>
    h.db.prisma.webhookDelivery.updateMany({
      where: { webhookId: e.endpointId, status: 'pending', attemptCount: { gt: 0 } },
      data: { nextAttemptAt: new Date(Date.now() + ms) },
    });

  /** Answers 503 to every request while `work` runs (the receiver is down). */
  async function whileDown<T>(work: () => Promise<T>): Promise<T> {
    receiver().respond(() => ({ status: 503, body: 'down' }));
    try {
      return await work();
    } finally {
      receiver().respond(() => ({ status: 200, body: 'ok' }));
    }
  }

  it('lists the deliveries newest first with their attempts and payloads, filtered and a page at a time', async () => {
    const e = await createApiEndpoint(h, receiver().url, ['webhook:read']);
    const first = await publishForNewParticipant(h, e.q.questionnaireId, 'first');
    await flushWebhooks(h.db.prisma);
    const failing = await whileDown(async () => {
      const published = await publishForNewParticipant(h, e.q.questionnaireId, 'failing');
      await flushWebhooks(h.db.prisma);
      return published;
    });
    await postponeRetries(e, 5 * 60_000);
    await publishForNewParticipant(h, e.q.questionnaireId, 'third');
    await flushWebhooks(h.db.prisma);

    const page = await list(e);
    expect(page.status).toBe(200);
    expect(page.body.has_more).toBe(false);
    expect(page.body.next_cursor).toBeNull();
    const { deliveries } = page.body as Page;
    expect(deliveries.map((d) => d.payload.summary)).toEqual(['third', 'failing', 'first']);
    expect(deliveries.map((d) => d.state)).toEqual(['succeeded', 'retrying', 'succeeded']);
    const [, retrying, delivered] = deliveries;
    expect(retrying).toMatchObject({
      event_type: 'result.update',
      test: false,
      participant_uuid: failing.participantId,
      attempt_count: 1,
      last_error: 'HTTP 503',
      delivered_at: null,
    });
    expect(Date.parse(retrying!.next_attempt_at!)).toBeGreaterThan(Date.now());
    expect(retrying!.attempts).toEqual([
      {
        attempted_at: expect.any(String),
        status_code: 503,
        duration_ms: expect.any(Number),
        error: 'HTTP 503',
      },
    ]);
    expect(delivered).toMatchObject({ participant_uuid: first.participantId, next_attempt_at: null });
    expect(delivered!.attempts).toEqual([
      { attempted_at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), error: null },
    ]);
    // The payload is the body as sent, in the published order of its fields.
    const sent = receiver().requests.find((r) => r.headers['webhook-id'] === delivered!.message_id)!;
    expect(JSON.stringify(delivered!.payload)).toBe(sent.body);
    expect(await getDelivery(e, delivered!.id)).toEqual(delivered);

    const ids = async (query: string) => (await pageOf(e, query)).deliveries.map((d) => d.id);
    expect(await ids('?state=retrying')).toEqual([retrying!.id]);
    expect(await ids('?state=succeeded')).toHaveLength(2);
    expect(await ids('?state=failed')).toEqual([]);
    expect(await ids(`?participant_uuid=${first.participantId.toUpperCase()}`)).toEqual([delivered!.id]);

    // A page at a time: every delivery once, newest first, also while more are queued between pages.
    const seen: string[] = [];
    let query = '?limit=1';
    for (;;) {
      const next = await pageOf(e, query);
      seen.push(...next.deliveries.map((d) => d.id));
      if (seen.length === 1) await publishForNewParticipant(h, e.q.questionnaireId, 'queued meanwhile');
      if (!next.has_more) break;
      query = `?limit=1&cursor=${next.next_cursor}`;
    }
    expect(seen).toEqual(deliveries.map((d) => d.id));

    const refusals: [string, string][] = [
      ['?state=delivered', 'state must be one of pending, retrying, succeeded, failed, cancelled'],
      ['?limit=0', 'limit must be a whole number from 1 to 100'],
      ['?limit=101', 'limit must be a whole number from 1 to 100'],
      ['?limit=ten', 'limit must be a whole number from 1 to 100'],
      ['?cursor=not-ours', 'Invalid cursor'],
      ['?participant_uuid=42', 'Invalid participant_uuid format'],
    ];
    for (const [bad, message] of refusals)
      expectParticipantError(await list(e, bad), 400, 'BAD_REQUEST', message);
    expectParticipantError(
      await list(e, `?participant_uuid=${randomUUID()}`),
      404,
      'NOT_FOUND',
      MESSAGES.participantNotFound,
    );
  });

  it('refuses another questionnaire’s participant and delivery (rule 5) and an unknown delivery', async () => {
    const mine = await createApiEndpoint(h, receiver().url, ['webhook:read']);
    const theirs = await createApiEndpoint(h, receiver().url);
    const theirParticipant = await publishForNewParticipant(h, theirs.q.questionnaireId, 'theirs');
    await flushWebhooks(h.db.prisma);
    const [theirDelivery] = (await list(theirs)).body.deliveries as Delivery[];
    expectParticipantError(
      await list(mine, `?participant_uuid=${theirParticipant.participantId}`),
      403,
      'FORBIDDEN',
      MESSAGES.notAssociated,
    );
    expectParticipantError(
      await h.call('GET', deliveryPath(mine.endpointId, theirDelivery!.id), { key: mine.key.value }),
      403,
      'FORBIDDEN',
      MESSAGES.notAssociated,
    );
    const writer = await h.createKey(mine.q.questionnaireId, ['webhook:write']);
    expectParticipantError(
      await h.call('POST', deliveryPath(mine.endpointId, theirDelivery!.id, '/retry'), { key: writer.value }),
      403,
      'FORBIDDEN',
      MESSAGES.notAssociated,
    );
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/retry'],
    ] as const) {
      expectParticipantError(
        await h.call(method, deliveryPath(mine.endpointId, randomUUID(), suffix), { key: writer.value }),
        404,
        'NOT_FOUND',
        WEBHOOK_MESSAGES.deliveryNotFound,
      );
      expectParticipantError(
        await h.call(method, deliveryPath(mine.endpointId, 'nope', suffix), { key: writer.value }),
        400,
        'BAD_REQUEST',
        'Invalid delivery_id format',
      );
    }
    expect((await getDelivery(theirs, theirDelivery!.id)).attempts).toHaveLength(1);
  });

  it('ends a page at 1 MiB of payloads, with at least one delivery on it', async () => {
    const e = await createApiEndpoint(h, receiver().url, ['webhook:read']);
    const { participantId } = await addParticipant(h.db.prisma, e.q.questionnaireId);
    const big = (n: number) => ({
      project_uuid: e.q.questionnaireId,
      callback_type: 'Result Update',
      access_code: 'A-1',
      interview_ref_num: `IRN-${n}`,
      status: 'Result Published',
      questions_risk_rating: Array.from({ length: 300 }, (_, i) => ({
        sequence: String(i + 1),
        risk_level: 'LR',
        text: 't'.repeat(2_000),
      })),
      overall_evaluation: 'LR',
      is_admission: false,
      is_counter_measure: false,
      is_not_complete: false,
      participant_language: 'English',
    });
    // Three deliveries of about 600 KB each, stored as they would be (retention keeps them as they are).
    for (let n = 0; n < 3; n++)
      await h.db.prisma.webhookDelivery.create({
        data: {
          messageId: `msg_${randomUUID().replaceAll('-', '')}`,
          webhookId: e.endpointId,
          participantId,
          eventType: 'result.update',
          payload: big(n),
          status: 'cancelled',
          createdAt: new Date(Date.now() - (3 - n) * 1_000),
        },
      });
    const irns: string[] = [];
    let query = '?limit=100';
    for (let pages = 1; ; pages++) {
      const page = await list(e, query);
      expect(page.text.length).toBeLessThan(1_300_000);
      expect(page.body.deliveries).toHaveLength(1);
      irns.push(page.body.deliveries[0].payload.interview_ref_num);
      if (!page.body.has_more) break;
      query = `?limit=100&cursor=${page.body.next_cursor}`;
      expect(pages).toBeLessThan(3);
    }
    expect(irns).toEqual(['IRN-2', 'IRN-1', 'IRN-0']);
  });

  it('retries a delivery now, within a second, while the endpoint’s breaker holds its other deliveries back', async () => {
    const e = await createApiEndpoint(h, receiver().url);
    // Five failures in a row: the breaker opens and the next probe is minutes away.
    await whileDown(async () => {
      for (let i = 0; i < 5; i++) await publishForNewParticipant(h, e.q.questionnaireId, `down ${i}`);
      await flushWebhooks(h.db.prisma);
    });
    const probeAfter = new Date(Date.now() + 10 * 60_000);
    await h.db.prisma.webhookEndpoint.update({ where: { id: e.endpointId }, data: { probeAfter } });
    // Waiting for their second retry step (5 minutes), whatever time this test has taken so far.
    await postponeRetries(e, 5 * 60_000);
    const endpoint = (await h.call('GET', endpointPath(e.endpointId), { key: e.key.value })).body;
    expect(endpoint).toMatchObject({ state: 'failing', consecutive_failures: 5 });
    const waiting = (await list(e, '?state=retrying')).body.deliveries as Delivery[];
    expect(waiting).toHaveLength(5);
    const chosen = waiting[2]!;

    // A failed extra attempt uses up no step: the delivery keeps its next retry and its attempt count.
    const before = receiver().requests.length;
    const failedRetry = await whileDown(async () => {
      const answer = await h.call('POST', deliveryPath(e.endpointId, chosen.id, '/retry'), {
        key: e.key.value,
      });
      expect(answer.status).toBe(202);
      expect(answer.body).toMatchObject({ id: chosen.id, state: 'retrying' });
      await receiver().waitFor(before + 1, 1_000);
      return settled(e, chosen.id, 2);
    });
    expect(failedRetry).toMatchObject({
      state: 'retrying',
      attempt_count: chosen.attempt_count,
      next_attempt_at: chosen.next_attempt_at,
      last_error: 'HTTP 503',
    });

    const sentAt = Date.now();
    const retried = await h.call('POST', deliveryPath(e.endpointId, chosen.id, '/retry'), {
      key: e.key.value,
    });
    expect(retried.status).toBe(202);
    const [arrived] = (await receiver().waitFor(before + 2, 1_000)).slice(before + 1);
    expect(arrived!.receivedAt - sentAt).toBeLessThan(1_000);
    // The same webhook-id (receivers de-duplicate on it), signed with the endpoint's secret.
    expect(arrived!.headers['webhook-id']).toBe(chosen.message_id);
    expect(verifiesWith(e.secret, arrived!)).toEqual(chosen.payload);
    expect(await settled(e, chosen.id, 3)).toMatchObject({ state: 'succeeded', next_attempt_at: null });
    // Only the delivery asked for was sent: the breaker's probe time held the others.
    expect(receiver().requests).toHaveLength(before + 2);

    // Delivered: nothing to retry; and nothing while the endpoint is disabled.
    expectParticipantError(
      await h.call('POST', deliveryPath(e.endpointId, chosen.id, '/retry'), { key: e.key.value }),
      409,
      'CONFLICT',
      'Only a delivery that is waiting to retry or that gave up can be retried now; this one is succeeded',
    );
    await setWebhookActive(h.db.prisma, e.q.questionnaireId, false);
    expectParticipantError(
      await h.call('POST', deliveryPath(e.endpointId, waiting[0]!.id, '/retry'), { key: e.key.value }),
      409,
      'CONFLICT',
      WEBHOOK_MESSAGES.disabledForReplay,
    );
    const audited = await h.db.prisma.auditLog.findMany({
      where: { questionnaireId: e.q.questionnaireId, action: 'webhook.delivery.replay' },
    });
    expect(audited.map((a) => [a.actorType, a.actorId, a.details])).toEqual([
      ['api_key', e.key.id, { deliveryId: chosen.id }],
      ['api_key', e.key.id, { deliveryId: chosen.id }],
    ]);
  });

  it('sends a delivery that gave up again now, with a fresh retry schedule', async () => {
    const e = await createApiEndpoint(h, receiver().url);
    await publishForNewParticipant(h, e.q.questionnaireId, 'gave up');
    const [delivery] = (await list(e)).body.deliveries as Delivery[];
    await h.db.prisma.webhookDelivery.update({
      where: { id: delivery!.id },
      data: { status: 'failed', attemptCount: 8, lastError: 'HTTP 503' },
    });
    expect((await getDelivery(e, delivery!.id)).state).toBe('failed');
    const before = receiver().requests.length;
    const answer = await h.call('POST', deliveryPath(e.endpointId, delivery!.id, '/retry'), {
      key: e.key.value,
    });
    expect(answer.body).toMatchObject({ state: 'pending', attempt_count: 0 });
    const [arrived] = (await receiver().waitFor(before + 1, 1_000)).slice(before);
    expect(arrived!.headers['webhook-id']).toBe(delivery!.message_id);
    expect(await settled(e, delivery!.id, 1)).toMatchObject({ state: 'succeeded', attempt_count: 1 });
  });

  it('sends a signed test event that changes no data, tries it once, and never recovers it', async () => {
    const e = await createApiEndpoint(h, receiver().url);
    const participantsBefore = await h.db.prisma.participant.count();
    const resultsBefore = await h.db.prisma.result.count();
    const before = receiver().requests.length;
    const queued = await h.call('POST', endpointPath(e.endpointId, '/test'), { key: e.key.value });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({
      event_type: 'webhook.test',
      test: true,
      participant_uuid: null,
      payload: { callback_type: 'Test', project_uuid: e.q.questionnaireId },
    });
    const [arrived] = (await receiver().waitFor(before + 1, 1_000)).slice(before);
    expect(verifiesWith(e.secret, arrived!)).toMatchObject({ callback_type: 'Test' });
    expect(arrived!.headers['webhook-id']).toBe(queued.body.message_id);
    expect(await settled(e, queued.body.id, 1)).toMatchObject({ state: 'succeeded' });
    expect(await h.db.prisma.participant.count()).toBe(participantsBefore);
    expect(await h.db.prisma.result.count()).toBe(resultsBefore);

    // A failing receiver: the test fails once and stays failed (no retry step), and is no missed delivery.
    const failed = await whileDown(async () => {
      const answer = await h.call('POST', endpointPath(e.endpointId, '/test'), { key: e.key.value });
      return settled(e, answer.body.id, 1);
    });
    expect(failed).toMatchObject({ state: 'failed', next_attempt_at: null, last_error: 'HTTP 503' });
    expect(await recoveryState(h.db.prisma, e.q.questionnaireId)).toMatchObject({ failedCount: 0 });
    const recovered = await recoverDeliveries(h.db.prisma, {
      questionnaireId: e.q.questionnaireId,
      since: new Date(Date.now() - 60_000),
    });
    expect(recovered.queued).toBe(0);
    expect((await getDelivery(e, failed.id)).state).toBe('failed');

    await setWebhookActive(h.db.prisma, e.q.questionnaireId, false);
    expectParticipantError(
      await h.call('POST', endpointPath(e.endpointId, '/test'), { key: e.key.value }),
      409,
      'CONFLICT',
      WEBHOOK_MESSAGES.disabledForTest,
    );
    const audited = await h.db.prisma.auditLog.findMany({
      where: { questionnaireId: e.q.questionnaireId, action: 'webhook.test' },
    });
    expect(audited.map((a) => [a.actorType, a.actorId])).toEqual([
      ['api_key', e.key.id],
      ['api_key', e.key.id],
    ]);
  });
});
