// Recovery ("Re-enable and send what was missed since …"): the endpoint is enabled again and each delivery it
// missed since a time reaches a real receiver once, oldest first, with its webhook-id kept; a second recovery
// queues nothing more. Also "Retry now" as an extra attempt that leaves the automatic schedule as it was.
import { beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { startTestReceiver, type TestReceiver } from '@/server/test/webhook-receiver';
import { addParticipant, sampleResult, seedParticipant, testSettings } from '@/server/test/webhook-fixtures';
import { useWebhookTestDatabase } from '@/server/test/webhook-database';
import { toRfc3339Utc } from '@/server/platform/lib/time';
import { RETRY_DELAYS_MS } from '@/server/webhooks/retry-schedule';
import { publishResult } from '../results/results';
import { configureWebhook, setWebhookActive } from './config';
import { recoverDeliveries } from './recovery';
import { replayDelivery } from './replay';

const settings = testSettings();
const MINUTE = 60_000;
const summaries = (receiver: TestReceiver) =>
  receiver.requests.map((r) => (JSON.parse(r.body) as { summary: string }).summary);

describe.each(testDatabaseKinds())('webhook recovery (%s)', (kind) => {
  const database = useWebhookTestDatabase(kind);
  let db: TestDatabase;
  beforeEach(() => {
    db = database();
  });

  /** A questionnaire with two participants and a webhook to a receiver answering `status`. */
  async function setUp(receiver: TestReceiver) {
    const seeded = await seedParticipant(db.prisma);
    const other = await db.prisma.participant.create({
      data: {
        questionnaireId: seeded.questionnaireId,
        irn: `IRN-other-${Date.now()}`,
        attempts: { create: { number: 1, accessCode: `AC-${Date.now()}`, guideToken: `gt-${Date.now()}` } },
      },
    });
    await configureWebhook(db.prisma, seeded.questionnaireId, { url: receiver.url }, { settings });
    return { ...seeded, otherId: other.id };
  }

  const publish = (participantId: string, summary: string, now: Date) =>
    publishResult(db.prisma, { participantId, result: sampleResult({ summary }), source: 'engine', now });
  const flush = (now = new Date()) => flushWebhooks(db.prisma, { settings, now: () => now });

  it('re-enables an endpoint disabled by 410 and sends each missed delivery once, oldest first', async () => {
    const receiver = await startTestReceiver(() => ({ status: 410 }));
    try {
      const { questionnaireId, participantId, otherId } = await setUp(receiver);
      const t0 = new Date(Date.now() - 10 * MINUTE);
      // The endpoint was set up before all of it (results published before that were never its to send).
      await db.prisma.webhookEndpoint.updateMany({
        where: { questionnaireId },
        data: { createdAt: new Date(t0.getTime() - MINUTE) },
      });
      // Before the window: a result delivered once; it must not come again.
      receiver.respond(() => ({ status: 200 }));
      await publish(otherId, 'before the window', t0);
      await flush();
      const since = new Date(t0.getTime() + MINUTE);
      // The receiver answers 410: the delivery gives up and the endpoint is disabled.
      receiver.respond(() => ({ status: 410 }));
      await publish(participantId, 'gave up', new Date(since.getTime() + MINUTE));
      await flush();
      const gaveUp = await db.prisma.webhookDelivery.findFirstOrThrow({
        where: { status: 'failed', webhook: { questionnaireId } },
      });
      const endpoint = await db.prisma.webhookEndpoint.findFirstOrThrow({ where: { questionnaireId } });
      expect(endpoint).toMatchObject({ active: false, disabledReason: 'The endpoint answered 410 Gone' });
      // Published while disabled: nothing queued for them. Recovery sends each participant's latest revision
      // only, as delivery does (a newer revision supersedes an older one): otherId's first of these two is left.
      await publish(otherId, 'skipped, then updated', new Date(since.getTime() + 2 * MINUTE));
      await publish(otherId, 'skipped, latest', new Date(since.getTime() + 4 * MINUTE));
      expect(await db.prisma.webhookDelivery.count({ where: { webhook: { questionnaireId } } })).toBe(2);

      receiver.respond(() => ({ status: 200 }));
      const before = receiver.requests.length;
      const actor = { type: 'cli' as const, id: 'operator' };
      expect((await recoverDeliveries(db.prisma, { questionnaireId, since, actor })).queued).toBe(2);
      const enabled = await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      expect(enabled).toMatchObject({ active: true, disabledAt: null, disabledReason: null });
      // Queued oldest first: the dispatcher claims in due order.
      const queued = await db.prisma.webhookDelivery.findMany({
        where: { webhook: { questionnaireId }, status: 'pending' },
        orderBy: { nextAttemptAt: 'asc' },
      });
      expect(queued.map((d) => (d.payload as { summary: string }).summary)).toEqual([
        'gave up',
        'skipped, latest',
      ]);
      expect(queued[0]!.id).toBe(gaveUp.id);
      await flush();
      const arrived = receiver.requests.slice(before);
      expect(arrived.map((r) => (JSON.parse(r.body) as { summary: string }).summary).sort()).toEqual([
        'gave up',
        'skipped, latest',
      ]);
      // The gave-up delivery is sent as itself: the receiver de-duplicates on its webhook-id.
      expect(arrived.map((r) => r.headers['webhook-id'])).toContain(gaveUp.messageId);
      expect(new Set(arrived.map((r) => r.headers['webhook-id'])).size).toBe(2);

      // A second recovery finds nothing missed: everything has its delivery now.
      expect((await recoverDeliveries(db.prisma, { questionnaireId, since, actor })).queued).toBe(0);
      await flush();
      expect(receiver.requests.slice(before)).toHaveLength(2);
      expect(summaries(receiver).filter((s) => s === 'before the window')).toHaveLength(1);

      const audit = await db.prisma.auditLog.findMany({
        where: { action: 'webhook.recover', questionnaireId },
        orderBy: { at: 'asc' },
      });
      expect(audit.map((a) => [a.actorType, a.actorId, a.details])).toEqual([
        [
          'cli',
          'operator',
          {
            since: toRfc3339Utc(since),
            queued: 2,
            reenabled: true,
            disabledReason: 'The endpoint answered 410 Gone',
          },
        ],
        ['cli', 'operator', { since: toRfc3339Utc(since), queued: 0, reenabled: false }],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('does not queue a delivery twice while the re-queued one is still pending', async () => {
    const receiver = await startTestReceiver(() => ({ status: 500 }));
    try {
      const { questionnaireId, participantId } = await setUp(receiver);
      const since = new Date(Date.now() - MINUTE);
      await publish(participantId, 'down', new Date());
      const delivery = await db.prisma.webhookDelivery.findFirstOrThrow({
        where: { webhook: { questionnaireId } },
      });
      // It gave up after the whole schedule (as the dispatcher leaves it).
      await db.prisma.webhookDelivery.update({
        where: { id: delivery.id },
        data: { status: 'failed', attemptCount: 8, lastError: 'HTTP 500' },
      });
      expect((await recoverDeliveries(db.prisma, { questionnaireId, since })).queued).toBe(1);
      // Still down: the re-queued delivery fails its first attempt and waits to retry.
      await flush();
      expect(await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject(
        {
          status: 'pending',
          attemptCount: 1,
        },
      );
      expect((await recoverDeliveries(db.prisma, { questionnaireId, since })).queued).toBe(0);
      // Two recoveries at once queue it once between them.
      await db.prisma.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'failed' } });
      const counts = await Promise.all([
        recoverDeliveries(db.prisma, { questionnaireId, since }),
        recoverDeliveries(db.prisma, { questionnaireId, since }),
      ]);
      expect(counts.map((c) => c.queued).sort()).toEqual([0, 1]);
      expect(await db.prisma.webhookDelivery.count({ where: { webhook: { questionnaireId } } })).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('leaves a gave-up delivery alone when a newer one of the same participant was accepted since', async () => {
    const receiver = await startTestReceiver(() => ({ status: 200 }));
    try {
      const { questionnaireId, participantId } = await setUp(receiver);
      const since = new Date(Date.now() - 10 * MINUTE);
      await publish(participantId, 'older', new Date(since.getTime() + MINUTE));
      await publish(participantId, 'newer', new Date(since.getTime() + 2 * MINUTE));
      await flush();
      const older = await db.prisma.webhookDelivery.findFirstOrThrow({
        where: { webhook: { questionnaireId } },
        orderBy: { createdAt: 'asc' },
      });
      await db.prisma.webhookDelivery.update({ where: { id: older.id }, data: { status: 'failed' } });
      expect((await recoverDeliveries(db.prisma, { questionnaireId, since })).queued).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('re-enables an endpoint an Admin disabled for an Admin or operator, sending what was published meanwhile', async () => {
    const receiver = await startTestReceiver(() => ({ status: 200 }));
    try {
      const { questionnaireId, participantId } = await setUp(receiver);
      const since = new Date(Date.now() - MINUTE);
      await setWebhookActive(db.prisma, questionnaireId, false);
      await publish(participantId, 'while paused', new Date());
      const recovery = await recoverDeliveries(db.prisma, {
        questionnaireId,
        since,
        mayLiftAdminPause: true,
      });
      expect(recovery).toEqual({ queued: 1, hasMore: false, reenabled: true });
      await flush();
      expect(summaries(receiver)).toEqual(['while paused']);
    } finally {
      await receiver.close();
    }
  });
});

describe.each(testDatabaseKinds())('webhook recovery in bounded batches (%s)', (kind) => {
  const database = useWebhookTestDatabase(kind);
  let db: TestDatabase;
  beforeEach(() => {
    db = database();
  });

  it('queues at most a bound per call, one transaction per batch, and the next call goes on where it stopped', async () => {
    const receiver = await startTestReceiver(() => ({ status: 200 }));
    try {
      const { questionnaireId, participantId } = await seedParticipant(db.prisma);
      await configureWebhook(db.prisma, questionnaireId, { url: receiver.url }, { settings });
      const since = new Date(Date.now() - 10 * MINUTE);
      await db.prisma.webhookEndpoint.updateMany({ where: { questionnaireId }, data: { createdAt: since } });
      await setWebhookActive(db.prisma, questionnaireId, false);
      const participants = [participantId];
      for (let i = 1; i < 5; i++)
        participants.push((await addParticipant(db.prisma, questionnaireId)).participantId);
      for (const [i, id] of participants.entries()) {
        const at = new Date(since.getTime() + (i + 1) * MINUTE);
        await publishResult(db.prisma, {
          participantId: id,
          result: sampleResult({ summary: `r${i}` }),
          source: 'engine',
          now: at,
        });
      }
      const limits = { batchSize: 2, batchesPerCall: 2 };
      const recover = () =>
        recoverDeliveries(db.prisma, { questionnaireId, since, limits, mayLiftAdminPause: true });

      expect(await recover()).toEqual({ queued: 4, hasMore: true, reenabled: true });
      // Two transactions, each with its audit entry and its own two deliveries: the four oldest.
      const audit = await db.prisma.auditLog.findMany({
        where: { action: 'webhook.recover', questionnaireId },
        orderBy: { at: 'asc' },
      });
      expect(audit.map((a) => (a.details as { queued: number }).queued)).toEqual([2, 2]);
      const queued = await db.prisma.webhookDelivery.findMany({
        where: { webhook: { questionnaireId } },
        orderBy: { nextAttemptAt: 'asc' },
      });
      expect(queued.map((d) => (d.payload as { summary: string }).summary)).toEqual(['r0', 'r1', 'r2', 'r3']);

      // The next call queues the rest; one after it finds nothing left.
      expect(await recover()).toEqual({ queued: 1, hasMore: false, reenabled: false });
      expect(await recover()).toEqual({ queued: 0, hasMore: false, reenabled: false });
      await flushWebhooks(db.prisma, { settings });
      expect(summaries(receiver).sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    } finally {
      await receiver.close();
    }
  });
});

describe.each(testDatabaseKinds())('"Retry now" is an extra attempt (%s)', (kind) => {
  const database = useWebhookTestDatabase(kind);
  let db: TestDatabase;
  beforeEach(() => {
    db = database();
  });

  /** A delivery that failed `attempts` times and waits for its next automatic attempt at `dueAt`. */
  async function waitingDelivery(receiverUrl: string, attempts: number, dueAt: Date) {
    const { questionnaireId, participantId } = await seedParticipant(db.prisma);
    await configureWebhook(db.prisma, questionnaireId, { url: receiverUrl }, { settings });
    await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
    const delivery = await db.prisma.webhookDelivery.findFirstOrThrow({
      where: { webhook: { questionnaireId } },
    });
    await db.prisma.webhookDelivery.update({
      where: { id: delivery.id },
      data: { attemptCount: attempts, nextAttemptAt: dueAt, lastError: 'HTTP 500', lastStatusCode: 500 },
    });
    return { questionnaireId, deliveryId: delivery.id };
  }

  it('records a failed extra attempt and keeps the step and time of the automatic schedule', async () => {
    const receiver = await startTestReceiver(() => ({ status: 500 }));
    try {
      // Three attempts failed: the fourth is due on the 30-minute step.
      const dueAt = new Date(Date.now() + RETRY_DELAYS_MS[2]);
      const { questionnaireId, deliveryId } = await waitingDelivery(receiver.url, 3, dueAt);
      await replayDelivery(db.prisma, questionnaireId, deliveryId);
      await flushWebhooks(db.prisma, { settings });
      expect(receiver.requests).toHaveLength(1);
      const after = await db.prisma.webhookDelivery.findUniqueOrThrow({
        where: { id: deliveryId },
        include: { attempts: true },
      });
      expect(after).toMatchObject({
        status: 'pending',
        attemptCount: 3,
        nextAttemptAt: dueAt,
        resumeScheduleAt: null,
        lastStatusCode: 500,
      });
      expect(after.attempts).toHaveLength(1);
      // Twice in a row: still the same step and time.
      await replayDelivery(db.prisma, questionnaireId, deliveryId);
      await flushWebhooks(db.prisma, { settings });
      expect(await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({
        attemptCount: 3,
        nextAttemptAt: dueAt,
      });
      // The automatic attempt then comes when it was due, and the one after it is the 2-hour step.
      await flushWebhooks(db.prisma, { settings, now: () => dueAt, random: () => 0 });
      const automatic = await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
      expect(automatic.attemptCount).toBe(4);
      expect(automatic.nextAttemptAt.getTime() - dueAt.getTime()).toBe(RETRY_DELAYS_MS[3]);
    } finally {
      await receiver.close();
    }
  });

  it('does not give up on a failed extra attempt before the last automatic one', async () => {
    const receiver = await startTestReceiver(() => ({ status: 500 }));
    try {
      const dueAt = new Date(Date.now() + 5 * 60 * MINUTE);
      const { questionnaireId, deliveryId } = await waitingDelivery(receiver.url, 7, dueAt);
      await replayDelivery(db.prisma, questionnaireId, deliveryId);
      await flushWebhooks(db.prisma, { settings });
      expect(await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({
        status: 'pending',
        attemptCount: 7,
        nextAttemptAt: dueAt,
      });
    } finally {
      await receiver.close();
    }
  });

  it('ends the schedule when the extra attempt succeeds', async () => {
    const receiver = await startTestReceiver(() => ({ status: 200 }));
    try {
      const { questionnaireId, deliveryId } = await waitingDelivery(
        receiver.url,
        3,
        new Date(Date.now() + MINUTE),
      );
      await replayDelivery(db.prisma, questionnaireId, deliveryId);
      await flushWebhooks(db.prisma, { settings });
      expect(await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({
        status: 'succeeded',
        attemptCount: 4,
        resumeScheduleAt: null,
      });
    } finally {
      await receiver.close();
    }
  });
});
