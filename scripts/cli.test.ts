// The operator CLI as an operator runs it: a child process against a real database, on each database the
// tests run on (scripts/cli/test-cli.ts).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockEmbeddedDataDir } from '@/server/platform/db/embedded-lock';
import { createDatabase } from '@/server/platform/db/client';
import { hashApiKey } from '@/server/api-keys/secret';
import { verifyPassword } from '@/server/admins/passwords';
import { testDatabaseKinds } from '@/server/test/database';
import { createCliDatabase, runCli, runCliJson, type CliDatabase } from './cli/test-cli';

// Each command is a child process that starts Node.js and opens the database: generous time on a busy machine.
describe.each(testDatabaseKinds())('operator CLI on %s', { timeout: 120_000 }, (kind) => {
  let database: CliDatabase;
  const cli = (...args: string[]) => runCli(database, args);
  const cliJson = (...args: string[]) => runCliJson(database, args);
  let tenantId: string;
  let questionnaireId: string;

  beforeAll(async () => {
    database = await createCliDatabase(kind);
  });
  afterAll(() => database?.close());

  it('creates a tenant, a questionnaire and an API key, each printing exactly one JSON object', async () => {
    const tenant = await cliJson('tenant:create', '--name', 'Acme Insurance');
    expect(Object.keys(tenant).sort()).toEqual(['id', 'name']);
    expect(tenant.name).toBe('Acme Insurance');
    tenantId = tenant.id as string;

    const questionnaire = await cliJson(
      'questionnaire:create',
      '--tenant',
      tenantId,
      '--name',
      'Onboarding risk',
    );
    expect(questionnaire).toEqual({
      id: expect.any(String),
      tenant_id: tenantId,
      name: 'Onboarding risk',
      sandbox: false,
    });
    questionnaireId = questionnaire.id as string;

    const key = await cliJson(
      'apikey:create',
      '--questionnaire',
      questionnaireId,
      '--name',
      'integration',
      '--scopes',
      'participant:write,apikey:write',
    );
    expect(key).toEqual({
      id: expect.any(String),
      api_key: expect.stringMatching(/^pais_live_[A-Za-z0-9_-]{43}$/),
      key_name: 'integration',
      scopes: ['participant:write', 'apikey:write'],
      questionnaire_id: questionnaireId,
      create_ts: expect.any(String),
      update_ts: expect.any(String),
      expires_at: null,
    });

    // Only the hash is stored, never the key itself.
    const db = createDatabase(database.url, 1);
    try {
      const stored = await db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id as string } });
      expect(stored.hash).toBe(hashApiKey(key.api_key as string));
      expect(JSON.stringify(stored)).not.toContain(key.api_key as string);
    } finally {
      await db.close();
    }
  });

  it('creates a sandbox questionnaire with --sandbox, whose keys start with pais_test_', async () => {
    const sandbox = await cliJson(
      'questionnaire:create',
      '--tenant',
      tenantId,
      '--name',
      'Integration sandbox',
      '--sandbox',
    );
    expect(sandbox).toEqual({
      id: expect.any(String),
      tenant_id: tenantId,
      name: 'Integration sandbox',
      sandbox: true,
    });
    const key = await cliJson(
      'apikey:create',
      '--questionnaire',
      sandbox.id as string,
      '--name',
      'sandbox',
      '--scopes',
      'participant:write',
    );
    expect(key.api_key).toMatch(/^pais_test_[A-Za-z0-9_-]{43}$/);
  });

  it('creates an Admin granted a tenant, and refuses a second Admin with the same email', async () => {
    const admin = await cliJson(
      'admin:create',
      '--email',
      'Ops@Example.com',
      '--password',
      'a-long-password-1',
      '--tenant',
      tenantId,
    );
    expect(admin).toEqual({
      id: expect.any(String),
      email: 'ops@example.com',
      passwordExpiresAt: expect.any(String),
    });
    const again = await cli(
      'admin:create',
      '--email',
      'ops@example.com',
      '--password',
      'a-long-password-1',
      '--json',
    );
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('already exists');
  });

  it('hands out only temporary passwords: admin:create and admin:reset-password passwords must be replaced and expire', async () => {
    const created = await cliJson('admin:create', '--email', 'temp@example.com', '--operator');
    expect(created.temporaryPassword).toEqual(expect.any(String));
    const expiresIn = Date.parse(created.passwordExpiresAt as string) - Date.now();
    expect(expiresIn).toBeGreaterThan(167 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(168 * 3600_000);

    const reset = await cliJson('admin:reset-password', '--email', 'Temp@Example.com');
    expect(reset).toEqual({
      id: created.id,
      email: 'temp@example.com',
      temporaryPassword: expect.any(String),
      passwordExpiresAt: expect.any(String),
    });
    expect(reset.temporaryPassword).not.toBe(created.temporaryPassword);
    const db = createDatabase(database.url, 1);
    try {
      const stored = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: created.id as string } });
      expect(stored.mustChangePassword).toBe(true);
      expect(stored.passwordExpiresAt?.toISOString()).toBe(reset.passwordExpiresAt);
      expect(await verifyPassword(created.temporaryPassword as string, stored.passwordHash)).toBe(false);
      expect(await verifyPassword(reset.temporaryPassword as string, stored.passwordHash)).toBe(true);
      const audited = await db.prisma.auditLog.findFirstOrThrow({
        where: { action: 'admin.reset_password', targetId: created.id as string },
      });
      expect(JSON.stringify(audited)).not.toContain(reset.temporaryPassword as string);
    } finally {
      await db.close();
    }
    const unknown = await cli('admin:reset-password', '--email', 'nobody@example.com', '--json');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No Admin has the email nobody@example.com');
  });

  // As the README runs it (`npm run cli -- tenant:create …`): the source with tsx, not the bundle.
  it('prints human-readable text without --json (npm run cli)', async () => {
    const scripts = (
      JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.cli).toBe('tsx scripts/cli.ts');
    const result = await runCli(database, ['tenant:create', '--name', 'Plain'], { source: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created tenant Plain \([0-9a-f-]{36}\)\n$/);
  });

  it.each([
    [['tenant:create'], "required option '--name <name>' not specified"],
    [['questionnaire:create', '--tenant', 'not-a-uuid', '--name', 'x'], 'must be a UUID'],
    [
      [
        'apikey:create',
        '--questionnaire',
        '00000000-0000-4000-8000-000000000000',
        '--name',
        'k',
        '--scopes',
        'participant:fly',
      ],
      'unknown scope participant:fly',
    ],
    [['admin:create', '--email', 'nobody', '--password', 'a-long-password-1'], 'must be an email address'],
    [['admin:create', '--email', 'a@b.co', '--password', 'short'], 'at least 12 characters'],
    [['no-such-command'], "unknown command 'no-such-command'"],
  ])('exits 2 with a clear message on bad arguments: %j', async (args, message) => {
    const result = await cli(...args, '--json');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });

  it('answers a reference to a missing row with a clear message and exit 1', async () => {
    const result = await cli(
      'questionnaire:create',
      '--tenant',
      '00000000-0000-4000-8000-000000000000',
      '--name',
      'x',
    );
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr.trim()).toBe('error: Tenant not found');
  });

  it.each(['tenant:create', 'questionnaire:create', 'apikey:create', 'admin:create'])(
    'documents %s in --help',
    async (command) => {
      const result = await cli(command, '--help');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: cli ${command}`);
      expect(result.stdout).toContain('--json');
    },
  );

  it.skipIf(kind !== 'pglite')(
    'refuses, in one line and without touching it, an embedded database that another process holds',
    async () => {
      const dataDir = database.dataDir!;
      const release = lockEmbeddedDataDir(dataDir);
      try {
        const result = await cli('tenant:create', '--name', 'Blocked', '--json');
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
        expect(result.stderr).toContain(`The embedded database at ${dataDir} is in use by another process`);
      } finally {
        release();
      }
      expect((await cli('tenant:create', '--name', 'After', '--json')).code).toBe(0);
    },
  );
});
