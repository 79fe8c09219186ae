// The Admin app's "Retry now" on a failing endpoint: the delivery is sent at once, beside the endpoint's cap and
// breaker (docs/webhooks.md), not when the breaker's next probe is due minutes later, and only that delivery.
// A failed extra attempt uses up no retry step. Both databases, a real receiver on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { adminCallerFor } from '@/server/test/admin-caller';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';
import { sampleResult, seedParticipant, addParticipant } from '@/server/test/webhook-fixtures';
import { startTestReceiver, type TestReceiver } from '@/server/test/webhook-receiver';
import { createAdmin } from '@/server/admins/users';
import { publishResult } from '@/server/results/results';
import { configureWebhook } from '@/server/webhooks/config';
import { flushWebhooks } from '@/server/webhooks/dispatcher';

describe.each(testDatabaseKinds())('the Admin app’s Retry now on a failing endpoint (%s)', (kind) => {
  allowPrivateWebhookUrls();
  const db = useTestDatabase(kind);
  let receiver: TestReceiver;

  beforeAll(async () => {
    receiver = await startTestReceiver(() => ({ status: 503 }));
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('sends the delivery at once, while the breaker holds the endpoint’s other deliveries back', async () => {
    const seeded = await seedParticipant(db.prisma);
    const admin = await createAdmin(db.prisma, {
      email: `retry-now-${kind}@example.com`,
      password: 'a-long-enough-password',
      questionnaireId: seeded.questionnaireId,
    });
    const api = adminCallerFor(db, admin.id);
    const { webhook } = await configureWebhook(db.prisma, seeded.questionnaireId, { url: receiver.url });
    for (let i = 0; i < 5; i++) {
      const { participantId } = await addParticipant(db.prisma, seeded.questionnaireId);
      await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
    }
    await flushWebhooks(db.prisma);
    // Failing: the breaker is open, its next probe ten minutes away, each delivery's next retry five minutes.
    const endpoint = await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(endpoint.breakerOpenedAt).not.toBeNull();
    await db.prisma.webhookEndpoint.update({
      where: { id: webhook.id },
      data: { probeAfter: new Date(Date.now() + 10 * 60_000) },
    });
    const nextRetry = new Date(Date.now() + 5 * 60_000);
    await db.prisma.webhookDelivery.updateMany({
      where: { webhookId: webhook.id },
      data: { nextAttemptAt: nextRetry },
    });
    const chosen = await db.prisma.webhookDelivery.findFirstOrThrow({ where: { webhookId: webhook.id } });
    const attempts = () => db.prisma.webhookDeliveryAttempt.count({ where: { deliveryId: chosen.id } });
    const settledAfter = async (count: number) => {
      for (let i = 0; i < 200 && (await attempts()) < count; i++) await new Promise((r) => setTimeout(r, 50));
      return db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: chosen.id } });
    };

    // Still failing: the extra attempt is made at once and the delivery keeps its step and its time.
    const before = receiver.requests.length;
    await api.webhook.replay({ questionnaireId: seeded.questionnaireId, deliveryId: chosen.id });
    await receiver.waitFor(before + 1, 1_000);
    expect(await settledAfter(2)).toMatchObject({
      status: 'pending',
      attemptCount: chosen.attemptCount,
      nextAttemptAt: nextRetry,
    });

    receiver.respond(() => ({ status: 200 }));
    const askedAt = Date.now();
    await api.webhook.replay({ questionnaireId: seeded.questionnaireId, deliveryId: chosen.id });
    const [arrived] = (await receiver.waitFor(before + 2, 1_000)).slice(before + 1);
    expect(arrived!.receivedAt - askedAt).toBeLessThan(1_000);
    expect(arrived!.headers['webhook-id']).toBe(chosen.messageId);
    expect(await settledAfter(3)).toMatchObject({ status: 'succeeded' });
    // Only the delivery asked for: the others wait for the breaker's probe.
    expect(receiver.requests).toHaveLength(before + 2);
  });
});
