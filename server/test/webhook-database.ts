// What a describe block's webhook tests set up around them: their database, the receivers they start, and the
// dispatcher tests' whole bed (kept apart from webhook-fixtures.ts, which the benchmarks import outside Vitest).
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type TestDatabase, useTestDatabase } from '@/server/test/database';
import type { WebhookConfigInput } from '@/server/webhooks/config';
import type { ResultData } from '@/server/webhooks/payload';
import { startTestReceiver, type TestReceiver } from './webhook-receiver';
import { addParticipant, publishSampleResult, seedWebhook, testSettings } from './webhook-fixtures';

/**
 * A test database of `kind` for a describe block's webhook tests: opened before them, closed after, and with
 * every delivery still pending cancelled after each test: each test starts with an empty queue, so nothing
 * left over is due at a later test's clock or sent by the next test.
 */
export function useWebhookTestDatabase(kind: 'pglite' | 'postgresql'): () => TestDatabase {
  const db = useTestDatabase(kind);
  afterEach(async () => {
    await db.prisma.webhookDelivery.updateMany({
      where: { status: 'pending' },
      data: { status: 'cancelled' },
    });
  });
  return () => db;
}

/** Starts test receivers (startTestReceiver) for a describe block's tests, each closed after its test. */
export function useTestReceivers(): typeof startTestReceiver {
  const started: TestReceiver[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((receiver) => receiver.close()));
  });
  return async (...args) => {
    const receiver = await startTestReceiver(...args);
    started.push(receiver);
    return receiver;
  };
}

/**
 * The setup the dispatcher's tests share, for a describe block: its webhook test database of `kind`
 * (useWebhookTestDatabase; `db()` reads it inside a test), receivers closed after each test, and seeding and
 * publishing on that database with the test settings (`settings`).
 */
export function useWebhookTestBed(kind: 'pglite' | 'postgresql') {
  const db = useWebhookTestDatabase(kind);
  const settings = testSettings();
  return {
    db,
    settings,
    receiver: useTestReceivers(),
    /** A questionnaire with one participant and a webhook to `url` (seedWebhook), with its signing secret. */
    seedWebhook: (url: string, config?: Omit<WebhookConfigInput, 'url'>) =>
      seedWebhook(db().prisma, url, config, settings),
    /** Another participant of the questionnaire. */
    addParticipant: (questionnaireId: string) => addParticipant(db().prisma, questionnaireId),
    /** The sample result (with `overrides`) for the participant, published at `now`. */
    publish: (participantId: string, now?: Date, overrides?: Partial<ResultData>) =>
      publishSampleResult(db().prisma, participantId, now, overrides),
  };
}

/** One test receiver for a whole describe block: started before its tests, closed after them (read it inside a test). */
export function useBlockTestReceiver(...args: Parameters<typeof startTestReceiver>): () => TestReceiver {
  let receiver: TestReceiver | undefined;
  beforeAll(async () => {
    receiver = await startTestReceiver(...args);
  });
  afterAll(() => receiver?.close());
  return () => {
    if (!receiver)
      throw new Error('useBlockTestReceiver: its receiver is started by beforeAll; read it inside a test');
    return receiver;
  };
}
