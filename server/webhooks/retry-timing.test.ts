// Retries on time, with the built-in scheduler and a real receiver, on both databases: a retry goes out when it
// is due (not on the next slow poll, which these schedulers never reach), and when a failing endpoint answers
// again, every delivery it kept waiting is sent at once, oldest first, not each at its own later retry time;
// and once the breaker's cool-off ends, its probe does not wait for a delivery's own (longer) retry step.
// Generous windows: these are behaviour checks, not speed figures.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { flushWebhooks, type FlushOptions } from './dispatcher';
import { startWebhookScheduler, type WebhookScheduler } from './scheduler';
import { RETRY_DELAYS_MS, JITTER } from './retry-schedule';
import { testHealthPolicy } from '../test/webhook-fixtures';
import { useWebhookTestBed } from '../test/webhook-database';
import { nextDueAt } from './next-due';

/** Far beyond every wait here: a delivery that arrives in time was sent by the scheduler's timer. */
const NO_POLL_MS = 120_000;

describe.each(testDatabaseKinds())('retries on time (%s)', (kind) => {
  let db: TestDatabase;
  let scheduler: WebhookScheduler | undefined;

  // Its hooks registered before the scheduler's, so they run after it: the scheduler stops before its receiver.
  const bed = useWebhookTestBed(kind);
  const { receiver, publish, settings } = bed;
  beforeEach(() => {
    db = bed.db();
  });
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
  });

  /**
   * An endpoint that answers 503 until `recover()`, one send at a time (so the order of arrival is the order of
   * sending), whose breaker opens at the `breakerFailures`th failure in a row and first probes
   * `probeBaseDelayMs` later; with `count` results queued for it a millisecond apart from `start`.
   */
  const failingEndpoint = async (breakerFailures: number, probeBaseDelayMs: number, count: number) => {
    let down = true;
    const hook = await receiver(() => ({ status: down ? 503 : 200 }));
    const { questionnaireId, participantId } = await bed.seedWebhook(hook.url);
    const health = testHealthPolicy({ maxInFlightPerEndpoint: 1, breakerFailures, probeBaseDelayMs });
    // A result for the seeded participant and `count - 1` more, a millisecond apart (oldest first).
    const start = Date.now();
    const participants = [participantId];
    for (let i = 1; i < count; i++)
      participants.push((await bed.addParticipant(questionnaireId)).participantId);
    for (const [i, id] of participants.entries()) await publish(id, new Date(start + i));
    const recover = () => {
      down = false;
    };
    return { hook, questionnaireId, health, start, recover };
  };

  const startScheduler = (flushOptions: FlushOptions) => {
    scheduler = startWebhookScheduler({
      db: () => db.prisma,
      intervalMs: NO_POLL_MS,
      flushOptions: { settings, timeoutMs: 5_000, ...flushOptions },
      processWide: false,
    });
    return scheduler;
  };

  it('does not wake for a listen endpoint’s retry, which only its pais listen session takes', async () => {
    const { webhookId, participantId } = await bed.seedWebhook('http://127.0.0.1:9/hook');
    await publish(participantId);
    const now = new Date();
    const due = new Date(now.getTime() + 60_000);
    await db.prisma.webhookDelivery.updateMany({
      where: { webhookId },
      data: { nextAttemptAt: due },
    });
    expect(await nextDueAt(db.prisma, now)).toEqual(due);
    await db.prisma.webhookEndpoint.update({ where: { id: webhookId }, data: { deliveryMode: 'listen' } });
    expect(await nextDueAt(db.prisma, now)).toBeNull();
  });

  it('sends the 5 s retry 5–6 s after the failure', async () => {
    expect(RETRY_DELAYS_MS[0]).toBe(5_000);
    expect(RETRY_DELAYS_MS[0] * (1 + JITTER)).toBeLessThanOrEqual(5_500);
    const hook = await receiver((_, index) => ({ status: index === 0 ? 503 : 200 }));
    const { participantId } = await bed.seedWebhook(hook.url);
    await publish(participantId);
    startScheduler({});
    const [failed, retried] = await hook.waitFor(2, 15_000);
    expect(retried!.headers['webhook-id']).toBe(failed!.headers['webhook-id']);
    const gap = retried!.receivedAt - failed!.receivedAt;
    expect(gap).toBeGreaterThanOrEqual(5_000);
    expect(gap).toBeLessThanOrEqual(6_000);
  });

  it('sends every delivery a failing endpoint kept waiting within 2 s of its first success, oldest first', async () => {
    // The breaker opens at the eighth failure in a row, and its first probe is a minute later.
    const { hook, questionnaireId, health, start, recover } = await failingEndpoint(8, 60_000, 4);

    // The outage, on a clock the test moves: every delivery fails at once and again 5 s later (in the order
    // queued), and is then left at its 5-minute step, whose jitter puts the first-queued one first and the
    // others in reverse order of queuing (the second last), as far as 30 s apart.
    const outage = (at: number, random: () => number) =>
      flushWebhooks(db.prisma, { settings, health, now: () => new Date(at), random });
    let sent = 0;
    expect(await outage(start + 1_000, () => sent++ / 100)).toMatchObject({ claimed: 4, retried: 4 });
    const jitters = [0, 0.99, 0.66, 0.33];
    expect(await outage(start + 7_000, () => jitters.shift()!)).toMatchObject({ claimed: 4, retried: 4 });
    const waiting = await db.prisma.webhookDelivery.findMany({
      where: { webhook: { questionnaireId } },
      orderBy: { createdAt: 'asc' },
    });
    const retryTimes = waiting.map((d) => d.nextAttemptAt.getTime());
    expect(retryTimes[1]! - retryTimes[0]!).toBeGreaterThan(25_000);
    const endpoint = await db.prisma.webhookEndpoint.findFirstOrThrow({ where: { questionnaireId } });
    expect(endpoint.breakerOpenedAt).not.toBeNull();

    // 20 s after it went down the endpoint answers again; its first success is the probe at the first
    // delivery's 5-minute step. The test's clock jumps there.
    expect(await outage(start + 20_000, () => 0)).toMatchObject({ claimed: 0 });
    recover();
    const offset = retryTimes[0]! + 10 - Date.now();
    const sentBefore = hook.requests.length;
    startScheduler({ health, now: () => new Date(Date.now() + offset) });
    const received = (await hook.waitFor(sentBefore + 4, 10_000)).slice(sentBefore);

    const firstSuccess = received[0]!.receivedAt;
    for (const r of received) expect(r.receivedAt - firstSuccess).toBeLessThanOrEqual(2_000);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(waiting.map((d) => d.messageId));
    await expect
      .poll(async () =>
        (await db.prisma.webhookDelivery.findMany({ where: { webhook: { questionnaireId } } })).map(
          (d) => d.status,
        ),
      )
      .toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    const healed = await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(healed).toMatchObject({ breakerOpenedAt: null, consecutiveFailures: 0 });
  });

  it('sends a recovered endpoint’s waiting deliveries when the breaker’s cool-off ends, before their own retry step', async () => {
    // The sixth failure in a row opens the breaker, whose cool-off (30 s) is far shorter than the deliveries'
    // 5-minute retry step.
    const { hook, questionnaireId, health, start, recover } = await failingEndpoint(6, 30_000, 3);

    // The outage, on a clock the test moves: each delivery fails now and at its 5 s step, and is left at its
    // 5-minute step; the sixth failure opens the breaker.
    const outage = (at: number) =>
      flushWebhooks(db.prisma, { settings, health, now: () => new Date(at), random: () => 0.5 });
    expect(await outage(start + 1_000)).toMatchObject({ claimed: 3, retried: 3 });
    expect(await outage(start + 7_000)).toMatchObject({ claimed: 3, retried: 3 });
    const endpoint = await db.prisma.webhookEndpoint.findFirstOrThrow({ where: { questionnaireId } });
    expect(endpoint.breakerOpenedAt).not.toBeNull();
    const waiting = await db.prisma.webhookDelivery.findMany({
      where: { webhookId: endpoint.id },
      orderBy: { createdAt: 'asc' },
    });
    const probeAfter = endpoint.probeAfter!.getTime();
    for (const d of waiting) expect(d.nextAttemptAt.getTime()).toBeGreaterThan(probeAfter + 60_000);

    // The endpoint answers again; the test's clock jumps to the end of the cool-off, minutes before any
    // delivery's own retry step, and stays there (a probe that waited for a due delivery would never send).
    recover();
    const sentBefore = hook.requests.length;
    const offset = probeAfter + 10 - Date.now();
    startScheduler({ health, now: () => new Date(Date.now() + offset) });
    const received = (await hook.waitFor(sentBefore + 3, 10_000)).slice(sentBefore);

    // Oldest first, each well before its own retry step was due (on the test's clock).
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(waiting.map((d) => d.messageId));
    for (const [i, r] of received.entries())
      expect(r.receivedAt + offset).toBeLessThan(waiting[i]!.nextAttemptAt.getTime());
    await expect
      .poll(async () =>
        (await db.prisma.webhookDelivery.findMany({ where: { webhookId: endpoint.id } })).map(
          (d) => d.status,
        ),
      )
      .toEqual(['succeeded', 'succeeded', 'succeeded']);
    const healed = await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(healed).toMatchObject({ breakerOpenedAt: null, consecutiveFailures: 0 });
  });
});
