// The container image checked as an operator would run it (scripts/container/run.sh builds it first):
// on the embedded database (a volume, restarted with its data) and on PostgreSQL (a fresh database on
// 127.0.0.1:5432), with host networking. Prints the image size and the time to ready.
// Usage: tsx scripts/container/test.ts <image> <postgresql server URL>
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createUnderShutdown } from '../../e2e/fixtures/shutdown-load';
import { verifyWebhook } from '@/server/webhooks/signing';
import { startTestReceiver } from '@/server/test/webhook-receiver';
import { sampleResult } from '@/server/test/webhook-fixtures';
import {
  buildFigures,
  check,
  cli as cliIn,
  createParticipant as create,
  docker,
  failedChecks,
  isDuplicate,
  logsOf,
  recordContainerFigures,
  seed as seedWith,
  status as statusAt,
} from './kit';

const [image, serverUrl] = process.argv.slice(2);
if (!image || !serverUrl) throw new Error('usage: test.ts <image> <postgresql server URL>');
const PORT = Number(process.env.CONTAINER_TEST_PORT ?? 3151);
const baseUrl = `http://127.0.0.1:${PORT}`;
const tag = randomUUID().slice(0, 8);
const common = [
  '--network=host',
  `-e=PORT=${PORT}`,
  `-e=PUBLIC_BASE_URL=${baseUrl}`,
  '-e=NEXTAUTH_SECRET=container-test-secret-of-at-least-32-characters',
  '-e=ADMIN_PASSWORD=container-test-password',
  // The receiver below listens on 127.0.0.1.
  '-e=WEBHOOK_ALLOW_PRIVATE_URLS=true',
];
const cleanup: (() => Promise<unknown>)[] = [];
/** What this run measured, recorded in bench/results/latest.json and docs/benchmarks.md when every check passed. */
const figures: Record<string, unknown> = {};
const checksStarted = Date.now();

const status = (path: string) => statusAt(`${baseUrl}${path}`);

/** Starts a container; resolves with its name and the milliseconds until /api/ready answered 200. */
async function startContainer(name: string, args: string[]): Promise<number> {
  const began = Date.now();
  await docker('run', '-d', `--name=${name}`, ...common, ...args, image!);
  cleanup.push(() => docker('rm', '-f', name).catch(() => ''));
  for (;;) {
    if ((await status('/api/ready')) === 200) return Date.now() - began;
    if ((await docker('inspect', '-f', '{{.State.Running}}', name)) !== 'true')
      throw new Error(`${name} stopped:\n${await logsOf(name).catch(() => '')}`);
    if (Date.now() - began > 300_000) throw new Error(`${name} not ready within 300 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** docker stop (SIGTERM to PID 1); returns the exit code and how long it took. */
async function stopContainer(name: string): Promise<{ code: number; ms: number }> {
  const began = Date.now();
  await docker('stop', '-t', '30', name);
  return { code: Number(await docker('inspect', '-f', '{{.State.ExitCode}}', name)), ms: Date.now() - began };
}

/** The operator CLI inside the image (`docker exec`, or a one-shot container on a volume). */
const cli = (where: string[], args: string[], input?: string) => cliIn('docker', where, args, input);
const seed = (where: string[]) => seedWith((args, input) => cli(where, args, input), tag);
const createParticipant = (apiKey: string, questionnaireId: string, irn: string) =>
  create(baseUrl, apiKey, questionnaireId, irn);

async function embedded(): Promise<void> {
  console.log('--- embedded database (volume)');
  const volume = `pais-test-data-${tag}`;
  cleanup.push(() => docker('volume', 'rm', '-f', volume).catch(() => ''));
  const withVolume = [`--volume=${volume}:/app/data`];
  const name = `pais-test-embedded-${tag}`;
  const readyMs = await startContainer(name, withVolume);
  check('time to ready (first start: migrations, first Admin)', true, `${readyMs} ms`);
  check('GET /api/health', (await status('/api/health')) === 200);
  // Served from the traced files alone (standalone output): an Admin page, the OpenAPI document, the API docs
  // page and a Swagger UI file it reads from node_modules.
  for (const path of [
    '/login',
    '/questionnaire/v1/openapi.json',
    '/questionnaire/v1/docs',
    '/questionnaire/v1/docs/swagger-ui-bundle.js',
  ])
    check(`GET ${path}`, (await status(path)) === 200);
  check(
    'runs as a non-root user',
    (await docker('exec', name, 'id', '-u')) !== '0',
    `uid ${await docker('exec', name, 'id', '-u')}`,
  );
  const stopped = await stopContainer(name);
  check('docker stop: exit code 0', stopped.code === 0, `${stopped.ms} ms`);
  figures.embeddedFirstStartReadyMs = readyMs;
  figures.embeddedDockerStopMs = stopped.ms;
  await docker('rm', name);

  // The embedded database has one process at a time: the CLI runs while the server is stopped.
  const { questionnaireId, apiKey } = await seed(['run', '--rm', ...withVolume, image!]);
  const again = `${name}-2`;
  const secondReadyMs = await startContainer(again, withVolume);
  check('time to ready (restart on the same volume)', true, `${secondReadyMs} ms`);
  figures.embeddedRestartReadyMs = secondReadyMs;
  const created = await createParticipant(apiKey, questionnaireId, `container-${tag}`);
  check('REST create with a key made before the restart', created.status === 200, `status ${created.status}`);
  await stopContainer(again);
  await docker('rm', again);
  const third = `${name}-3`;
  await startContainer(third, withVolume);
  const duplicate = await createParticipant(apiKey, questionnaireId, `container-${tag}`);
  check(
    'data kept across a restart (the same IRN is now a duplicate)',
    isDuplicate(duplicate),
    `status ${duplicate.status}: ${JSON.stringify(duplicate.body)}`,
  );
  await stopContainer(third);
}

async function postgresql(): Promise<void> {
  console.log('--- PostgreSQL');
  const database = `pais_container_${tag}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE "${database}"`);
  cleanup.push(() => admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  const name = `pais-test-pg-${tag}`;
  const readyMs = await startContainer(name, [`-e=DATABASE_URL=${url}`, '-e=SHUTDOWN_GRACE_MS=20000']);
  check('time to ready on PostgreSQL', true, `${readyMs} ms`);
  figures.postgresqlReadyMs = readyMs;
  const exec = ['exec', '-i', name];
  const { questionnaireId, apiKey } = await seed(exec);
  const created = await createParticipant(apiKey, questionnaireId, `signed-${tag}`);
  check('REST create', created.status === 200, `status ${created.status}`);

  const receiver = await startTestReceiver();
  cleanup.push(() => receiver.close());
  const webhook = await cli(
    [...exec],
    ['webhook:set', '--questionnaire', questionnaireId, '--url', receiver.url],
  );
  await cli(
    exec,
    ['result:publish', '--participant', String(created.body.participant_uuid), '--file', '-'],
    JSON.stringify(sampleResult()),
  );
  const [delivery] = await receiver.waitFor(1, 30_000);
  let verified = false;
  try {
    verifyWebhook(String(webhook.secret), delivery!.body, delivery!.headers);
    verified = true;
  } catch {
    verified = false;
  }
  check('a signed webhook delivery reached 127.0.0.1 and verifies', verified);

  const exitCode = docker('wait', name).then(Number);
  const outcome = await createUnderShutdown({
    baseUrl,
    apiKey,
    questionnaireId,
    prefix: `load-${tag}`,
    terminate: () => void docker('kill', '--signal=SIGTERM', name),
    exited: exitCode,
  });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const { rows } = await client.query<{ irn: string }>('SELECT irn FROM participant WHERE irn LIKE $1', [
    `load-${tag}-%`,
  ]);
  await client.end();
  const unanswered = rows.filter((r) => !outcome.answered.has(r.irn)).length;
  check(
    'SIGTERM under load (16 clients): every stored create was answered 2xx, exit 0',
    unanswered === 0 && rows.length === outcome.answered.size && outcome.exitCode === 0,
    `${rows.length} stored, ${outcome.answered.size} answered 2xx, ${unanswered} unanswered, ` +
      `${outcome.noAnswer} refused or cut; exit ${outcome.exitCode} ${outcome.exitMs} ms after the signal`,
  );
  figures.sigtermUnderLoad = {
    clients: 16,
    stored: rows.length,
    answered2xx: outcome.answered.size,
    unanswered,
    refusedOrCut: outcome.noAnswer,
    exitCode: outcome.exitCode,
    exitMsAfterSignal: outcome.exitMs,
  };
}

try {
  const size = Number(await docker('image', 'inspect', '-f', '{{.Size}}', image));
  const user = await docker('image', 'inspect', '-f', '{{.Config.User}}', image);
  check('the image runs as a non-root user', user !== '' && user !== 'root' && user !== '0', user);
  figures.imageMiB = Math.round(size / 2 ** 20);
  // The base it was built on (run.sh's local Debian + Node.js 24): the part of the size that is not the app.
  const base = process.env.CONTAINER_BASE_IMAGE;
  if (base)
    figures.baseImageMiB = Math.round(
      Number(await docker('image', 'inspect', '-f', '{{.Size}}', base)) / 2 ** 20,
    );
  await embedded();
  await postgresql();
  console.log(
    `image ${image}: ${String(figures.imageMiB)} MiB; time to ready ${String(figures.embeddedFirstStartReadyMs)} ms (embedded, ` +
      `first start), ${String(figures.postgresqlReadyMs)} ms (PostgreSQL)`,
  );
} catch (error) {
  check('container test', false, (error as Error).message);
} finally {
  for (const step of cleanup.reverse()) await step();
}
const failures = failedChecks();
console.log(failures ? `container test: ${failures} failed` : 'container test: all checks passed');
const build = buildFigures();
if (!failures && build) {
  figures.checksSeconds = Math.round((Date.now() - checksStarted) / 1000);
  const written = recordContainerFigures(
    'container image (npm run test:container)',
    'npm run test:container',
    build,
    figures,
  );
  console.log(`figures written: ${written.join(', ')}`);
}
process.exit(failures ? 1 : 0);
