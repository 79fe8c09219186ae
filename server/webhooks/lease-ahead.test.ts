// A slot's next delivery leased ahead (dispatcher.ts, runSlot): the slot sends it while the previous one
// settles. What that must never change: sends in flight stay within the endpoint's cap, every delivery goes
// once, an attempt is counted only when one is made, and what the slot will not send is given back at once
// (a failure, the breaker, a stop, an endpoint changed while the ahead one waited). Both databases, real
// receivers.
import { describe, expect, it } from 'vitest';
import { configureWebhook } from '@/server/webhooks/config';
import { resultDeliveryPayload, RESULT_DELIVERY_EVENT } from '@/server/test/result-delivery';
import { testDatabaseKinds } from '@/server/test/database';
import { enqueueDeliveries } from './outbox';
import { flushWebhooks, startFlush, type FlushOptions } from './dispatcher';
import type { Responder } from '../test/webhook-receiver';
import { testHealthPolicy } from '../test/webhook-fixtures';
import { metrics } from '@/server/platform/observability/metrics';
import { useWebhookTestBed } from '../test/webhook-database';

describe.each(testDatabaseKinds())('deliveries leased ahead (%s)', (kind) => {
  const bed = useWebhookTestBed(kind);
  const { db, receiver, settings } = bed;

  /**
   * Each queued delivery's place in its backlog: deliveries queued within the same millisecond tie on
   * `created_at`, so the backlog's order is kept here (each falls due a millisecond after the one before).
   */
  const placeInBacklog = new Map<string, number>();
  /** A webhook answering with `responder`, and `count` result deliveries queued for it, oldest first. */
  const endpointWithBacklog = async (count: number, responder?: Responder) => {
    const hook = await receiver(responder);
    const { questionnaireId, webhookId } = await bed.seedWebhook(hook.url);
    const start = Date.now() - 60_000;
    await db().prisma.$transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        const now = new Date(start + i);
        const payload = resultDeliveryPayload(questionnaireId, now);
        const [id] = await enqueueDeliveries(tx, {
          questionnaireId,
          eventType: RESULT_DELIVERY_EVENT,
          payload,
          now,
        });
        placeInBacklog.set(id!, i);
      }
    });
    return { hook, questionnaireId, webhookId };
  };
  /** One send at a time to the endpoint: a single slot, so what it leased ahead is easy to follow. */
  const oneAtATime = (overrides: FlushOptions = {}): FlushOptions => ({
    settings,
    timeoutMs: 3_000,
    health: testHealthPolicy({ maxInFlightPerEndpoint: 1 }),
    ...overrides,
  });
  /** The endpoint's deliveries in the order they were queued. */
  const deliveries = async (webhookId: string) =>
    (
      await db().prisma.webhookDelivery.findMany({
        where: { webhookId },
        select: {
          id: true,
          messageId: true,
          status: true,
          attemptCount: true,
          leaseUntil: true,
          leasedBy: true,
          _count: { select: { attempts: true } },
        },
      })
    ).sort((a, b) => placeInBacklog.get(a.id)! - placeInBacklog.get(b.id)!);
  /** Every delivery counts exactly the attempts it has, and none is still leased. */
  const expectNoLeaseAndNoPhantomAttempt = async (webhookId: string) => {
    for (const d of await deliveries(webhookId)) {
      expect(d.attemptCount, `delivery ${d.messageId}`).toBe(d._count.attempts);
      expect(d.leasedBy).toBeNull();
      expect(d.leaseUntil).toBeNull();
    }
  };
  /** Claims the dispatcher made so far in this process (`webhook_dispatcher_batches_total`). */
  const claimCount = async () => (await metrics.dispatcherBatches.get()).values[0]?.value ?? 0;
  const messageIds = (requests: { headers: Record<string, unknown> }[]) =>
    requests.map((r) => r.headers['webhook-id']);

  it('holds the next deliveries while sending one, yet sends one at a time at a cap of one, each once', async () => {
    const { hook, webhookId } = await endpointWithBacklog(6, (_, index) => ({
      status: 200,
      delayMs: index === 2 ? 200 : 0,
    }));
    const flush = startFlush(db().prisma, oneAtATime());
    await hook.waitFor(3, 5_000);
    // While the third send is held by the receiver, the slot holds at least two of the three left (the least
    // it keeps ahead of a send that is not slow, aheadAfter), leased already.
    const leasedWhileSending = async () =>
      (await deliveries(webhookId)).filter((d) => d.leasedBy !== null).length;
    await expect.poll(leasedWhileSending, { timeout: 5_000, interval: 10 }).toBeGreaterThanOrEqual(3);
    expect(await flush.done).toMatchObject({ succeeded: 6 });
    expect(hook.maxConcurrent()).toBe(1);
    expect(new Set(messageIds(hook.requests)).size).toBe(6);
    expect(hook.requests).toHaveLength(6);
    await expectNoLeaseAndNoPhantomAttempt(webhookId);
  });

  it('holds nothing ahead of a slow endpoint: each send is handed the next, none goes stale and back', async () => {
    const { hook, webhookId } = await endpointWithBacklog(5, () => ({ status: 200, delayMs: 300 }));
    const claimsBefore = await claimCount();
    const flush = startFlush(db().prisma, oneAtATime());
    await hook.waitFor(3, 10_000);
    const leased = (await deliveries(webhookId)).filter((d) => d.leasedBy !== null);
    expect(await flush.done).toMatchObject({ succeeded: 5 });
    // Only the delivery being sent: nothing waits behind a 300 ms send (it would be stale by its turn).
    expect(leased).toHaveLength(1);
    // One claim, then hand-offs: no delivery was given back and claimed again.
    expect((await claimCount()) - claimsBefore).toBe(1);
    expect(hook.requests).toHaveLength(5);
    await expectNoLeaseAndNoPhantomAttempt(webhookId);
  });

  it('holds only as many ahead as it sends while a settlement is written: two ahead of 40 ms sends', async () => {
    // Settlements take a few milliseconds to a few tens; a 40 ms send outlasts them, so two held ahead
    // (the least) keep the slot busy. Six would still be fresh by their turn, and were held before.
    const { hook, webhookId } = await endpointWithBacklog(16, () => ({ status: 200, delayMs: 40 }));
    const flush = startFlush(db().prisma, oneAtATime());
    let mostLeased = 0;
    let finished = false;
    void flush.done.finally(() => (finished = true));
    while (!finished) {
      const leased = (await deliveries(webhookId)).filter((d) => d.leasedBy !== null).length;
      mostLeased = Math.max(mostLeased, leased);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await flush.done).toMatchObject({ succeeded: 16 });
    // The one being sent and two ahead; three if a settlement took more than 80 ms on a busy machine.
    expect(mostLeased).toBeGreaterThanOrEqual(2);
    expect(mostLeased).toBeLessThanOrEqual(4);
    expect(hook.requests).toHaveLength(16);
    await expectNoLeaseAndNoPhantomAttempt(webhookId);
  });

  it('keeps the cap over a long backlog: never more sends at once than the cap, every delivery once', async () => {
    const { hook, webhookId } = await endpointWithBacklog(40, () => ({ status: 200, delayMs: 5 }));
    const counts = await flushWebhooks(db().prisma, {
      settings,
      batchSize: 20,
      health: testHealthPolicy({ maxInFlightPerEndpoint: 3 }),
    });
    expect(counts).toMatchObject({ succeeded: 40 });
    expect(hook.maxConcurrent()).toBeLessThanOrEqual(3);
    expect(new Set(messageIds(hook.requests)).size).toBe(40);
    await expectNoLeaseAndNoPhantomAttempt(webhookId);
  });

  it('sends nothing it leased ahead once a failure opens the breaker, and gives it back uncounted', async () => {
    // The failure comes late enough that the success before it has settled on its own (a group holding a
    // success of the endpoint resets its health).
    const { hook, webhookId } = await endpointWithBacklog(6, (_, index) =>
      index === 2 ? { status: 500, delayMs: 300 } : { status: 200 },
    );
    await flushWebhooks(
      db().prisma,
      oneAtATime({ health: testHealthPolicy({ maxInFlightPerEndpoint: 1, breakerFailures: 1 }) }),
    );
    // Two successes, then the failure that opened the breaker: the deliveries after it were leased ahead, and
    // went back without a send.
    expect(hook.requests).toHaveLength(3);
    const after = await deliveries(webhookId);
    expect(after.map((d) => d.status)).toEqual([
      'succeeded',
      'succeeded',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(after.slice(3).map((d) => d.attemptCount)).toEqual([0, 0, 0]);
    await expectNoLeaseAndNoPhantomAttempt(webhookId);
  });

  it('gives back what it leased ahead when the flush stops, so another flusher sends it at once', async () => {
    const { hook, webhookId } = await endpointWithBacklog(20, () => ({ status: 200, delayMs: 30 }));
    const flush = startFlush(db().prisma, oneAtATime());
    await hook.waitFor(3, 5_000);
    flush.stop();
    const stopped = await flush.done;
    expect(hook.requests).toHaveLength(stopped.succeeded);
    await expectNoLeaseAndNoPhantomAttempt(webhookId);
    // The rest goes with the next flush, none twice.
    expect(await flushWebhooks(db().prisma, oneAtATime())).toMatchObject({
      succeeded: 20 - stopped.succeeded,
    });
    expect(new Set(messageIds(hook.requests)).size).toBe(20);
    expect(hook.requests).toHaveLength(20);
  });

  it('sends a delivery leased ahead of a slow send to the URL an Admin set meanwhile, not the old one', async () => {
    // The second send takes well over the time a delivery leased ahead may wait (AHEAD_FRESH_MS): the one
    // leased ahead of it was read before the change, so it goes back to the claim, which reads the new URL.
    const {
      hook: old,
      questionnaireId,
      webhookId,
    } = await endpointWithBacklog(5, (_, index) => ({
      status: 200,
      delayMs: index === 1 ? 800 : 0,
    }));
    const moved = await receiver();
    const flush = startFlush(db().prisma, oneAtATime());
    await old.waitFor(2, 5_000);
    await configureWebhook(db().prisma, questionnaireId, { url: moved.url }, { settings });
    expect(await flush.done).toMatchObject({ succeeded: 5 });
    expect(old.requests).toHaveLength(2);
    expect(moved.requests).toHaveLength(3);
    expect(new Set([...messageIds(old.requests), ...messageIds(moved.requests)]).size).toBe(5);
    await expectNoLeaseAndNoPhantomAttempt(webhookId);
  });
});
