// Delivery at once: a publication wakes the dispatchers of every instance at commit (LISTEN/NOTIFY), with no
// cron call and no poll (the schedulers here poll once a minute), on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { publishResult } from '@/server/results/results';
import { createResultIngestionHandler } from '@/server/doors/result-ingestion';
import { startWebhookScheduler, type WebhookScheduler } from './scheduler';
import { startWakeListener, type WakeSource } from './wake-listener';
import { startTestReceiver, type TestReceiver } from '../test/webhook-receiver';
import { addParticipant, sampleResult, seedParticipant, testSettings } from '../test/webhook-fixtures';

const TOKEN = 'internal-token-for-the-wake-tests-0123456789';
const NO_POLL_MS = 60_000;
/** Far below NO_POLL_MS, so arriving within it proves the wake; generous for a busy machine. */
const WAKE_WAIT_MS = 10_000;
const settings = testSettings();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds())('dispatchers woken at commit (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let receiver: TestReceiver;
  let source: WakeSource;

  const startDispatcher = async (prisma: PrismaClient = db.prisma): Promise<WebhookScheduler> => {
    const scheduler = startWebhookScheduler({
      db: () => prisma,
      intervalMs: NO_POLL_MS,
      flushOptions: { settings },
      wakeSource: source,
      processWide: false,
    });
    await expect.poll(() => scheduler.listener?.isListening(), { timeout: WAKE_WAIT_MS }).toBe(true);
    return scheduler;
  };

  const seedWithWebhook = async () => {
    const seeded = await seedParticipant(db.prisma);
    await configureWebhook(db.prisma, seeded.questionnaireId, { url: receiver.url }, { settings });
    return seeded;
  };

  beforeAll(async () => {
    receiver = await startTestReceiver();
    source = db.pglite ? { kind: 'pglite', pglite: db.pglite } : { kind: 'postgresql', url: db.url };
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('sends a result published through the ingestion endpoint at once, tagged with its request id', async () => {
    const scheduler = await startDispatcher();
    try {
      const { participantId } = await seedWithWebhook();
      const before = receiver.requests.length;
      const ingest = createResultIngestionHandler({ db: () => db.prisma, token: () => TOKEN });
      const published = Date.now();
      const response = await ingest(
        new Request('http://localhost/api/internal/results', {
          method: 'POST',
          headers: {
            authorization: `Bearer ${TOKEN}`,
            'content-type': 'application/json',
            'x-request-id': 'engine-run-42',
          },
          body: JSON.stringify({ participant_uuid: participantId, ...sampleResult() }),
        }),
      );
      expect(response.status).toBe(202);
      const arrived = (await receiver.waitFor(before + 1, WAKE_WAIT_MS)).at(-1)!;
      expect(arrived.receivedAt - published).toBeLessThan(WAKE_WAIT_MS);
      const delivery = () => db.prisma.webhookDelivery.findFirstOrThrow({ where: { participantId } });
      await expect.poll(async () => (await delivery()).status, { timeout: WAKE_WAIT_MS }).toBe('succeeded');
      expect(await delivery()).toMatchObject({ requestId: 'engine-run-42' });
      expect(arrived.headers['webhook-id']).toBe((await delivery()).messageId);
    } finally {
      await scheduler.stop();
    }
  });

  it('wakes nobody and sends nothing for a rolled-back publication', async () => {
    const { participantId } = await seedWithWebhook();
    let wakes = 0;
    const listener = startWakeListener({ source, onWake: () => wakes++ });
    try {
      await expect.poll(() => listener.isListening(), { timeout: WAKE_WAIT_MS }).toBe(true);
      wakes = 0;
      await expect(
        db.prisma.$transaction(async (tx) => {
          await publishResult(tx, { participantId, result: sampleResult(), source: 'engine' });
          throw new Error('the engine changed its mind');
        }),
      ).rejects.toThrow('the engine changed its mind');
      await sleep(300);
      expect(wakes).toBe(0);
      expect(await db.prisma.webhookDelivery.count({ where: { participantId } })).toBe(0);

      await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
      await expect.poll(() => wakes, { timeout: WAKE_WAIT_MS }).toBeGreaterThan(0);
    } finally {
      await listener.stop();
    }
  });

  it.runIf(kind === 'postgresql')('has two dispatchers on one database send each delivery once', async () => {
    const other = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url, max: 3 }) });
    const [first, second] = await Promise.all([startDispatcher(), startDispatcher(other)]);
    try {
      const { questionnaireId } = await seedWithWebhook();
      const before = receiver.requests.length;
      const results = 20;
      // A participant each: every result is sent (a newer revision of one participant supersedes).
      for (let i = 0; i < results; i++) {
        const { participantId } = await addParticipant(db.prisma, questionnaireId);
        await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
      }
      await receiver.waitFor(before + results, WAKE_WAIT_MS);
      await sleep(500);
      const ids = receiver.requests.slice(before).map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(results);
      expect(new Set(ids).size).toBe(results);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await other.$disconnect();
    }
  });

  it.runIf(kind === 'postgresql')(
    're-establishes a killed listener connection and is woken again',
    async () => {
      const scheduler = await startDispatcher();
      try {
        const killed = scheduler.listener!.backendPid();
        expect(killed).toEqual(expect.any(Number));
        await db.prisma.$queryRaw`SELECT pg_terminate_backend(${killed}::int)`;
        const reconnected = () => {
          const pid = scheduler.listener!.backendPid();
          return scheduler.listener!.isListening() && pid !== null && pid !== killed;
        };
        await expect.poll(reconnected, { timeout: WAKE_WAIT_MS }).toBe(true);

        const { participantId } = await seedWithWebhook();
        const before = receiver.requests.length;
        await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
        await receiver.waitFor(before + 1, WAKE_WAIT_MS);
      } finally {
        await scheduler.stop();
      }
    },
  );
});
