// compose.yaml run as a user runs it (scripts/container/compose.sh prepares the images and the environment):
// `up -d --build` (postgres, the migrate one-shot, two app instances), health and readiness on both published
// ports, a REST create on one instance seen by the other, `down` and `up -d` again with the data kept, and
// the figures (time to both ready, the whole run). Usage: tsx scripts/container/compose.ts
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import {
  buildFigures,
  check,
  cli,
  createParticipant,
  docker,
  failedChecks,
  isDuplicate,
  recordContainerFigures,
  seed,
  status,
} from './kit';

const run = promisify(execFile);
const composeCommand = (process.env.COMPOSE ?? 'docker-compose').split(' ');
const files = [
  '-f',
  'compose.yaml',
  ...(process.env.COMPOSE_EXTRA_FILE ? ['-f', process.env.COMPOSE_EXTRA_FILE] : []),
];
const instances = [
  { service: 'app1', url: `http://127.0.0.1:${process.env.APP1_PORT ?? 3000}` },
  { service: 'app2', url: `http://127.0.0.1:${process.env.APP2_PORT ?? 3001}` },
];
const tag = randomUUID().slice(0, 8);
const figures: Record<string, unknown> = {};

async function compose(...args: string[]): Promise<string> {
  const [command, ...prefix] = composeCommand;
  const { stdout } = await run(command!, [...prefix, ...files, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** Milliseconds from `began` until /api/ready answers 200 on every instance. */
async function untilReady(began: number): Promise<number> {
  for (;;) {
    const answers = await Promise.all(instances.map((i) => status(`${i.url}/api/ready`)));
    if (answers.every((s) => s === 200)) return Date.now() - began;
    if (Date.now() - began > 600_000) {
      throw new Error(
        `not ready within 600 s (${answers.join(', ')}):\n${await compose('logs', '--tail=40')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function exitCodeOf(service: string): Promise<string> {
  const id = await compose('ps', '-q', '--all', service).catch(() => compose('ps', '-q', service));
  return docker('inspect', '-f', '{{.State.ExitCode}}', id);
}

const started = Date.now();
try {
  console.log('--- up -d --build');
  const upBegan = Date.now();
  await compose('up', '-d', '--build');
  const upMs = Date.now() - upBegan;
  const readyMs = await untilReady(upBegan);
  check(
    'up -d --build, then both instances ready',
    true,
    `up returned after ${upMs} ms, ready after ${readyMs} ms`,
  );
  figures.upReturnedMs = upMs;
  figures.upToBothReadyMs = readyMs;
  check('the migrate one-shot exited 0', (await exitCodeOf('migrate')) === '0');
  for (const { service, url } of instances) {
    check(`${service}: GET /api/health`, (await status(`${url}/api/health`)) === 200);
    check(`${service}: GET /api/ready`, (await status(`${url}/api/ready`)) === 200);
  }

  const runCli = (args: string[], input?: string) =>
    cli(composeCommand[0]!, [...composeCommand.slice(1), ...files, 'exec', '-T', 'app1'], args, input);
  const { questionnaireId, apiKey } = await seed(runCli, tag);
  const [app1, app2] = instances.map((i) => i.url) as [string, string];
  const created = await createParticipant(app1, apiKey, questionnaireId, `compose-${tag}`);
  check('REST create on app1', created.status === 200, `status ${created.status}`);
  const seen = await createParticipant(app2, apiKey, questionnaireId, `compose-${tag}`);
  check('app2 sees it (the same IRN is a duplicate there)', isDuplicate(seen), `status ${seen.status}`);

  console.log('--- down, then up -d');
  await compose('down');
  const againBegan = Date.now();
  await compose('up', '-d');
  const againMs = await untilReady(againBegan);
  check('up -d on the kept volumes, both instances ready', true, `${againMs} ms`);
  figures.downThenUpToBothReadyMs = againMs;
  const kept = await createParticipant(app2, apiKey, questionnaireId, `compose-${tag}`);
  check(
    'data kept across down / up (the key authenticates, the IRN is a duplicate)',
    isDuplicate(kept),
    `status ${kept.status}`,
  );
  const fresh = await createParticipant(app1, apiKey, questionnaireId, `compose-${tag}-2`);
  check('REST create after down / up', fresh.status === 200, `status ${fresh.status}`);
  figures.imageMiB = Math.round(
    Number(await docker('image', 'inspect', '-f', '{{.Size}}', 'pais:latest')) / 2 ** 20,
  );
  console.log(
    `compose: up -d --build to both ready ${(readyMs / 1000).toFixed(1)} s, up -d again ${(againMs / 1000).toFixed(1)} s; ` +
      `image ${String(figures.imageMiB)} MiB`,
  );
} catch (error) {
  check('compose test', false, (error as Error).message);
  console.log(await compose('logs', '--tail=30').catch((e: Error) => e.message));
} finally {
  await compose('down', '--volumes').catch((error: Error) => console.log(`down --volumes: ${error.message}`));
}
console.log(`compose test took ${Math.round((Date.now() - started) / 1000)} s`);
const failures = failedChecks();
console.log(failures ? `compose test: ${failures} failed` : 'compose test: all checks passed');
const build = buildFigures();
if (!failures && build) {
  figures.checksSeconds = Math.round((Date.now() - started) / 1000);
  const written = recordContainerFigures(
    'compose.yaml (npm run test:compose)',
    'npm run test:compose',
    build,
    figures,
  );
  console.log(`figures written: ${written.join(', ')}`);
}
process.exit(failures ? 1 : 0);
