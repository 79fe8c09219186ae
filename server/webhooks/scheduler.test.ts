import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { publishResult } from '@/server/results/results';
import { startWebhookScheduler, wakeWebhookScheduler } from './scheduler';
import { startTestReceiver } from '../test/webhook-receiver';
import { sampleResult, seedParticipant, testSettings } from '../test/webhook-fixtures';
import type { FlushCounts } from './dispatcher';
import { redirectLogs } from '@/server/platform/observability/logger';
import { runInRequestContext } from '@/server/platform/observability/request-context';

describe('built-in webhook scheduler', () => {
  let db: TestDatabase;
  const settings = testSettings();

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await db.close();
  });

  it('flushes by itself, wakes at once on a new result, never overlaps, and stops cleanly', async () => {
    const receiver = await startTestReceiver(() => ({ status: 200, delayMs: 150 }));
    const { participantId, questionnaireId } = await seedParticipant(db.prisma);
    await configureWebhook(db.prisma, questionnaireId, { url: receiver.url }, { settings });
    let active = 0;
    let maxActive = 0;
    const flushes: FlushCounts[] = [];
    const scheduler = startWebhookScheduler({
      db: () => {
        active++;
        maxActive = Math.max(maxActive, active);
        return db.prisma;
      },
      intervalMs: 60_000, // only wake-ups and the first tick flush in this test
      flushOptions: { settings },
      onFlush: (counts) => {
        active--;
        flushes.push(counts);
      },
    });
    try {
      await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
      const published = Date.now();
      for (let i = 0; i < 5; i++) wakeWebhookScheduler();
      await receiver.waitFor(1, 5_000);
      expect(receiver.requests[0]!.receivedAt - published).toBeLessThan(2_000);
      await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
      wakeWebhookScheduler();
      await receiver.waitFor(2, 5_000);
    } finally {
      await scheduler.stop();
      await receiver.close();
    }
    expect(maxActive).toBe(1);
    const countAfterStop = flushes.length;
    wakeWebhookScheduler(); // no scheduler any more: nothing happens
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(flushes.length).toBe(countAfterStop);
    expect(flushes.reduce((sum, c) => sum + c.succeeded, 0)).toBe(2);
  });

  it("runs a flush a request woke in its own context: none of its lines carries that request's id", async () => {
    const receiver = await startTestReceiver(() => ({ status: 200 }));
    const { participantId, questionnaireId } = await seedParticipant(db.prisma);
    await configureWebhook(db.prisma, questionnaireId, { url: receiver.url }, { settings });
    const lines: { msg: string; requestId?: string }[] = [];
    let firstFlushEnded!: () => void;
    const idle = new Promise<void>((resolve) => (firstFlushEnded = resolve));
    const scheduler = startWebhookScheduler({
      db: () => db.prisma,
      intervalMs: 60_000,
      flushOptions: { settings },
      onFlush: () => firstFlushEnded(),
    });
    // The lines of this test only (they carry no secrets), taken over from the log-leak guard's capture.
    const restore = redirectLogs((line) => lines.push(JSON.parse(line) as (typeof lines)[number]));
    try {
      await idle;
      // As the REST door does: the request publishes, then wakes the scheduler, which starts a flush.
      await runInRequestContext({ requestId: 'req-that-woke-the-flush' }, async () => {
        await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
        wakeWebhookScheduler();
      });
      await receiver.waitFor(1, 5_000);
      await expect
        .poll(() => lines.filter((l) => l.msg === 'webhook delivery attempt').length, { timeout: 5_000 })
        .toBe(1);
    } finally {
      restore();
      await scheduler.stop();
      await receiver.close();
    }
    const attempt = lines.find((l) => l.msg === 'webhook delivery attempt');
    expect(attempt?.requestId).toBeUndefined();
  });
});
