import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { publishResult } from '@/server/results/results';
import { configureWebhook } from '@/server/webhooks/config';
import { startWebhookScheduler, type WebhookScheduler } from './scheduler';
import { stopDispatcher } from './shutdown';
import { startTestReceiver } from '../test/webhook-receiver';
import { sampleResult, seedParticipant, testSettings } from '../test/webhook-fixtures';
import { useWebhookTestDatabase } from '../test/webhook-database';

describe.each(testDatabaseKinds())('the dispatcher at shutdown (%s)', (kind) => {
  const db = useWebhookTestDatabase(kind);

  it('releases a delivery still being sent at the deadline, so another instance sends it at once', async () => {
    const settings = testSettings();
    // A customer endpoint that does not answer before the grace period ends.
    const receiver = await startTestReceiver(() => ({ status: 200, delayMs: 10_000 }));
    let scheduler: WebhookScheduler | undefined;
    try {
      const { participantId, questionnaireId } = await seedParticipant(db().prisma);
      await configureWebhook(db().prisma, questionnaireId, { url: receiver.url }, { settings });
      await publishResult(db().prisma, { participantId, result: sampleResult(), source: 'engine' });
      scheduler = startWebhookScheduler({
        db: () => db().prisma,
        flushOptions: { settings, flusherId: 'stopping-instance' },
        processWide: false,
      });
      await receiver.waitFor(1, 10_000);
      const leased = await db().prisma.webhookDelivery.findFirstOrThrow({
        where: { webhook: { questionnaireId } },
      });
      expect(leased).toMatchObject({ leasedBy: 'stopping-instance', attemptCount: 1 });

      const { released } = await stopDispatcher(scheduler, {
        db: () => db().prisma,
        flusherId: 'stopping-instance',
        deadline: Date.now() + 300,
      });
      expect(released).toBe(1);
      const after = await db().prisma.webhookDelivery.findUniqueOrThrow({ where: { id: leased.id } });
      expect(after).toMatchObject({ status: 'pending', leaseUntil: null, leasedBy: null, attemptCount: 0 });
    } finally {
      await receiver.close();
      // The abandoned send ends with the receiver: let its flush settle before the database closes.
      await scheduler?.stop();
    }
  });
});
