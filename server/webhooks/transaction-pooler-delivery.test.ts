// Webhook delivery behind a real PgBouncer (Debian's package) in transaction mode with two server connections,
// so that under load a client's consecutive statements land on different server connections: results
// published concurrently while the dispatcher sends, each delivered exactly once and recorded as delivered.
// The claim and settle never run as named prepared statements through the pooler: with DATABASE_DIRECT_URL
// they run on the dispatcher's own direct pool, and the cron route with DATABASE_URL alone at PgBouncer sends
// unnamed statements. PostgreSQL only; skipped without pgbouncer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@/server/platform/db/client';
import { metrics, watchPreparedStatements } from '@/server/platform/observability/metrics';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { sample } from '@/server/test/prometheus-sample';
import { pgbouncerMissing, startPgbouncer, type RunningPgbouncer } from '@/server/test/pgbouncer';
import { createFlushHandler } from '@/server/doors/flush-endpoint';
import { startWebhookScheduler } from './scheduler';
import type { TestReceiver } from '../test/webhook-receiver';
import { useTestReceivers } from '../test/webhook-database';
import {
  addParticipant,
  publishSampleResult,
  seedWebhook,
  testHealthPolicy,
  testSettings,
} from '../test/webhook-fixtures';

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl && pgbouncerMissing) console.warn(pgbouncerMissing);

const settings = testSettings();
const RESULTS = 120;
const PUBLISHERS = 8;
/** PgBouncer's server connections: fewer than the clients' connections, so they change hands under load. */
const SERVER_CONNECTIONS = 2;
const CRON_SECRET = 'pooler-test-cron-secret';

/** The dispatcher pool's value of the prepared-statements gauge, as an operator scrapes it (reported as db.ts does). */
async function scrapedDispatcherGauge(database: Database): Promise<number | undefined> {
  watchPreparedStatements({ dispatcher: () => database.dispatcherPool!.usesNamedStatements() });
  try {
    return sample(await metrics.registry.metrics(), 'db_prepared_statements', { pool: 'dispatcher' });
  } finally {
    watchPreparedStatements({});
  }
}

describe.runIf(serverUrl && !pgbouncerMissing)(
  'webhook delivery behind PgBouncer in transaction mode',
  () => {
    let direct: TestDatabase;
    let bouncer: RunningPgbouncer;
    const opened: Database[] = [];
    const receiver = useTestReceivers();

    beforeAll(async () => {
      direct = await createTestDatabase('postgresql');
      bouncer = await startPgbouncer(direct.url, undefined, SERVER_CONNECTIONS);
    });
    afterAll(async () => {
      await Promise.all(opened.map((database) => database.close()));
      await bouncer?.stop();
      await direct?.close();
    });

    /** The database as the server opens it: DATABASE_URL at PgBouncer, and DATABASE_DIRECT_URL if given. */
    const open = (directUrl?: string) => {
      const database = createDatabase(bouncer.url, 5, undefined, { directUrl });
      opened.push(database);
      return database;
    };

    /** A questionnaire with RESULTS participants and a webhook to a receiver on loopback. */
    const seed = async () => {
      const hook = await receiver(() => ({ status: 200, delayMs: 20 }));
      const { questionnaireId, participantId } = await seedWebhook(direct.prisma, hook.url, {}, settings);
      const participants = [participantId];
      while (participants.length < RESULTS)
        participants.push((await addParticipant(direct.prisma, questionnaireId)).participantId);
      return { hook, questionnaireId, participants };
    };

    /** Publishes one result per participant through `database`, PUBLISHERS at a time. */
    const publishAll = async (database: Database, participants: string[]) => {
      const queue = [...participants];
      await Promise.all(
        Array.from({ length: PUBLISHERS }, async () => {
          for (let next = queue.shift(); next; next = queue.shift())
            await publishSampleResult(database.prisma, next);
        }),
      );
    };

    /** Every result was received once and is recorded as delivered after one attempt. */
    const expectDeliveredExactlyOnce = async (hook: TestReceiver, questionnaireId: string) => {
      const deliveries = await direct.prisma.webhookDelivery.findMany({
        where: { webhook: { questionnaireId } },
        include: { attempts: true },
      });
      expect(deliveries).toHaveLength(RESULTS);
      expect(deliveries.filter((d) => d.status !== 'succeeded')).toEqual([]);
      expect(deliveries.every((d) => d.attemptCount === 1 && d.attempts.length === 1)).toBe(true);
      const received = hook.requests.map((r) => r.headers['webhook-id']);
      expect(received).toHaveLength(RESULTS);
      expect(new Set(received)).toEqual(new Set(deliveries.map((d) => d.messageId)));
    };

    /** Waits until nothing of the questionnaire is pending any more (the last settlements commit after the send). */
    const settled = async (questionnaireId: string) => {
      const deadline = Date.now() + 30_000;
      while (
        (await direct.prisma.webhookDelivery.count({
          where: { webhook: { questionnaireId }, status: 'pending' },
        })) > 0
      ) {
        if (Date.now() > deadline) throw new Error('deliveries still pending after 30 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    it(
      'delivers every result exactly once while results are published concurrently (built-in scheduler, DATABASE_DIRECT_URL)',
      { timeout: 120_000 },
      async () => {
        const { hook, questionnaireId, participants } = await seed();
        const database = open(direct.url);
        const errors: unknown[] = [];
        const scheduler = startWebhookScheduler({
          db: () => database.prisma,
          processWide: false,
          wakeSource: { kind: 'postgresql', url: direct.url },
          flushOptions: { settings, health: testHealthPolicy() },
          onError: (error) => errors.push(error),
        });
        try {
          await publishAll(database, participants);
          await hook.waitFor(RESULTS, 60_000);
          await settled(questionnaireId);
        } finally {
          await scheduler.stop();
        }
        expect(errors).toEqual([]);
        expect(database.dispatcherPool!.usesNamedStatements()).toBe(true);
        expect(await scrapedDispatcherGauge(database)).toBe(1);
        await expectDeliveredExactlyOnce(hook, questionnaireId);
      },
    );

    it(
      'delivers every result exactly once through the cron route with DATABASE_URL alone at PgBouncer (unnamed statements)',
      { timeout: 120_000 },
      async () => {
        const { hook, questionnaireId, participants } = await seed();
        const database = open();
        const flush = createFlushHandler({
          db: () => database.prisma,
          secret: () => CRON_SECRET,
          flushOptions: () => ({ settings, health: testHealthPolicy() }),
        });
        const statuses: number[] = [];
        /** Each answer other than 200, with its body: what the failure was. */
        const failures: string[] = [];
        let publishing = true;
        const cron = (async () => {
          const deadline = Date.now() + 60_000;
          // The cron calls the route while results are being published, until every one was received, and at
          // least three times: on a loaded machine one call can deliver everything, and the point is statements
          // run again on pooled connections that changed.
          while (
            (publishing || hook.requests.length < RESULTS || statuses.length < 3) &&
            Date.now() < deadline
          ) {
            const response = await flush(
              new Request('http://127.0.0.1/api/cron/flush-webhooks', {
                method: 'POST',
                headers: { authorization: `Bearer ${CRON_SECRET}` },
              }),
            );
            statuses.push(response.status);
            // The probe's failure: 500 from `prepared statement "pais_…" already exists` or `does not exist`.
            if (response.status !== 200) {
              failures.push(`${response.status} ${await response.text()}`);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();
        try {
          await publishAll(database, participants);
        } finally {
          publishing = false;
        }
        await cron;
        expect(failures).toEqual([]);
        expect(statuses.length).toBeGreaterThan(1);
        expect(new Set(statuses)).toEqual(new Set([200]));
        await settled(questionnaireId);
        expect(database.dispatcherPool!.usesNamedStatements()).toBe(false);
        expect(await scrapedDispatcherGauge(database)).toBe(0);
        await expectDeliveredExactlyOnce(hook, questionnaireId);
      },
    );
  },
);
