// secrets:reencrypt and the start-up check as an operator meets them: child processes on a real database (on
// each database the tests run on) whose webhook secrets were sealed with an earlier app secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { configureWebhook } from '@/server/webhooks/config';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { createAdmin } from '@/server/admins/users';
import { testDatabaseKinds } from '@/server/test/database';
import { createCliDatabase, runCli, type CliDatabase, type RunOptions } from './test-cli';

const OLD = 'the-old-application-secret-0123456789abcdef';
const NEW = 'the-new-application-secret-0123456789abcdef';
const WRONG = 'a-wrong-application-secret-0123456789abcdef';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

describe.each(testDatabaseKinds())(
  'app secret rotation from the terminal (%s)',
  { timeout: 120_000 },
  (kind) => {
    let database: CliDatabase;
    const run = (script: RunOptions['script'], args: string[], env: Record<string, string>) =>
      runCli(database, args, { script, env });

    let stored: unknown;
    const storedSecrets = async () => {
      const db = createDatabase(database.url, 1);
      try {
        return {
          webhooks: await db.prisma.webhookEndpoint.findMany({ orderBy: { id: 'asc' } }),
          admins: await db.prisma.adminUser.findMany({ orderBy: { id: 'asc' } }),
        };
      } finally {
        await db.close();
      }
    };

    beforeAll(async () => {
      database = await createCliDatabase(kind);
      const db = createDatabase(database.url, 1);
      try {
        const tenant = await db.prisma.tenant.create({ data: { name: 'Rotation' } });
        for (const name of ['A', 'B']) {
          const q = await db.prisma.questionnaire.create({ data: { tenantId: tenant.id, name } });
          await configureWebhook(
            db.prisma,
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
        const admin = await createAdmin(db.prisma, {
          email: 'totp@example.com',
          password: 'a-long-enough-password',
        });
        await db.prisma.adminUser.update({
          where: { id: admin.id },
          data: { totpSecretEncrypted: createSecretBox(OLD).encrypt(TOTP_SECRET), totpEnabledAt: new Date() },
        });
      } finally {
        await db.close();
      }
      stored = await storedSecrets();
    });
    afterAll(() => database?.close());

    it('a wrong app secret stops start-up and the CLI with one line naming the secret, writing nothing', async () => {
      const start = await run('start', [], {
        NEXTAUTH_SECRET: WRONG,
        ADMIN_PASSWORD: 'a-long-enough-password',
      });
      expect(start.code).toBe(1);
      expect(start.stderr).toMatch(
        /^Start-up failed: The signing secret of webhook [0-9a-f-]{36} \(questionnaire [0-9a-f-]{36}\) cannot be decrypted with NEXTAUTH_SECRET or any of APP_SECRETS_PREVIOUS: configure the app secret that sealed it\n$/,
      );
      const cli = await run('cli', ['secrets:reencrypt'], { NEXTAUTH_SECRET: WRONG });
      expect(cli.code).toBe(1);
      expect(cli.stderr).toMatch(/^error: The signing secret of webhook .* cannot be decrypted .*\n$/);
      expect(await storedSecrets()).toEqual(stored);
    });

    it('secrets:reencrypt moves every secret to the current app secret, prints counts, and is idempotent', async () => {
      const env = { NEXTAUTH_SECRET: NEW, APP_SECRETS_PREVIOUS: `${OLD}` };
      const first = await run('cli', ['secrets:reencrypt', '--json'], env);
      expect(first.stderr).toBe('');
      expect(JSON.parse(first.stdout)).toEqual({
        webhooks: { rows: 2, reencrypted: 2, already_current: 0, changed_meanwhile: 0, secrets: 4 },
        admins: { rows: 1, reencrypted: 1, already_current: 0, changed_meanwhile: 0, secrets: 1 },
      });
      const again = await run('cli', ['secrets:reencrypt'], { NEXTAUTH_SECRET: NEW });
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
  },
);
