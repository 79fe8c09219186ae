import { describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { seedParticipant, sampleResult } from '@/server/test/webhook-fixtures';
import { createParticipant } from '../participants/participants';
import { updateParticipantOutcome } from '../participants/outcome';
import { publishResult } from '../results/results';
import { NO_OUTCOME, questionnaireStats } from './stats';
import { testActor } from '@/server/test/actor';
import type { WebhookDeliveryStatus } from '@/server/generated/prisma/client.ts';

describe.each(testDatabaseKinds())('Questionnaire overview aggregates (%s)', (kind) => {
  const db = useTestDatabase(kind);

  it('an empty questionnaire: zero days and hours, no outcomes, results or deliveries', async () => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    await db.prisma.participant.deleteMany({ where: { questionnaireId } });
    const stats = await questionnaireStats(db.prisma, questionnaireId);
    expect(stats.enrolmentsPerDay).toHaveLength(30);
    expect(stats.enrolmentsPerDay.every((d) => d.count === 0)).toBe(true);
    expect(stats.deliveriesPerHour).toHaveLength(24);
    expect(stats.outcomes).toEqual([]);
    expect(stats.resultStatuses).toEqual([]);
    expect(stats.deliveryTotals).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(stats.deliveryP95Ms).toBeNull();
  });

  it('follows enrolments, outcome changes and results as they happen, and never counts another questionnaire', async () => {
    const seeded = await seedParticipant(db.prisma);
    const other = await seedParticipant(db.prisma);
    const scope = { questionnaireId: seeded.questionnaireId, tenantId: seeded.tenantId };
    const created = await createParticipant(
      db.prisma,
      scope,
      {
        projectId: seeded.questionnaireId,
        irn: 'IRN-2',
      },
      { actor: testActor },
    );
    // An enrolment 40 days ago counts among outcomes but not in the 30-day chart.
    await db.prisma.participant.create({
      data: {
        questionnaireId: seeded.questionnaireId,
        irn: 'IRN-OLD',
        createdAt: new Date(Date.now() - 40 * 24 * 3600_000),
      },
    });

    await updateParticipantOutcome(
      db.prisma,
      scope,
      {
        participantId: created.participant.id,
        outcome: 'COMPLETED',
      },
      testActor,
    );
    await updateParticipantOutcome(
      db.prisma,
      scope,
      {
        participantId: created.participant.id,
        outcome: 'REFUSED',
      },
      testActor,
    );
    await publishResult(db.prisma, {
      participantId: seeded.participantId,
      result: sampleResult(),
      source: 'engine',
    });
    await publishResult(db.prisma, {
      participantId: seeded.participantId,
      result: sampleResult({ status: 'Under_Review' }),
      source: 'engine',
    });
    await publishResult(db.prisma, {
      participantId: other.participantId,
      result: sampleResult(),
      source: 'engine',
    });

    const stats = await questionnaireStats(db.prisma, seeded.questionnaireId);
    expect(stats.enrolmentsPerDay.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 2 });
    expect(stats.enrolmentsPerDay.reduce((n, d) => n + d.count, 0)).toBe(2);
    expect(stats.outcomes).toEqual([
      { outcome: NO_OUTCOME, count: 2 },
      { outcome: 'REFUSED', count: 1 },
    ]);
    // The result was updated in place: one result, now under review.
    expect(stats.resultStatuses).toEqual([{ status: 'Under_Review', count: 1 }]);
  });

  it('counts webhook deliveries of the last 24 hours by state, with the p95 delivery latency', async () => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    const webhook = await db.prisma.webhookEndpoint.create({
      data: { questionnaireId, url: 'https://127.0.0.1/hook', secretEncrypted: 'x' },
    });
    const now = Date.now();
    const delivery = (i: number, status: WebhookDeliveryStatus, ageMs: number, latencyMs?: number) => ({
      messageId: `msg_stats_${i}`,
      webhookId: webhook.id,
      eventType: 'result.published',
      payload: {},
      status,
      createdAt: new Date(now - ageMs),
      deliveredAt: latencyMs === undefined ? null : new Date(now - ageMs + latencyMs),
    });
    await db.prisma.webhookDelivery.createMany({
      data: [
        ...Array.from({ length: 20 }, (_, i) => delivery(i, 'succeeded', 60_000, (i + 1) * 10)),
        delivery(20, 'pending', 60_000),
        delivery(21, 'failed', 60_000),
        delivery(22, 'succeeded', 25 * 3600_000, 5),
      ],
    });
    const stats = await questionnaireStats(db.prisma, questionnaireId);
    expect(stats.deliveryTotals).toEqual({ delivered: 20, retrying: 1, failed: 1 });
    expect(stats.deliveryP95Ms).toBe(191);
    expect(stats.deliveriesPerHour.reduce((n, h) => n + h.delivered, 0)).toBe(20);
  });
});
