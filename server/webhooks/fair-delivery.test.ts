// Fair, isolated delivery (docs/webhooks.md): the per-endpoint cap, a hanging endpoint beside a healthy one,
// the circuit breaker, the automatic disable, per-participant order and a flusher dying mid-send, on both
// databases with real receivers.
import { describe, expect, it } from 'vitest';
import { PrismaClient } from '@/server/generated/prisma/client.ts';
import { PrismaPg } from '@prisma/adapter-pg';
import { testDatabaseKinds } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { resultDeliveryPayload, RESULT_DELIVERY_EVENT } from '@/server/test/result-delivery';
import { enqueueDeliveries } from './outbox';
import { claimDueDeliveries, deliverNow, flushWebhooks, startFlush, type FlushOptions } from './dispatcher';
import { endpointStateOf } from './endpoint-health';
import type { Responder } from '../test/webhook-receiver';
import { testHealthPolicy } from '../test/webhook-fixtures';
import { useWebhookTestBed } from '../test/webhook-database';

describe.each(testDatabaseKinds())('fair webhook delivery (%s)', (kind) => {
  const bed = useWebhookTestBed(kind);
  const { db, receiver, settings } = bed;

  /** A questionnaire (a sandbox one if asked) whose webhook answers with `responder`, and its receiver. */
  const endpoint = async (responder?: Responder, { sandbox = false } = {}) => {
    const hook = await receiver(responder);
    const seeded = await bed.seedWebhook(hook.url);
    if (sandbox)
      await db().prisma.questionnaire.update({ where: { id: seeded.questionnaireId }, data: { sandbox } });
    return { hook, ...seeded };
  };
  /** `count` result deliveries for the questionnaire's webhook (no participant: no ordering between them). */
  const queue = async (questionnaireId: string, count: number, now = new Date()) =>
    db().prisma.$transaction(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        ids.push(
          ...(await enqueueDeliveries(tx, {
            questionnaireId,
            eventType: RESULT_DELIVERY_EVENT,
            payload: resultDeliveryPayload(questionnaireId, now),
            now,
          })),
        );
      }
      return ids;
    });
  const health = async (webhookId: string) =>
    endpointStateOf(await db().prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhookId } }));
  const options = (overrides: FlushOptions = {}): FlushOptions => ({
    settings,
    timeoutMs: 2_000,
    health: testHealthPolicy(),
    ...overrides,
  });

  it('sends a healthy endpoint at once while another hangs, and gives the hanging one only its cap', async () => {
    const hanging = await endpoint(() => ({ status: 200, delayMs: 10_000 }));
    const healthy = await endpoint();
    await queue(hanging.questionnaireId, 30);
    const flush = startFlush(db().prisma, options({ timeoutMs: 3_000 }));
    await hanging.hook.waitFor(4, 5_000);
    const published = Date.now();
    await queue(healthy.questionnaireId, 5);
    flush.poke();
    await healthy.hook.waitFor(5, 5_000);
    // Well before the hanging sends time out (3 s): nothing waited for them.
    expect(Math.max(...healthy.hook.requests.map((r) => r.receivedAt)) - published).toBeLessThan(2_000);
    expect(hanging.hook.requests).toHaveLength(4);
    flush.stop();
    await flush.done;
    expect(hanging.hook.maxConcurrent()).toBe(4);
  });

  it("never slows another tenant's live deliveries for hanging sandbox endpoints with a backlog older than them", async () => {
    const live = await endpoint(() => ({ status: 200, delayMs: 150 }));
    const flush = startFlush(
      db().prisma,
      options({ batchSize: 8, maxDeliveries: Infinity, timeoutMs: 4_000 }),
    );
    /** Live deliveries queued four at a time while the flush runs: each one's time from queued to received. */
    const liveDeliveryTimes = async () => {
      const queuedAt = new Map<string, number>();
      const before = live.hook.requests.length;
      for (let round = 0; round < 8; round++) {
        const at = Date.now();
        for (const id of await queue(live.questionnaireId, 4)) queuedAt.set(id, at);
        flush.poke();
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      const received = await live.hook.waitFor(before + queuedAt.size, 30_000);
      const deliveries = await db().prisma.webhookDelivery.findMany({
        where: { id: { in: [...queuedAt.keys()] } },
      });
      return deliveries.map((d) => {
        const request = received.find((r) => r.headers['webhook-id'] === d.messageId)!;
        return request.receivedAt - queuedAt.get(d.id)!;
      });
    };
    const p95 = (times: number[]) => times.sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!;
    try {
      // Warm: the flush's first claims and the receiver's first connections are not part of the baseline.
      await queue(live.questionnaireId, 8);
      flush.poke();
      await live.hook.waitFor(8, 10_000);
      const baseline = p95(await liveDeliveryTimes());
      // Three sandbox endpoints that never answer in time, each with a backlog queued before the live
      // deliveries: at their cap of four each they could hold all eight slots.
      const hanging = await endpoint(() => ({ status: 200, delayMs: 30_000 }), { sandbox: true });
      for (let e = 0; e < 3; e++) {
        const sandbox =
          e === 0 ? hanging : await endpoint(() => ({ status: 200, delayMs: 30_000 }), { sandbox: true });
        await queue(sandbox.questionnaireId, 20, new Date(Date.now() - 60_000));
      }
      flush.poke();
      await hanging.hook.waitFor(1, 5_000);
      const beside = p95(await liveDeliveryTimes());
      expect(
        beside,
        `p95 ${beside} ms beside hanging sandbox endpoints, ${baseline} ms before`,
      ).toBeLessThanOrEqual(2 * baseline);
    } finally {
      flush.stop();
      await flush.done;
    }
  }, 60_000);

  it('holds the per-endpoint cap over two dispatchers on one database', async () => {
    const slow = await endpoint(() => ({ status: 200, delayMs: 300 }));
    const ids = await queue(slow.questionnaireId, 16);
    const second =
      kind === 'postgresql'
        ? new PrismaClient({ adapter: new PrismaPg({ connectionString: db().url, max: 3 }) })
        : db().prisma;
    try {
      const counts = await Promise.all(
        [db().prisma, second].map((client, i) =>
          flushWebhooks(
            client,
            options({ flusherId: `instance-${i}`, health: testHealthPolicy({ maxInFlightPerEndpoint: 3 }) }),
          ),
        ),
      );
      expect(counts.reduce((sum, c) => sum + c.succeeded, 0)).toBe(16);
    } finally {
      if (second !== db().prisma) await second.$disconnect();
    }
    expect(slow.hook.maxConcurrent()).toBeLessThanOrEqual(3);
    expect(new Set(slow.hook.requests.map((r) => r.headers['webhook-id'])).size).toBe(ids.length);
    expect(slow.hook.requests).toHaveLength(ids.length);
  });

  it('serves every endpoint with a small pool: a slot hands itself to one endpoint only so many times in a row', async () => {
    // Which endpoint each request went to, in the order they arrived.
    const arrivals: number[] = [];
    const endpoints: Awaited<ReturnType<typeof endpoint>>[] = [];
    for (let e = 0; e < 10; e++)
      endpoints.push(
        await endpoint(() => {
          arrivals.push(e);
          return { status: 200 };
        }),
      );
    // Twelve each, oldest first round by round: endpoint 0's tenth is younger than every endpoint's first.
    const start = Date.now() - 60_000;
    await db().prisma.$transaction(async (tx) => {
      for (let round = 0; round < 12; round++)
        for (const [e, { questionnaireId }] of endpoints.entries()) {
          const now = new Date(start + round * 100 + e);
          const payload = resultDeliveryPayload(questionnaireId, now);
          await enqueueDeliveries(tx, { questionnaireId, eventType: RESULT_DELIVERY_EVENT, payload, now });
        }
    });
    expect(await flushWebhooks(db().prisma, options({ batchSize: 4, maxDeliveries: 1_000 }))).toMatchObject({
      claimed: 120,
      succeeded: 120,
    });
    // Four slots and ten endpoints: each slot goes back to the claim (oldest first) after a run of hand-offs,
    // so every endpoint has had its first delivery before any endpoint gets its eleventh (without a bound,
    // the first four endpoints' whole backlogs would go first).
    const served = new Map<number, number>();
    for (const e of arrivals) {
      served.set(e, (served.get(e) ?? 0) + 1);
      if (served.get(e) === 11) expect(served.size, `endpoints served when ${e} got its 11th`).toBe(10);
    }
    expect([...served.values()]).toEqual(Array.from({ length: 10 }, () => 12));
  });

  it('keeps per-participant order while slots are handed over: a newer revision never goes before the older one in flight', async () => {
    const hook = await endpoint(() => ({ status: 200, delayMs: 100 }));
    const participants = [{ participantId: hook.participantId, irn: hook.irn }];
    for (let i = 0; i < 7; i++) participants.push(await bed.addParticipant(hook.questionnaireId));
    const publish = (participantId: string, status: string) =>
      bed.publish(participantId, undefined, { status });
    for (const { participantId } of participants) await publish(participantId, 'Under_Review');
    // Some test events beside them, so the slots keep handing themselves over.
    await queue(hook.questionnaireId, 8);
    const flush = startFlush(
      db().prisma,
      options({ health: testHealthPolicy({ maxInFlightPerEndpoint: 2 }) }),
    );
    await hook.hook.waitFor(1, 5_000);
    // Those in flight stay (the newer one waits for them); those still waiting are superseded.
    for (const { participantId } of participants) await publish(participantId, 'Result Published');
    flush.poke();
    await flush.done;
    const received = new Map<string, string[]>();
    for (const r of hook.hook.requests) {
      const body = JSON.parse(r.body) as { callback_type: string; interview_ref_num: string; status: string };
      if (body.callback_type === 'Test') continue;
      received.set(body.interview_ref_num, [...(received.get(body.interview_ref_num) ?? []), body.status]);
    }
    for (const { irn } of participants)
      expect([['Result Published'], ['Under_Review', 'Result Published']]).toContainEqual(received.get(irn));
    expect(hook.hook.maxConcurrent()).toBeLessThanOrEqual(2);
  });

  it('opens the breaker after failures in a row, probes one delivery at a time, and drains at the cap once a probe succeeds', async () => {
    const failing = await endpoint(() => ({ status: 503 }));
    await queue(failing.questionnaireId, 10);
    const policy = testHealthPolicy({ breakerFailures: 3, probeBaseDelayMs: 60_000 });
    let now = new Date();
    const flush = () => flushWebhooks(db().prisma, options({ now: () => now, health: policy }));

    // Three failures open the breaker (a few more may have been claimed while they settled); nothing more is
    // sent before the probe time.
    await flush();
    const attempts = failing.hook.requests.length;
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(attempts).toBeLessThan(3 + 4);
    const opened = await health(failing.webhookId);
    if (opened.state !== 'failing') throw new Error(`expected failing, got ${opened.state}`);
    expect(opened).toMatchObject({ state: 'failing', lastError: 'HTTP 503', consecutiveFailures: attempts });
    const probeAt = async () =>
      (await db().prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: failing.webhookId } })).probeAfter!;
    const firstProbe = await probeAt();
    expect(firstProbe.getTime() - now.getTime()).toBeGreaterThanOrEqual(60_000);
    now = new Date(firstProbe.getTime() - 1);
    expect(await flush()).toMatchObject({ claimed: 0 });

    // At the probe time exactly one delivery is sent; it fails, and the next probe waits longer.
    now = firstProbe;
    expect(await flush()).toMatchObject({ claimed: 1, retried: 1 });
    const secondProbe = await probeAt();
    expect(secondProbe.getTime() - now.getTime()).toBeGreaterThan(
      firstProbe.getTime() - opened.since.getTime(),
    );
    now = new Date(secondProbe.getTime() - 1);
    expect(await flush()).toMatchObject({ claimed: 0 });

    // The receiver is back: the next probe succeeds, the breaker closes and the backlog drains.
    failing.hook.respond(() => ({ status: 200, delayMs: 50 }));
    now = new Date(now.getTime() + 24 * 3_600_000);
    expect(await flush()).toMatchObject({ claimed: 10, succeeded: 10 });
    expect(await health(failing.webhookId)).toEqual({ state: 'healthy' });
    expect(failing.hook.maxConcurrent()).toBeLessThanOrEqual(4);
  });

  it('disables an endpoint that failed every attempt for the period, with a reason, audited', async () => {
    const failing = await endpoint(() => ({ status: 500 }));
    const policy = testHealthPolicy({ breakerFailures: 1_000 });
    const start = new Date();
    let now = start;
    const flush = () => flushWebhooks(db().prisma, options({ now: () => now, health: policy }));
    await queue(failing.questionnaireId, 1, now);
    await flush();
    now = new Date(start.getTime() + 4 * 24 * 3_600_000);
    await queue(failing.questionnaireId, 1, now);
    await flush();
    expect((await health(failing.webhookId)).state).toBe('healthy');

    now = new Date(start.getTime() + 5 * 24 * 3_600_000 + 60_000);
    await queue(failing.questionnaireId, 1, now);
    await flush();
    const disabled = await health(failing.webhookId);
    expect(disabled).toMatchObject({ state: 'disabled', since: now });
    expect(disabled.state === 'disabled' && disabled.reason).toMatch(
      new RegExp(
        `^Every delivery attempt failed since ${start.toISOString().slice(0, 19)}Z .*last error: HTTP 500$`,
      ),
    );
    const audit = await db().prisma.auditLog.findFirstOrThrow({
      where: { action: 'webhook.disable', targetId: failing.webhookId },
    });
    expect(audit).toMatchObject({ actorType: 'system', details: { automatic: true } });

    // Disabled: nothing more is claimed for it.
    const requests = failing.hook.requests.length;
    now = new Date(now.getTime() + 24 * 3_600_000);
    expect(await flush()).toMatchObject({ claimed: 0 });
    expect(failing.hook.requests).toHaveLength(requests);
  });

  it('keeps per-participant order: a newer revision supersedes an older one waiting, and waits for one in flight', async () => {
    const hook = await endpoint();
    const { participantId } = hook;
    const now = new Date();
    let published = 0;
    const publish = (status: string) =>
      bed.publish(participantId, new Date(now.getTime() - 1_000 + ++published), { status });

    // Waiting, not in flight: superseded at once.
    const first = await publish('Under_Review');
    const second = await publish('Result Published');
    expect(
      await db().prisma.webhookDelivery.findUniqueOrThrow({ where: { id: first.deliveryIds[0]! } }),
    ).toMatchObject({
      status: 'cancelled',
      lastError: `Superseded by revision ${second.revisionId} before it was sent`,
    });
    expect(await flushWebhooks(db().prisma, options({ now: () => now }))).toMatchObject({
      claimed: 1,
      succeeded: 1,
    });

    // In flight (claimed by a flusher that is still sending): the newer one is not claimed before it settles.
    const third = await publish('Under_Review');
    expect(
      await claimDueDeliveries(db().prisma, { now: () => now, flusherId: 'slow', leaseMs: 60_000 }),
    ).toEqual(third.deliveryIds);
    const fourth = await publish('Result Published');
    expect(
      await db().prisma.webhookDelivery.findUniqueOrThrow({ where: { id: third.deliveryIds[0]! } }),
    ).toMatchObject({ status: 'pending', leasedBy: 'slow' });
    expect(await flushWebhooks(db().prisma, options({ now: () => now }))).toMatchObject({ claimed: 0 });

    // The slow flusher dies: once its lease expires the older one goes first, then the newer one.
    const later = new Date(now.getTime() + 61_000);
    expect(await flushWebhooks(db().prisma, options({ now: () => later }))).toMatchObject({
      claimed: 2,
      succeeded: 2,
    });
    const statuses = hook.hook.requests.map((r) => (JSON.parse(r.body) as { status: string }).status);
    expect(statuses).toEqual(['Result Published', 'Under_Review', 'Result Published']);
    expect(hook.hook.requests.at(-1)!.headers['webhook-id']).toBe(fourth.messageIds[0]);
  });

  it('sends to the URL an Admin changed while a flush was running (the flush reads a changed endpoint again)', async () => {
    // The first send is held until well after the change has committed (under load a commit can take longer
    // than a short send), so the send after it is claimed or handed over once the change is visible.
    const first = await endpoint((_, index) => ({ status: 200, delayMs: index === 0 ? 1_000 : 150 }));
    const moved = await receiver();
    const ids = await queue(first.questionnaireId, 6);
    const flush = startFlush(
      db().prisma,
      options({ health: testHealthPolicy({ maxInFlightPerEndpoint: 1 }) }),
    );
    await first.hook.waitFor(1, 10_000);
    await configureWebhook(db().prisma, first.questionnaireId, { url: moved.url }, { settings });
    expect(await flush.done).toMatchObject({ succeeded: 6 });
    // One at a time: the send in flight when the URL changed (and at most the one claimed with it) went to
    // the old URL, the rest to the new one.
    expect(first.hook.requests.length).toBeLessThanOrEqual(2);
    expect(moved.requests.length).toBe(6 - first.hook.requests.length);
    const sent = [...first.hook.requests, ...moved.requests].map((r) => r.headers['webhook-id']);
    expect(new Set(sent).size).toBe(ids.length);
  });

  it('lets an immediate send (test event, replay) report the outcome of the attempt the pool took first', async () => {
    const slow = await endpoint(() => ({ status: 200, delayMs: 500 }));
    const [id] = await queue(slow.questionnaireId, 1);
    const flush = startFlush(db().prisma, options());
    await slow.hook.waitFor(1, 5_000);
    // The pool holds it: deliverNow waits for that attempt instead of answering while it is still pending.
    expect(await deliverNow(db().prisma, id!, options())).toBeNull();
    expect(await db().prisma.webhookDelivery.findUniqueOrThrow({ where: { id: id! } })).toMatchObject({
      status: 'succeeded',
      attemptCount: 1,
    });
    await flush.done;
    expect(slow.hook.requests).toHaveLength(1);
  });
});
