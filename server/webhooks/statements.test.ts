import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Prisma, type PrismaClient } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds } from '@/server/test/database';
import { useWebhookTestDatabase } from '@/server/test/webhook-database';
import { sampleResult, seedParticipant } from '@/server/test/webhook-fixtures';
import {
  databaseColumnNames,
  expectTableDescribed,
  expectEveryColumnCarriedOrOmitted,
  insertedColumns,
} from '@/server/test/table-columns';
import { publishResult } from '@/server/results/results';
import { claimById, claimFair } from './claim';
import { DELIVERY, DELIVERY_ATTEMPT } from './outbox';
import {
  CLAIM_OMITS,
  CLAIMED_COLUMNS,
  CLAIMED_RETURNING,
  ENDPOINT,
  gaveUpSinceStatement,
  HEALTH_RETURNING,
  LISTEN_CLAIM_OMITS,
  LISTEN_CLAIMED_RETURNING,
  settledAttemptsSql,
  skippedSinceStatement,
  UNANSWERED_ATTEMPT_OMITS,
  unansweredAttemptsSql,
  type MissedRow,
} from './statements';

/** The delivery columns a RETURNING reads from the leased delivery `d`. */
const deliveryColumnsRead = (statement: { text: string }) =>
  [...statement.text.matchAll(/\bd\.(\w+)/g)].map((match) => match[1]!);

const columnsOf = <F extends keyof typeof DELIVERY.columns>(fields: readonly F[]) =>
  fields.map((field) => DELIVERY.column(field));

/** A questionnaire with a webhook endpoint and a result queued for it: one pending delivery. */
async function queuedDelivery(prisma: PrismaClient) {
  const seeded = await seedParticipant(prisma);
  const webhook = await prisma.webhookEndpoint.create({
    data: { questionnaireId: seeded.questionnaireId, url: 'http://127.0.0.1:9/hook', secretEncrypted: 'x' },
  });
  const published = await publishResult(prisma, {
    participantId: seeded.participantId,
    result: sampleResult(),
    source: 'engine',
  });
  return { ...seeded, webhook, deliveryId: published.deliveryIds[0]! };
}

const lease = () => ({ now: new Date(), leaseMs: 60_000, flusherId: `statements-test-${randomUUID()}` });

describe.each(testDatabaseKinds())('the webhook statements and the database (%s)', (kind) => {
  const db = useWebhookTestDatabase(kind);

  it('describe every column of webhook_endpoint, with its type, and Prisma’s every field', async () => {
    await expectTableDescribed(db().prisma, ENDPOINT, Prisma.WebhookEndpointScalarFieldEnum);
  });

  it('read an endpoint’s health from columns it has, before (old) and after (we) the update', async () => {
    const read = [...HEALTH_RETURNING.text.matchAll(/\b(?:we|old)\.(\w+)/g)].map((match) => match[1]!);
    expect(read.length).toBeGreaterThan(0);
    const all = await databaseColumnNames(db().prisma, ENDPOINT.name);
    expect(read.filter((column) => !all.includes(column))).toEqual([]);
  });

  it('have a claim read every delivery column but those it states it leaves out', async () => {
    const all = await databaseColumnNames(db().prisma, DELIVERY.name);
    expectEveryColumnCarriedOrOmitted(deliveryColumnsRead(CLAIMED_RETURNING), columnsOf(CLAIM_OMITS), all);
    expectEveryColumnCarriedOrOmitted(
      deliveryColumnsRead(LISTEN_CLAIMED_RETURNING),
      columnsOf(LISTEN_CLAIM_OMITS),
      all,
    );
  });

  it('answer a claim, fair or by id, with exactly the columns of a claimed delivery', async () => {
    const prisma = db().prisma;
    const names = CLAIMED_COLUMNS.map((column) => column.name).sort();
    const first = await queuedDelivery(prisma);
    const { claimed } = await claimFair(prisma, {
      ...lease(),
      limit: 10,
      sandboxLimit: 10,
      maxInFlightPerEndpoint: 4,
    });
    const row = claimed.find((c) => c.id === first.deliveryId);
    expect(row).toBeDefined();
    expect(
      Object.keys(row!)
        .filter((column) => column !== 'contended')
        .sort(),
    ).toEqual(names);
    expect(row).toMatchObject({ webhook_id: first.webhook.id, attempt_count: 1, sandbox: false });

    const second = await queuedDelivery(prisma);
    const byId = await claimById(prisma, lease(), second.deliveryId);
    expect(Object.keys(byId!).sort()).toEqual(names);
  });

  it('read a group of settled attempts back as they were written', async () => {
    const settled = {
      id: randomUUID(),
      webhook_id: randomUUID(),
      status: 'succeeded' as const,
      delivered_at: new Date(),
      next_attempt_at: null,
      attempted_at: new Date(),
      status_code: 200,
      error: null,
      disable: false,
      handoff: 2,
    };
    const [row] = await db().prisma.$queryRaw<object[]>`SELECT * FROM ${settledAttemptsSql([settled])}`;
    expect(row).toEqual(settled);
  });

  it('write an unanswered attempt in every column but those it states it leaves out', async () => {
    const statement = unansweredAttemptsSql('released', new Date(), 'ended');
    expectEveryColumnCarriedOrOmitted(
      insertedColumns(statement, DELIVERY_ATTEMPT.name),
      UNANSWERED_ATTEMPT_OMITS.map((field) => DELIVERY_ATTEMPT.column(field)),
      await databaseColumnNames(db().prisma, DELIVERY_ATTEMPT.name),
    );
  });

  it('find what an endpoint missed with the columns of a missed item', async () => {
    const prisma = db().prisma;
    const { questionnaireId, webhook } = await queuedDelivery(prisma);
    await prisma.webhookDelivery.updateMany({ where: { webhookId: webhook.id }, data: { status: 'failed' } });
    const query = {
      questionnaireId,
      webhook,
      since: new Date(0),
      after: { at: new Date(0), id: '00000000-0000-0000-0000-000000000000' },
      limit: 10,
    };
    const gaveUp = await prisma.$queryRaw<MissedRow[]>(gaveUpSinceStatement(query));
    expect(gaveUp).toHaveLength(1);
    // Without its delivery, the result was skipped.
    await prisma.webhookDelivery.deleteMany({ where: { webhookId: webhook.id } });
    const skipped = await prisma.$queryRaw<MissedRow[]>(skippedSinceStatement(query));
    expect(skipped).toHaveLength(1);
    for (const row of [...gaveUp, ...skipped]) {
      expect(Object.keys(row).sort()).toEqual(['at', 'id']);
      expect(row.at).toBeInstanceOf(Date);
    }
  });
});
