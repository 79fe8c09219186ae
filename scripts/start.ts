// `npm start` (and `npm run dev` with --dev): applies pending migrations, creates the first Admin when there
// is none, then serves the app on PORT from one node:http server: the public REST API (/questionnaire/v1/…)
// through the fast door (server/doors/rest/fast-door.ts), every other request through Next.js's request handler.
// REST_FAST_DOOR=false sends the REST API through Next.js too (its App Router route, as `next start` serves it):
// e2e/door-compare.spec.ts holds the two doors' answers to each other that way.
// Set SKIP_MIGRATIONS=true when migrations run as a separate release step (several instances on one
// PostgreSQL); either way it stops unless the database holds exactly this release's migrations
// (ACCEPT_NEWER_MIGRATIONS names a newer release's that it may run beside, when rolling back). SIGTERM/SIGINT
// drain it (server/platform/lifecycle/shutdown.ts), also when the signal reaches npm and the server both (a process
// group's signal: npm passes on a second copy).
// Everything it writes to stdout is a JSON line (server/platform/observability/json-stdout.ts); stderr has the
// plain-text start-up failures and the first Admin's generated one-time password (see prepare()).
import { startMode } from './start-mode';
import next from 'next';
import { env } from '@/server/platform/env';
import { stampPeerAddress } from '@/server/platform/lib/client-address';
import { getPrisma } from '@/server/platform/db';
import { createRestCore } from '@/server/doors/rest/handler';
import { createFastRestDoor, servedByFastDoor } from '@/server/doors/rest/fast-door';
import { loadSecurityHeaders } from '@/server/platform/http/header-rules';
import { runTimeSecurityHeaders } from '@/server/platform/http/security-headers.js';
import { createAdminOutageGate } from '@/server/doors/admin-outage';
import { answerOddRequest, rawHttpAnswer } from '@/server/doors/odd-requests';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/server/platform/lib/request-id';
import { createDatabase } from '@/server/platform/db/client';
import { deployMigrations } from '@/server/platform/db/migrations/migrator';
import { assertDatabaseMatchesRelease } from '@/server/platform/db/migrations/release-schema';
import { EmbeddedDatabaseBusyError } from '@/server/platform/db/embedded-lock';
import { ensureFirstAdmin } from '@/server/admins/users';
import { resolveAppSecret, resolveAppSecrets } from '@/server/platform/crypto/app-secret';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { assertStoredSecretsReadable } from '@/server/platform/crypto/secret-rotation';
import { observeServerRequests } from '@/server/platform/observability/observe-request';
import { waitForDatabase } from '@/server/platform/lifecycle/database-probe';
import { createHttpServer } from '@/server/platform/lifecycle/http-server';
import { handleShutdownSignals } from '@/server/platform/lifecycle/shutdown';
import { logger } from '@/server/platform/observability/logger';
import { keepStdoutJson } from '@/server/platform/observability/json-stdout';

keepStdoutJson();

const { dev } = startMode;

async function prepare(): Promise<void> {
  await waitForDatabase(env.DATABASE_URL, env.DATABASE_CONNECT_TIMEOUT_MS);
  if (!env.SKIP_MIGRATIONS) {
    const applied = await deployMigrations(env.DATABASE_DIRECT_URL ?? env.DATABASE_URL);
    logger.info({ migrations: applied }, applied.length ? 'applied migrations' : 'no pending migrations');
  }
  const database = createDatabase(env.DATABASE_URL, 1);
  try {
    // A database behind this release's migrations (or ahead of them: a newer release's) is refused here, in
    // one line naming them, rather than served with errors on columns that do not exist.
    await assertDatabaseMatchesRelease(database.prisma, {
      skipMigrations: env.SKIP_MIGRATIONS,
      acceptNewer: env.ACCEPT_NEWER_MIGRATIONS,
    });
    // A wrong or missing app secret must stop start-up, before anything is sealed with it.
    const secrets = resolveAppSecrets(env);
    await assertStoredSecretsReadable(database.prisma, createSecretBox(secrets.current, secrets.previous));
    const outcome = await ensureFirstAdmin(database.prisma, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
    });
    if (outcome.created) announceFirstAdmin(outcome.email, outcome.generatedPassword);
  } finally {
    await database.close();
  }
}

/**
 * The first Admin's sign-in, as a JSON line on stdout. A generated password goes to stderr as plain text
 * instead, never into the JSON stream: stdout is what log pipelines parse, index and keep, and a secret must
 * never be logged; stderr is the terminal (or `docker logs`) of the operator who started the service. The
 * password works only to choose the Admin's own, and only for ADMIN_INVITATION_EXPIRY_HOURS, so a copy left
 * in a console is of no use later. Set ADMIN_PASSWORD to print no password at all.
 */
function announceFirstAdmin(email: string, generatedPassword: string | null): void {
  const signInUrl = `${env.PUBLIC_BASE_URL}/login`;
  logger.info(
    { signInUrl, firstAdmin: email, passwordSource: generatedPassword ? 'stderr' : 'ADMIN_PASSWORD' },
    'first Admin created',
  );
  if (generatedPassword)
    console.error(
      `\nFirst Admin created. Sign in at ${signInUrl}\n  email:    ${email}\n` +
        `  password: ${generatedPassword}   (temporary: shown only here, to be changed at the first sign-in)\n` +
        `It signs in for ${env.ADMIN_INVITATION_EXPIRY_HOURS} hours (ADMIN_INVITATION_EXPIRY_HOURS); after that, ` +
        `npm run cli -- admin:reset-password --email ${email} gives a new one.\n`,
    );
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
const handleNextPages = app.getRequestHandler();
// The Admin pages answer 503 with a plain page while the server's PostgreSQL is gone (Next.js would give 500).
const adminOutage = createAdminOutageGate({
  db: getPrisma,
  probes: !env.DATABASE_URL.startsWith('pglite:'),
});
const handleNext = observeServerRequests(async (req, res) => {
  if (!(await adminOutage(req, res))) await handleNextPages(req, res);
});
// next.config.js's rules (checked: a rule the fast door cannot apply stops the start) and the run-time HSTS.
const securityHeaders = await loadSecurityHeaders(env.PUBLIC_BASE_URL);
// What Next.js's build-time rules cannot know: set before Next.js answers, kept on its response.
const runTimeHeaders = runTimeSecurityHeaders(env.PUBLIC_BASE_URL);
// The same REST core as the App Router route, built once for the process; it opens the database on first use.
const serveRest = env.REST_FAST_DOOR
  ? createFastRestDoor({ core: createRestCore({ db: getPrisma }), securityHeaders })
  : null;

const http = createHttpServer(env, (req, res) => {
  // The Admin door's lockout counts by it when TRUST_PROXY is off (server/platform/lib/client-address.ts).
  stampPeerAddress(req);
  const odd = answerOddRequest(req.method, req.url);
  if (odd) {
    for (const [name, value] of securityHeaders(req)) res.setHeader(name, value);
    res.setHeader(
      REQUEST_ID_HEADER,
      requestIdFrom({ get: (name) => req.headersDistinct[name]?.[0] ?? null }),
    );
    res.writeHead(odd.status, odd.headers).end(odd.body);
  } else if (serveRest && servedByFastDoor(req.method, req.url)) void serveRest(req, res);
  else {
    for (const { key, value } of runTimeHeaders) res.setHeader(key, value);
    void handleNext(req, res);
  }
});
// CONNECT (a proxy's tunnel): no door takes it; answered instead of the connection being dropped.
http.server.on('connect', (req, socket) => {
  const odd = answerOddRequest(req.method, req.url) ?? answerOddRequest(req.method, '/')!;
  socket.end(rawHttpAnswer(odd, securityHeaders(req)));
});
// A port already taken (or not allowed) ends the process: it must not stay up running background work unseen.
http.server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Start-up failed: port ${env.PORT} is already in use (PORT)`
      : `Start-up failed: cannot listen on port ${env.PORT}: ${error.message}`,
  );
  process.exit(1);
});
http.server.listen(env.PORT, () =>
  logger.info(
    { url: `http://localhost:${env.PORT}`, mode: dev ? 'development' : 'production' },
    `Listening on http://localhost:${env.PORT}`,
  ),
);
handleShutdownSignals({
  http,
  graceMs: env.SHUTDOWN_GRACE_MS,
  notReadyMs: env.SHUTDOWN_NOT_READY_MS,
  closeApp: () => app.close(),
});
