// `data:prune` as an operator runs it: a child process on an embedded database, fresh and then filled.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/db/client';
import { deployMigrations } from '@/server/db/migrations/migrator';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-cli-data-'));
const url = `pglite:${path.join(dir, 'pglite')}`;
const DAY = 86_400_000;

async function prune(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout, stderr } = await run(TSX, ['scripts/cli.ts', 'data:prune', '--json', ...args], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
  });
  expect(stderr).toBe('');
  expect(stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(stdout) as Record<string, unknown>;
}

beforeAll(async () => {
  await deployMigrations(url);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('data:prune', { timeout: 120_000 }, () => {
  it('on a database without its schema yet, says to deploy the migrations first (exit 1)', async () => {
    const empty = `pglite:${path.join(dir, 'empty')}`;
    const failure = await run(TSX, ['scripts/cli.ts', 'data:prune', '--dry-run', '--json'], {
      env: { ...process.env, DATABASE_URL: empty, NODE_ENV: 'production' },
    }).then(
      () => null,
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr?.trim()).toBe(
      'error: the database has no schema yet: run `npm run db:deploy` (or start the server once) first.',
    );
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
    const database = createDatabase(url, 1);
    try {
      const p = database.prisma;
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
      await database.close();
    }
    const dryRun = await prune('--dry-run');
    expect(dryRun.removed).toMatchObject({ webhook_delivery: 3, rate_limit_bucket: 1 });
    const done = await prune();
    expect(done).toMatchObject({ dry_run: false, removed: dryRun.removed });
    expect((await prune('--dry-run')).removed).toMatchObject({ webhook_delivery: 0, rate_limit_bucket: 0 });
  });
});
