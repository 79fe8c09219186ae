// A settlement hands its slot the endpoint's next deliveries only while its flusher still holds the settled
// delivery's lease (claim.ts, handOffSql): once the lease ran out and another flusher took the delivery
// over, that flusher's slot is the one that carries on. Both databases, the settler's own statement.
import { describe, expect, it } from 'vitest';
import { resultDeliveryPayload, RESULT_DELIVERY_EVENT } from '@/server/test/result-delivery';
import { testDatabaseKinds } from '@/server/test/database';
import { testHealthPolicy } from '../test/webhook-fixtures';
import { useWebhookTestBed } from '../test/webhook-database';
import { enqueueDeliveries } from './outbox';
import { createSettler } from './settler';

describe.each(testDatabaseKinds())('a settlement’s hand-off (%s)', (kind) => {
  const bed = useWebhookTestBed(kind);
  const { db } = bed;

  /** Two queued deliveries of one endpoint (due a minute ago), the first leased to `holder` until `until`. */
  const twoQueuedFirstLeased = async (holder: string, until: Date) => {
    const { questionnaireId, webhookId } = await bed.seedWebhook('http://127.0.0.1:9/hook');
    const queued: string[] = [];
    const start = Date.now() - 60_000;
    for (let i = 0; i < 2; i++) {
      const now = new Date(start + i);
      const payload = resultDeliveryPayload(questionnaireId, now);
      const [id] = await enqueueDeliveries(db().prisma, {
        questionnaireId,
        eventType: RESULT_DELIVERY_EVENT,
        payload,
        now,
      });
      queued.push(id!);
    }
    await db().prisma.webhookDelivery.update({
      where: { id: queued[0]! },
      data: { leasedBy: holder, leaseUntil: until, attemptCount: 1 },
    });
    return { webhookId, first: queued[0]!, second: queued[1]! };
  };

  const settleSuccess = async (flusherId: string, webhookId: string, deliveryId: string) => {
    const now = new Date();
    const settle = createSettler(db().prisma, {
      flusherId,
      health: testHealthPolicy(),
      handOff: { clock: () => now, leaseMs: 60_000 },
    });
    return settle({
      deliveryId,
      webhookId,
      attemptedAt: now,
      statusCode: 200,
      durationMs: 1,
      snippet: null,
      error: null,
      status: 'succeeded',
      deliveredAt: now,
      nextAttemptAt: null,
      disable: false,
      handoff: 1,
    });
  };

  it('hands the next delivery to the flusher that holds the settled one’s lease', async () => {
    const { webhookId, first, second } = await twoQueuedFirstLeased(
      'flusher-a',
      new Date(Date.now() + 60_000),
    );
    const settled = await settleSuccess('flusher-a', webhookId, first);
    expect(settled.handed.map((d) => d.id)).toEqual([second]);
    const next = await db().prisma.webhookDelivery.findUniqueOrThrow({ where: { id: second } });
    expect(next).toMatchObject({ leasedBy: 'flusher-a', attemptCount: 1 });
  });

  it('hands nothing once another flusher holds it, nor once its lease ran out', async () => {
    for (const [holder, until] of [
      ['flusher-b', new Date(Date.now() + 60_000)],
      ['flusher-a', new Date(Date.now() - 1_000)],
    ] as const) {
      const { webhookId, first, second } = await twoQueuedFirstLeased(holder, until);
      const settled = await settleSuccess('flusher-a', webhookId, first);
      expect(settled.handed).toEqual([]);
      const next = await db().prisma.webhookDelivery.findUniqueOrThrow({ where: { id: second } });
      expect(next).toMatchObject({ leasedBy: null, leaseUntil: null, attemptCount: 0, status: 'pending' });
    }
  });
});
