// `npm start` as a platform runs it: SIGTERM under load (a rolling deploy), replicas started together, a port
// already taken. Each test starts its own servers from the build the suite made (NEXT_DIST_DIR, default
// .next-e2e) on ports after the suite's own (E2E_PORT + 4 …); the PostgreSQL ones need TEST_DATABASE_URL.
import { spawn, execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { createUnderShutdown } from './fixtures/shutdown-load';
import { waitUntilReady, type ServerProcess } from './fixtures/server-process';
import { againstDeployment } from './fixtures/credentials';

const distDir = process.env.DEPLOY_TEST_DIST_DIR ?? process.env.NEXT_DIST_DIR ?? '.next-e2e';
const firstPort = Number(process.env.E2E_PORT ?? 3100) + 4;
const serverUrl = process.env.TEST_DATABASE_URL;
const GRACE_MS = 10_000;
const run = promisify(execFile);

test.describe.configure({ mode: 'serial' });
test.skip(
  againstDeployment,
  'starts servers of its own (npm start stopped under load, replicas): runs only without BASE_URL',
);
test.skip(!fs.existsSync(path.join(distDir, 'BUILD_ID')), `no build in ${distDir} (NEXT_DIST_DIR)`);

type Server = ServerProcess;

/** `npm start`, as the README says, with the suite's build. */
function npmStart(port: number, env: Record<string, string>): Server {
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_SECRET: 'deployment-test-secret-of-at-least-32-characters',
      ADMIN_PASSWORD: 'deployment-test-password',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that clean-up reaches whatever npm started even when npm is gone.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function stop(server: Server): Promise<void> {
  try {
    process.kill(-server.child.pid!, 'SIGKILL');
  } catch {
    // the whole group is gone already
  }
  await server.exited;
}

/** A new, empty database beside TEST_DATABASE_URL. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pais_deploy_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function cli(databaseUrl: string, ...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run('npx', ['tsx', 'scripts/cli.ts', ...args, '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

test('SIGTERM under load on PostgreSQL: every stored create was answered 2xx, exit 0 within the grace period', async () => {
  test.skip(!serverUrl, 'needs TEST_DATABASE_URL');
  test.setTimeout(240_000);
  const database = await freshDatabase();
  const server = npmStart(firstPort, { DATABASE_URL: database.url });
  try {
    await waitUntilReady(server);
    const tenant = await cli(database.url, 'tenant:create', '--name', 'Deploy');
    const questionnaire = await cli(
      database.url,
      'questionnaire:create',
      '--tenant',
      String(tenant.id),
      '--name',
      'Q',
    );
    const key = await cli(
      database.url,
      'apikey:create',
      '--questionnaire',
      String(questionnaire.id),
      '--name',
      'load',
      '--scopes',
      'participant:write',
    );

    const outcome = await createUnderShutdown({
      baseUrl: server.baseUrl,
      apiKey: String(key.api_key),
      questionnaireId: String(questionnaire.id),
      prefix: 'sigterm',
      clients: 16,
      // To npm alone, as a container runtime signals its PID 1: npm passes it on.
      terminate: () => server.child.kill('SIGTERM'),
      exited: server.exited,
    });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ irn: string }>(
      `SELECT irn FROM participant WHERE irn LIKE 'sigterm-%'`,
    );
    await client.end();
    const stored = new Set(rows.map((r) => r.irn));
    console.log(
      `SIGTERM under load: ${stored.size} stored, ${outcome.answered.size} answered 2xx, ` +
        `${outcome.otherStatus} other statuses, ${outcome.noAnswer} refused or cut; exit ${outcome.exitCode} ` +
        `${outcome.exitMs} ms after the signal (grace ${GRACE_MS} ms)`,
    );
    expect(outcome.answered.size).toBeGreaterThan(0);
    expect(
      [...stored].filter((irn) => !outcome.answered.has(irn)),
      'stored but never answered',
    ).toEqual([]);
    expect(
      [...outcome.answered].filter((irn) => !stored.has(irn)),
      'answered 2xx but not stored',
    ).toEqual([]);
    expect(outcome.exitCode, server.output()).toBe(0);
    expect(outcome.exitMs).toBeLessThan(GRACE_MS);
    expect(server.output()).toContain('"msg":"shut down"');
  } finally {
    await stop(server);
    await database.drop();
  }
});

test('three replicas started at once on an empty PostgreSQL database all become ready', async () => {
  test.skip(!serverUrl, 'needs TEST_DATABASE_URL');
  test.setTimeout(240_000);
  const database = await freshDatabase();
  const replicas = [0, 1, 2].map((i) => npmStart(firstPort + 1 + i, { DATABASE_URL: database.url }));
  try {
    await Promise.all(replicas.map((replica) => waitUntilReady(replica, 180_000)));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM admin_user');
    await client.end();
    expect(rows[0]!.count).toBe('1');
  } finally {
    await Promise.all(replicas.map(stop));
    await database.drop();
  }
});

test('a port already in use stops start-up with exit code 1 and one line saying so', async () => {
  test.setTimeout(180_000);
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(firstPort, resolve));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-port-'));
  const server = npmStart(firstPort, { DATABASE_URL: `pglite:${dir}/pglite` });
  try {
    const code = await Promise.race([
      server.exited,
      new Promise((r) => setTimeout(() => r('still running'), 150_000)),
    ]);
    expect(code, server.output()).toBe(1);
    expect(server.output()).toContain(`Start-up failed: port ${firstPort} is already in use (PORT)`);
  } finally {
    await stop(server);
    taken.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
