import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { publishResult } from '@/server/results/results';
import { createFlushHandler } from './flush-endpoint';
import { startTestReceiver } from '@/server/test/webhook-receiver';
import { sampleResult, seedParticipant, testSettings } from '@/server/test/webhook-fixtures';

const SECRET = 'cron-secret-for-the-tests-0123456789';

describe('GET/POST /api/cron/flush-webhooks', () => {
  let db: TestDatabase;
  let secret: string | undefined = SECRET;
  let handler: (req: Request) => Promise<Response>;
  const settings = testSettings();
  const call = (method: 'GET' | 'POST', authorization = `Bearer ${SECRET}`) =>
    handler(new Request('http://localhost/api/cron/flush-webhooks', { method, headers: { authorization } }));

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    handler = createFlushHandler({
      db: () => db.prisma,
      secret: () => secret,
      flushOptions: () => ({ settings }),
    });
  });
  afterAll(async () => {
    await db.close();
  });

  it('flushes due deliveries and answers with the counts, on GET and POST', async () => {
    const receiver = await startTestReceiver((_r, i) => ({ status: i === 0 ? 500 : 200 }));
    try {
      // Two participants: a second result of one participant would supersede its first before it is sent.
      for (let i = 0; i < 2; i++) {
        const { participantId, questionnaireId } = await seedParticipant(db.prisma);
        await configureWebhook(db.prisma, questionnaireId, { url: receiver.url }, { settings });
        await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
      }
      const first = await call('GET');
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ claimed: 2, succeeded: 1, retried: 1, failed: 0 });
      const second = await call('POST');
      expect(await second.json()).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
    } finally {
      await receiver.close();
    }
  });

  it('refuses a caller without CRON_SECRET, and is off when it is unset', async () => {
    expect((await call('GET', '')).status).toBe(401);
    expect((await call('POST', 'Bearer wrong-secret')).status).toBe(401);
    secret = undefined;
    try {
      const off = await call('GET');
      expect(off.status).toBe(503);
      expect(await off.json()).toMatchObject({
        error: 'SERVICE_UNAVAILABLE',
        message: 'This endpoint is switched off: set CRON_SECRET to enable it',
      });
    } finally {
      secret = SECRET;
    }
  });
});
