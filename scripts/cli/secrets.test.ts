// secrets:reencrypt and the start-up check as an operator meets them: child processes on a real embedded
// database whose webhook secrets were sealed with an earlier app secret.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployMigrations } from '@/server/db/migrations/migrator';
import { createDatabase } from '@/server/db/client';
import { configureWebhook } from '@/server/services/webhook-config';
import { createSecretBox } from '@/server/webhooks/secret-box';
import { createAdmin } from '@/server/services/admin-users';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-secrets-'));
const url = `pglite:${path.join(dir, 'pglite')}`;
const OLD = 'the-old-application-secret-0123456789abcdef';
const NEW = 'the-new-application-secret-0123456789abcdef';
const WRONG = 'a-wrong-application-secret-0123456789abcdef';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

async function tsx(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(TSX, [script, ...args], {
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let stored: unknown;
const storedSecrets = async () => {
  const database = createDatabase(url, 1);
  try {
    return {
      webhooks: await database.prisma.webhookEndpoint.findMany({ orderBy: { id: 'asc' } }),
      admins: await database.prisma.adminUser.findMany({ orderBy: { id: 'asc' } }),
    };
  } finally {
    await database.close();
  }
};

beforeAll(async () => {
  await deployMigrations(url);
  const database = createDatabase(url, 1);
  try {
    const tenant = await database.prisma.tenant.create({ data: { name: 'Rotation' } });
    for (const name of ['A', 'B']) {
      const q = await database.prisma.questionnaire.create({ data: { tenantId: tenant.id, name } });
      await configureWebhook(
        database.prisma,
        q.id,
        {
          url: `http://127.0.0.1:9/${name}`,
          authType: 'header',
          headerName: 'X-Key',
          headerValue: 'v-123456',
        },
        { settings: { secretBox: createSecretBox(OLD), allowPrivateUrls: true } },
      );
    }
    // An Admin with two-factor sign-in: the TOTP secret is sealed by the same keyring.
    const admin = await createAdmin(database.prisma, {
      email: 'totp@example.com',
      password: 'a-long-enough-password',
    });
    await database.prisma.adminUser.update({
      where: { id: admin.id },
      data: { totpSecretEncrypted: createSecretBox(OLD).encrypt(TOTP_SECRET), totpEnabledAt: new Date() },
    });
  } finally {
    await database.close();
  }
  stored = await storedSecrets();
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('app secret rotation from the terminal', { timeout: 120_000 }, () => {
  it('a wrong app secret stops start-up and the CLI with one line naming the secret, writing nothing', async () => {
    const start = await tsx('scripts/start.ts', [], {
      NEXTAUTH_SECRET: WRONG,
      ADMIN_PASSWORD: 'a-long-enough-password',
    });
    expect(start.code).toBe(1);
    expect(start.stderr).toMatch(
      /^Start-up failed: The signing secret of webhook [0-9a-f-]{36} \(questionnaire [0-9a-f-]{36}\) cannot be decrypted with NEXTAUTH_SECRET or any of APP_SECRETS_PREVIOUS: configure the app secret that sealed it\n$/,
    );
    const cli = await tsx('scripts/cli.ts', ['secrets:reencrypt'], { NEXTAUTH_SECRET: WRONG });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/^error: The signing secret of webhook .* cannot be decrypted .*\n$/);
    expect(await storedSecrets()).toEqual(stored);
  });

  it('secrets:reencrypt moves every secret to the current app secret, prints counts, and is idempotent', async () => {
    const env = { NEXTAUTH_SECRET: NEW, APP_SECRETS_PREVIOUS: `${OLD}` };
    const first = await tsx('scripts/cli.ts', ['secrets:reencrypt', '--json'], env);
    expect(first.stderr).toBe('');
    expect(JSON.parse(first.stdout)).toEqual({
      webhooks: { rows: 2, reencrypted: 2, already_current: 0, changed_meanwhile: 0, secrets: 4 },
      admins: { rows: 1, reencrypted: 1, already_current: 0, changed_meanwhile: 0, secrets: 1 },
    });
    const again = await tsx('scripts/cli.ts', ['secrets:reencrypt'], { NEXTAUTH_SECRET: NEW });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Webhooks: 2\n.*\n +already current: +2/);
    expect(again.stdout).toMatch(/Admins with two-factor secrets: 1\n.*\n +already current: +1/);
    expect(again.stdout).toMatch(/the previous ones can be removed/);
    const box = createSecretBox(NEW);
    const { webhooks, admins } = await storedSecrets();
    expect(box.decrypt(admins[0]!.totpSecretEncrypted!)).toBe(TOTP_SECRET);
    for (const webhook of webhooks) {
      expect(box.isCurrent(webhook.secretEncrypted)).toBe(true);
      expect(box.decrypt(webhook.authHeaderValueEncrypted!)).toBe('v-123456');
    }
  });
});
