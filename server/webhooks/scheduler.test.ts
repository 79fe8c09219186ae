import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { publishResult } from '@/server/results/results';
import { startWebhookScheduler, wakeWebhookScheduler } from './scheduler';
import { startTestReceiver } from '../test/webhook-receiver';
import { sampleResult, seedParticipant, testSettings } from '../test/webhook-fixtures';
import type { FlushCounts } from './dispatcher';

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
});
