// `apikey:rate-limit` as an operator runs it (a child process against a real database, on each database the
// tests run on), and the audit entries the CLI writes with its changes.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { insertApiKey } from '@/server/api-keys/api-keys';
import { testDatabaseKinds } from '@/server/test/database';
import { createCliDatabase, runCli, type CliDatabase } from './test-cli';

describe.each(testDatabaseKinds())('apikey:rate-limit on %s', { timeout: 120_000 }, (kind) => {
  let database: CliDatabase;
  const cli = (...args: string[]) => runCli(database, args, { env: { API_RATE_LIMIT_PER_MINUTE: '600' } });

  /** Reads the database between CLI runs (the embedded database admits one process at a time). */
  async function withDb<T>(
    work: (db: ReturnType<typeof createDatabase>['prisma']) => Promise<T>,
  ): Promise<T> {
    const db = createDatabase(database.url, 1);
    try {
      return await work(db.prisma);
    } finally {
      await db.close();
    }
  }

  let keyId: string;
  let questionnaireId: string;

  beforeAll(async () => {
    database = await createCliDatabase(kind);
    await withDb(async (db) => {
      const tenant = await db.tenant.create({ data: { name: 'T' } });
      questionnaireId = (await db.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } })).id;
      keyId = (await insertApiKey(db, { questionnaireId, name: 'k', scopes: ['participant:write'] })).key.id;
    });
  });
  afterAll(() => database?.close());

  it('sets a key’s own limit, then back to the default, each change in the audit log as the CLI', async () => {
    const set = await cli('apikey:rate-limit', '--key', keyId, '--per-minute', '120', '--json');
    expect(set.stderr).toBe('');
    expect(JSON.parse(set.stdout)).toEqual({
      id: keyId,
      questionnaire_id: questionnaireId,
      rate_limit_per_minute: 120,
      effective_per_minute: 120,
    });
    const reset = await cli('apikey:rate-limit', '--key', keyId, '--per-minute', 'default');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('600 requests per minute (the service default)');

    await withDb(async (db) => {
      expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).rateLimitPerMinute).toBeNull();
      const entries = await db.auditLog.findMany({ where: { targetId: keyId }, orderBy: { at: 'asc' } });
      expect(entries.map((e) => [e.action, e.actorType, e.details])).toEqual([
        ['api_key.rate_limit', 'cli', { from: null, to: 120 }],
        ['api_key.rate_limit', 'cli', { from: 120, to: null }],
      ]);
      expect(entries[0]!.actorId).toBe(os.userInfo().username);
      expect(entries[0]!.questionnaireId).toBe(questionnaireId);
      expect(entries[0]!.tenantId).not.toBeNull();
    });
  });

  it('refuses a bad number with a usage error, and an unknown key clearly', async () => {
    const bad = await cli('apikey:rate-limit', '--key', keyId, '--per-minute', '0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('must be a whole number from 1 to 1000000, or "default"');
    const unknown = await cli(
      'apikey:rate-limit',
      '--key',
      '00000000-0000-4000-8000-000000000000',
      '--per-minute',
      '5',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: That key does not exist or was deleted\n');
  });

  it('other CLI changes are audited too: apikey:create records the key, never its value', async () => {
    const created = await cli(
      'apikey:create',
      '--questionnaire',
      questionnaireId,
      '--name',
      'from the CLI',
      '--scopes',
      'participant:write',
      '--json',
    );
    const record = JSON.parse(created.stdout) as { id: string; api_key: string };
    await withDb(async (db) => {
      const [entry] = await db.auditLog.findMany({ where: { targetId: record.id } });
      expect(entry).toMatchObject({
        actorType: 'cli',
        action: 'api_key.create',
        details: { name: 'from the CLI', scopes: ['participant:write'] },
      });
      expect(JSON.stringify(entry)).not.toContain(record.api_key);
    });
  });
});
