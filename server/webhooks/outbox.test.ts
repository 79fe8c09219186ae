import { describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds } from '@/server/test/database';
import { useWebhookTestDatabase } from '@/server/test/webhook-database';
import { sampleResult, seedParticipant } from '@/server/test/webhook-fixtures';
import {
  databaseColumnNames,
  expectTableDescribed,
  expectEveryColumnCarriedOrOmitted,
  insertedColumns,
} from '@/server/test/table-columns';
import { publishResult, queueRevision, revisionQueueInclude } from '@/server/results/results';
import { DELIVERY, DELIVERY_ATTEMPT, NEW_DELIVERY_OMITS, queueDeliveriesSql } from './outbox';

describe.each(testDatabaseKinds())('the outbox writer and the database (%s)', (kind) => {
  const db = useWebhookTestDatabase(kind);

  it('describes every column of webhook_delivery, with its type, and Prisma’s every field', async () => {
    await expectTableDescribed(db().prisma, DELIVERY, Prisma.WebhookDeliveryScalarFieldEnum);
  });

  it('describes every column of webhook_delivery_attempt (the settler writes every one)', async () => {
    await expectTableDescribed(db().prisma, DELIVERY_ATTEMPT, Prisma.WebhookDeliveryAttemptScalarFieldEnum);
  });

  it('writes every column of a new delivery but those it states it leaves to their defaults', async () => {
    const value = Prisma.sql`NULL`;
    const statement = queueDeliveriesSql({
      endpoints: Prisma.sql`FROM webhook_endpoint we`,
      event: {
        participantId: value,
        resultRevisionId: value,
        eventType: value,
        payload: value,
        nextAttemptAt: value,
        requestId: value,
        publishTraceparent: value,
        createdAt: value,
        updatedAt: value,
      },
    });
    expectEveryColumnCarriedOrOmitted(
      insertedColumns(statement, 'webhook_delivery'),
      NEW_DELIVERY_OMITS.map((field) => DELIVERY.column(field)),
      await databaseColumnNames(db().prisma, 'webhook_delivery'),
    );
  });

  it('writes the same delivery for a result whether it is published (one statement) or queued again', async () => {
    const prisma = db().prisma;
    const seeded = await seedParticipant(prisma);
    const webhook = await prisma.webhookEndpoint.create({
      data: { questionnaireId: seeded.questionnaireId, url: 'http://127.0.0.1:9/hook', secretEncrypted: 'x' },
    });
    const published = await publishResult(prisma, {
      participantId: seeded.participantId,
      result: sampleResult(),
      source: 'engine',
      requestId: 'req-outbox',
    });
    const revision = await prisma.resultRevision.findUniqueOrThrow({
      where: { id: published.revisionId },
      include: { result: { include: revisionQueueInclude } },
    });
    const [requeuedId] = await prisma.$transaction((tx) =>
      queueRevision(tx, seeded.questionnaireId, revision.result, revision, { now: new Date() }),
    );
    const [first, again] = await Promise.all(
      [published.deliveryIds[0], requeuedId].map((id) =>
        prisma.webhookDelivery.findUniqueOrThrow({ where: { id } }),
      ),
    );
    const same = {
      webhookId: webhook.id,
      participantId: seeded.participantId,
      resultRevisionId: published.revisionId,
      eventType: 'result.update',
      attemptCount: 0,
      resumeScheduleAt: null,
      leaseUntil: null,
      leasedBy: null,
      lastStatusCode: null,
      deliveredAt: null,
      publishTraceparent: null,
    };
    // Queued again, the revision supersedes its own earlier delivery that was still waiting.
    expect(first).toMatchObject({
      ...same,
      status: 'cancelled',
      lastError: `Superseded by revision ${published.revisionId} before it was sent`,
      requestId: 'req-outbox',
    });
    expect(again).toMatchObject({ ...same, status: 'pending', lastError: null, requestId: null });
    expect(again!.payload).toEqual(first!.payload);
    expect(again!.messageId).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(again!.messageId).not.toBe(first!.messageId);
  });
});
