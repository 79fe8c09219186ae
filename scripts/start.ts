// `npm start` (and `npm run dev` with --dev): applies pending migrations, creates the first Admin when there
// is none, then serves the app with Next.js on PORT. Set SKIP_MIGRATIONS=true when migrations run as a
// separate release step (several instances on one PostgreSQL).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { env } from '@/server/env';
import { createDatabase } from '@/server/db/client';
import { deployMigrations } from '@/server/db/migrations/migrator';
import { EmbeddedDatabaseBusyError } from '@/server/db/embedded-lock';
import { ensureFirstAdmin } from '@/server/services/admin-users';
import { resolveAppSecret, resolveAppSecrets } from '@/server/auth/app-secret';
import { createSecretBox } from '@/server/webhooks/secret-box';
import { assertStoredSecretsReadable } from '@/server/webhooks/secret-rotation';

const dev = process.argv.includes('--dev');
const skipMigrations = ['1', 'true', 'yes'].includes((process.env.SKIP_MIGRATIONS ?? '').toLowerCase());

async function prepare(): Promise<void> {
  if (!skipMigrations) {
    const applied = await deployMigrations(env.DATABASE_URL);
    if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  }
  const database = createDatabase(env.DATABASE_URL, 1);
  try {
    // A wrong or missing app secret must stop start-up, before anything is sealed with it.
    const secrets = resolveAppSecrets(env);
    await assertStoredSecretsReadable(database.prisma, createSecretBox(secrets.current, secrets.previous));
    const outcome = await ensureFirstAdmin(database.prisma, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
    });
    if (outcome.created) {
      const lines = [
        'First Admin created. Sign in at:',
        `  ${env.PUBLIC_BASE_URL}/login`,
        `  email:    ${outcome.email}`,
        outcome.generatedPassword
          ? `  password: ${outcome.generatedPassword}   (shown only this once: keep it safe)`
          : '  password: the one in ADMIN_PASSWORD',
      ];
      console.log(`\n${lines.join('\n')}\n`);
    }
  } finally {
    await database.close();
  }
}

try {
  await prepare();
} catch (error) {
  console.error(
    error instanceof EmbeddedDatabaseBusyError
      ? error.message
      : `Start-up failed: ${(error as Error).message}`,
  );
  process.exit(1);
}

const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
// Next.js creates its HTTP server itself: the preload gives it headersTimeout and requestTimeout.
const httpTimeouts = fileURLToPath(new URL('./http-timeouts.cjs', import.meta.url));
const nextArgs = ['--require', httpTimeouts, nextBin, dev ? 'dev' : 'start', '--port', String(env.PORT)];
const child = spawn(process.execPath, nextArgs, {
  stdio: 'inherit',
  env: {
    ...process.env,
    HTTP_HEADERS_TIMEOUT_MS: String(env.HTTP_HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(env.HTTP_REQUEST_TIMEOUT_MS),
    NEXTAUTH_SECRET: resolveAppSecret(env),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? env.PUBLIC_BASE_URL,
    NEXT_TELEMETRY_DISABLED: '1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
