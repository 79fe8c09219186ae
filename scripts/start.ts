// `npm start` (and `npm run dev` with --dev): applies pending migrations, creates the first Admin when there
// is none, then serves the app on PORT from one node:http server: the public REST API (/questionnaire/v1/…)
// through the fast door (server/rest/fast-door.ts), every other request through Next.js's request handler.
// Set SKIP_MIGRATIONS=true when migrations run as a separate release step (several instances on one
// PostgreSQL).
import { startMode } from './start-mode';
// headersTimeout and requestTimeout (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS) for every HTTP server of
// this process, the one below included.
import './http-timeouts.cjs';
import http from 'node:http';
import next from 'next';
import { env } from '@/server/env';
import { getPrisma } from '@/server/db';
import { createRestCore } from '@/server/rest/handler';
import {
  configHeadersFor,
  createFastRestDoor,
  loadNextHeaderRules,
  servedByFastDoor,
} from '@/server/rest/fast-door';
import { answerOddRequest, rawHttpAnswer } from '@/server/doors/odd-requests';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/server/lib/request-id';
import { createDatabase } from '@/server/db/client';
import { deployMigrations } from '@/server/db/migrations/migrator';
import { EmbeddedDatabaseBusyError } from '@/server/db/embedded-lock';
import { ensureFirstAdmin } from '@/server/services/admin-users';
import { resolveAppSecret, resolveAppSecrets } from '@/server/auth/app-secret';
import { createSecretBox } from '@/server/webhooks/secret-box';
import { assertStoredSecretsReadable } from '@/server/services/secret-rotation';
import { observeServerRequests } from '@/server/observability/observe-request';

const { dev } = startMode;

async function prepare(): Promise<void> {
  if (!env.SKIP_MIGRATIONS) {
    const applied = await deployMigrations(env.DATABASE_DIRECT_URL ?? env.DATABASE_URL);
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

process.env.NEXTAUTH_SECRET = resolveAppSecret(env);
process.env.NEXTAUTH_URL ??= env.PUBLIC_BASE_URL;

const app = next({ dev, dir: process.cwd(), port: env.PORT });
await app.prepare();
const handleNext = observeServerRequests(app.getRequestHandler());
const headerRules = await loadNextHeaderRules();
// The same REST core as the App Router route, built once for the process; it opens the database on first use.
const serveRest = createFastRestDoor({ core: createRestCore({ db: getPrisma }), headerRules });

const server = http.createServer((req, res) => {
  const odd = answerOddRequest(req.method, req.url);
  if (odd) {
    for (const [name, value] of configHeadersFor(headerRules, req)) res.setHeader(name, value);
    res.setHeader(
      REQUEST_ID_HEADER,
      requestIdFrom({ get: (name) => req.headersDistinct[name]?.[0] ?? null }),
    );
    res.writeHead(odd.status, odd.headers).end(odd.body);
  } else if (servedByFastDoor(req.method, req.url)) void serveRest(req, res);
  else void handleNext(req, res);
});
// CONNECT (a proxy's tunnel): no door takes it; answered instead of the connection being dropped.
server.on('connect', (req, socket) => {
  const odd = answerOddRequest(req.method, req.url) ?? answerOddRequest(req.method, '/')!;
  socket.end(rawHttpAnswer(odd, configHeadersFor(headerRules, req)));
});
server.listen(env.PORT, () =>
  console.log(`Listening on http://localhost:${env.PORT} (${dev ? 'development' : 'production'})`),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
