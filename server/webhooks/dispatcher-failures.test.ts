// A failing dispatcher is visible: with its PostgreSQL stopped (a PostgreSQL of the test's own, never the
// shared one) every failed poll counts in webhook_dispatcher_failures_total{kind="unreachable"}, and the
// log repeats its line while the outage lasts (every minute in production; every 300 ms here), not only when
// the kind of failure changes; once the database is back, a line says so and deliveries go on.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@/server/platform/db/client';
import { migrationSql } from '@/server/test/database';
import { freePort } from '@/server/test/free-port';
import { createOwnPostgres, type OwnPostgres } from '@/server/test/own-postgres';
import { sample } from '@/server/test/prometheus-sample';
import { metrics } from '@/server/platform/observability/metrics';
import { redirectLogs } from '@/server/platform/observability/logger';
import { publishResult } from '@/server/results/results';
import { configureWebhook } from '@/server/webhooks/config';
import { createFailureLog, dispatcherFailureKind } from './dispatcher-failures';
import { startWebhookScheduler } from './scheduler';
import { startTestReceiver, type TestReceiver } from '../test/webhook-receiver';
import { sampleResult, seedParticipant, testHealthPolicy, testSettings } from '../test/webhook-fixtures';

const settings = testSettings();
const REPEAT_EVERY_MS = 300;

const failuresCounted = async (kind: string) =>
  sample(await metrics.registry.metrics(), 'webhook_dispatcher_failures_total', { kind }) ?? 0;

describe('a failing webhook dispatcher', () => {
  let postgres: OwnPostgres;
  let database: Database;
  let receiver: TestReceiver;

  beforeAll(async () => {
    postgres = createOwnPostgres(await freePort());
    postgres.start();
    const setup = new pg.Client({ connectionString: postgres.url });
    await setup.connect();
    for (const sql of migrationSql()) await setup.query(sql);
    await setup.end();
    database = createDatabase(postgres.url, 2);
    receiver = await startTestReceiver();
  }, 120_000);

  afterAll(async () => {
    await receiver?.close();
    await database?.close();
    postgres?.remove();
  });

  it(
    'counts every failed poll by kind and logs a line again while the database stays down',
    { timeout: 60_000 },
    async () => {
      const { questionnaireId, participantId } = await seedParticipant(database.prisma);
      await configureWebhook(database.prisma, questionnaireId, { url: receiver.url }, { settings });
      const lines: { msg: string; kind?: string; failures?: number }[] = [];
      const restoreLogs = redirectLogs((line) => lines.push(JSON.parse(line) as (typeof lines)[number]));
      const flushErrors = createFailureLog('webhook flush failed', { repeatEveryMs: REPEAT_EVERY_MS });
      const scheduler = startWebhookScheduler({
        db: () => database.prisma,
        processWide: false,
        intervalMs: 50,
        flushOptions: { settings, health: testHealthPolicy() },
        onError: flushErrors.report,
        onFlush: flushErrors.clear,
      });
      try {
        await publishResult(database.prisma, { participantId, result: sampleResult(), source: 'engine' });
        await receiver.waitFor(1, 10_000);
        // Recorded before the outage: the next revision of the participant waits for nothing.
        await expect
          .poll(() => database.prisma.webhookDelivery.count({ where: { status: 'succeeded' } }), {
            timeout: 10_000,
          })
          .toBe(1);

        const before = await failuresCounted('unreachable');
        postgres.stop();
        await new Promise((resolve) => setTimeout(resolve, 6 * REPEAT_EVERY_MS));
        const failed = (await failuresCounted('unreachable')) - before;
        const failureLines = lines.filter((l) => l.msg === 'webhook flush failed');
        // Several polls failed, and the line came back while they did, but not once per poll.
        expect(failed).toBeGreaterThanOrEqual(5);
        expect(failureLines.length).toBeGreaterThanOrEqual(3);
        expect(failureLines.length).toBeLessThan(failed);
        expect(failureLines.every((l) => l.kind === 'unreachable')).toBe(true);
        expect(failureLines.slice(1).every((l) => l.failures! >= 1)).toBe(true);

        postgres.start();
        await publishResult(database.prisma, { participantId, result: sampleResult(), source: 'engine' });
        await receiver.waitFor(2, 20_000);
        await expect
          .poll(() => lines.some((l) => l.msg === 'webhook flush failed: working again'))
          .toBe(true);
      } finally {
        await scheduler.stop();
        restoreLogs();
      }
    },
  );

  it('names the kinds of failure with a fixed set of labels', () => {
    expect(
      dispatcherFailureKind(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe('unreachable');
    expect(dispatcherFailureKind(Object.assign(new Error('exists'), { code: '42P05' }))).toBe(
      'prepared_statement',
    );
    expect(dispatcherFailureKind(Object.assign(new Error('missing'), { code: '26000' }))).toBe(
      'prepared_statement',
    );
    expect(dispatcherFailureKind(Object.assign(new Error('denied'), { code: '42501' }))).toBe('permission');
    expect(dispatcherFailureKind(Object.assign(new Error('syntax'), { code: '42601' }))).toBe('database');
    expect(dispatcherFailureKind(new Error('something else'))).toBe('other');
  });
});
