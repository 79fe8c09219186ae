// The delivery log (per questionnaire and participant, the failed filter, pages) and replaying from it.
import { beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { appErrorFrom } from '@/server/test/app-error';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { startTestReceiver } from '@/server/test/webhook-receiver';
import { sampleResult, seedParticipant, testSettings } from '@/server/test/webhook-fixtures';
import { useWebhookTestDatabase } from '@/server/test/webhook-database';
import { publishResult } from '../results/results';
import { configureWebhook } from './config';
import { listDeliveries } from './delivery-log';
import { replayDelivery, replayFailedSince } from './replay';
import { testActor } from '@/server/test/actor';

const settings = testSettings();

describe.each(testDatabaseKinds())('webhook delivery log and replay (%s)', (kind) => {
  const database = useWebhookTestDatabase(kind);
  let db: TestDatabase;
  beforeEach(() => {
    db = database();
  });

  it('lists deliveries per questionnaire and per participant, newest first, with a failed filter and pages', async () => {
    const receiver = await startTestReceiver((request) =>
      JSON.parse(request.body).status === 'fail' ? { status: 500 } : { status: 200 },
    );
    try {
      const first = await seedParticipant(db.prisma);
      const { questionnaireId } = first;
      await configureWebhook(db.prisma, questionnaireId, { url: receiver.url }, { settings });
      const secondParticipant = await db.prisma.participant.create({
        data: {
          questionnaireId,
          irn: `IRN-second-${Date.now()}`,
          attempts: { create: { number: 1, accessCode: `AC-${Date.now()}`, guideToken: `gt-${Date.now()}` } },
        },
      });
      const t = Date.now();
      // Each revision sent before the next is published: a newer revision supersedes one still waiting,
      // a failed one included (docs/webhooks.md), so the failing revision is the participant's last.
      for (const [i, status] of ['ok', 'ok', 'fail'].entries()) {
        await publishResult(db.prisma, {
          participantId: first.participantId,
          result: sampleResult({ status }),
          source: 'engine',
          now: new Date(t + i),
        });
        await flushWebhooks(db.prisma, { settings });
      }
      await publishResult(db.prisma, {
        participantId: secondParticipant.id,
        result: sampleResult({ status: 'fail' }),
        source: 'engine',
      });
      await flushWebhooks(db.prisma, { settings });

      const all = await listDeliveries(db.prisma, questionnaireId);
      expect(all.items).toHaveLength(4);
      expect(all.nextCursor).toBeNull();
      const failed = await listDeliveries(db.prisma, questionnaireId, { failedOnly: true });
      expect(failed.items.map((d) => d.lastStatusCode)).toEqual([500, 500]);
      const mine = await listDeliveries(db.prisma, questionnaireId, { participantId: first.participantId });
      expect(mine.items).toHaveLength(3);
      expect(mine.items.every((d) => d.participantId === first.participantId)).toBe(true);
      const mineFailed = await listDeliveries(db.prisma, questionnaireId, {
        participantId: first.participantId,
        failedOnly: true,
      });
      expect(mineFailed.items).toHaveLength(1);

      const page1 = await listDeliveries(db.prisma, questionnaireId, { limit: 3 });
      const page2 = await listDeliveries(db.prisma, questionnaireId, { limit: 3, cursor: page1.nextCursor! });
      expect(page1.items).toHaveLength(3);
      expect(page2.items).toHaveLength(1);
      expect(page2.nextCursor).toBeNull();
      expect(new Set([...page1.items, ...page2.items].map((d) => d.id)).size).toBe(4);

      // Another questionnaire sees none of them, and cannot replay them.
      const other = await seedParticipant(db.prisma);
      expect((await listDeliveries(db.prisma, other.questionnaireId)).items).toEqual([]);
      expect(
        (await appErrorFrom(replayDelivery(db.prisma, other.questionnaireId, all.items[0]!.id))).kind,
      ).toBe('NOT_FOUND');
      // Each row names its participant and the duration of its last attempt.
      expect(mine.items.every((d) => d.participantIrn === first.irn)).toBe(true);
      expect(failed.items[0]!.lastDurationMs).toEqual(expect.any(Number));
      // "Retry now" on a delivery waiting for its retry: due at once, its attempt count kept.
      const waiting = failed.items[0]!;
      await db.prisma.webhookDelivery.update({
        where: { id: waiting.id },
        data: { nextAttemptAt: new Date(Date.now() + 3_600_000) },
      });
      const retried = await replayDelivery(db.prisma, questionnaireId, waiting.id);
      expect(retried).toMatchObject({ status: 'pending', attemptCount: waiting.attemptCount });
      expect(new Date(retried.nextAttemptAt!).getTime()).toBeLessThanOrEqual(Date.now());
      // "Replay failed" finds exactly what the "Failed only" filter lists.
      expect(await replayFailedSince(db.prisma, questionnaireId, new Date(0))).toBe(failed.items.length);
      // One being sent this moment (a live lease) is left to its sender.
      await db.prisma.webhookDelivery.update({
        where: { id: waiting.id },
        data: { leaseUntil: new Date(Date.now() + 60_000), leasedBy: 'another-instance' },
      });
      expect((await appErrorFrom(replayDelivery(db.prisma, questionnaireId, waiting.id))).message).toBe(
        'The delivery is being sent right now',
      );
    } finally {
      await receiver.close();
    }
  });

  it('"Replay failed" that finds nothing changes nothing and writes no audit entry; one that replays, one', async () => {
    const { questionnaireId } = await seedParticipant(db.prisma);
    await configureWebhook(db.prisma, questionnaireId, { url: 'http://127.0.0.1:9/none' }, { settings });
    const replays = () =>
      db.prisma.auditLog.count({ where: { questionnaireId, action: 'webhook.delivery.replay_failed' } });
    expect(await replayFailedSince(db.prisma, questionnaireId, new Date(0), { actor: testActor })).toBe(0);
    expect(await replays()).toBe(0);
    const webhook = await db.prisma.webhookEndpoint.findFirstOrThrow({ where: { questionnaireId } });
    await db.prisma.webhookDelivery.create({
      data: {
        messageId: `msg_${Date.now()}`,
        webhookId: webhook.id,
        eventType: 'webhook.test',
        payload: {},
        status: 'failed',
      },
    });
    expect(await replayFailedSince(db.prisma, questionnaireId, new Date(0), { actor: testActor })).toBe(1);
    expect(await replays()).toBe(1);
  });
});
