// `data:prune` as an operator runs it: a child process on a database, fresh and then filled, on each database
// the tests run on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { testDatabaseKinds } from '@/server/test/database';
import { createCliDatabase, runCli, runCliJson, type CliDatabase } from './test-cli';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('data:prune on %s', { timeout: 120_000 }, (kind) => {
  let database: CliDatabase;
  const prune = (...args: string[]) => runCliJson(database, ['data:prune', ...args]);

  beforeAll(async () => {
    database = await createCliDatabase(kind);
  });
  afterAll(() => database?.close());

  it('on a database without its schema yet, says to deploy the migrations first (exit 1)', async () => {
    const empty = await createCliDatabase(kind, { schema: false });
    try {
      const failure = await runCli(empty, ['data:prune', '--dry-run', '--json']);
      expect(failure.code).toBe(1);
      expect(failure.stdout).toBe('');
      expect(failure.stderr.trim()).toBe(
        'error: the database has no schema yet: run `npm run db:deploy` (or start the server once) first.',
      );
    } finally {
      await empty.close();
    }
  });

  it('prints a zero count per table on a fresh database', async () => {
    const report = await prune('--dry-run');
    expect(report).toMatchObject({ dry_run: true, partitions_dropped: [], partitions_created: [] });
    expect(report.removed).toEqual({
      audit_log: 0,
      webhook_delivery_attempt: 0,
      webhook_delivery: 0,
      idempotency_record: 0,
      rate_limit_bucket: 0,
      participant_import_row: 0,
      admin_form_submission: 0,
      api_key_request: 0,
      api_key_usage_hour: 0,
      participant_personal_data: 0,
    });
  });

  it('on a filled database counts what would go, then removes exactly that', async () => {
    const db = createDatabase(database.url, 1);
    try {
      const p = db.prisma;
      const tenant = await p.tenant.create({ data: { name: 'T' } });
      const questionnaire = await p.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } });
      const webhook = await p.webhookEndpoint.create({
        data: { questionnaireId: questionnaire.id, url: 'http://127.0.0.1:9/h', secretEncrypted: 'x' },
      });
      const old = new Date(Date.now() - 40 * DAY);
      for (let i = 0; i < 3; i++)
        await p.webhookDelivery.create({
          data: {
            messageId: `msg_${i}`,
            webhookId: webhook.id,
            eventType: 'result.published',
            payload: {},
            status: 'failed',
            createdAt: old,
            updatedAt: old,
          },
        });
      await p.rateLimitBucket.create({
        data: { apiKeyId: tenant.id, tokens: 1, updatedAt: old },
      });
    } finally {
      await db.close();
    }
    const dryRun = await prune('--dry-run');
    expect(dryRun.removed).toMatchObject({ webhook_delivery: 3, rate_limit_bucket: 1 });
    const done = await prune();
    expect(done).toMatchObject({ dry_run: false, removed: dryRun.removed });
    expect((await prune('--dry-run')).removed).toMatchObject({ webhook_delivery: 0, rate_limit_bucket: 0 });
  });
});
