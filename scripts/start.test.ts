// `npm start`'s start-up as an operator meets it: a child process, a real (if silent) database address.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/server/test/free-port';
import { createDatabase, type PrismaClient } from '@/server/platform/db/client';
import { seedApiKey, seedQuestionnaire } from '@/server/test/questionnaire-fixture';
import { createTestDatabase, migrationSql, testDatabaseKinds } from '@/server/test/database';

const TSX = path.resolve('node_modules/.bin/tsx');

/**
 * Runs `command` (the start script by default) until it exits, or until stdout matches `stopAt` (then it is
 * stopped with SIGTERM and its shutdown lines are collected too).
 */
function start(
  env: Record<string, string | undefined>,
  { command = [TSX, 'scripts/start.ts'], stopAt }: { command?: [string, ...string[]]; stopAt?: RegExp } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const [file, ...args] = command;
    // Its own process group, so that the guard below also reaches what npm started.
    const child = spawn(file, args, { env: { ...process.env, ...env }, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // To the command alone, as a container runtime signals its PID 1 (npm passes it on).
      if (stopAt?.test(stdout) && child.exitCode === null) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Never left running, whatever happens: a start-up that hangs is what this test looks for.
    const guard = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), stopAt ? 150_000 : 60_000);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm start against a database that accepts connections and never answers', () => {
  let silent: net.Server;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    silent = net.createServer((socket) => sockets.push(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('stops with exit code 1 and one line naming the database and the timeout', async () => {
    const { port } = silent.address() as AddressInfo;
    const result = await start({
      DATABASE_URL: `postgresql://postgres:not-logged@127.0.0.1:${port}/pais`,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `Start-up failed: the database at 127.0.0.1:${port}/pais did not answer within 1 s (DATABASE_CONNECT_TIMEOUT_MS)`,
    ]);
    expect(result.stdout + result.stderr).not.toContain('not-logged');
    expect(sockets.length).toBeGreaterThan(0);
  }, 90_000);
});

describe('npm start on a new embedded database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-json-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes only JSON lines to stdout (migrations, first Admin, Listening on), the generated password on stderr', async () => {
    // `npm start --silent`, as docs/operations.md tells a log shipper's operator to run it (without --silent,
    // npm prints its own two-line script banner first). --dev: no production build needed, and Next.js's
    // development server prints more of its own plain text than the production one, all of which must arrive
    // as JSON too.
    const port = await freePort();
    const result = await start(
      {
        DATABASE_URL: `pglite:${path.join(dir, 'pglite')}`,
        PORT: String(port),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: 'json-logs@example.com',
        ADMIN_PASSWORD: undefined, // spawn leaves out undefined variables: the password is generated
        NEXTAUTH_SECRET: 'json-logs-test-secret-0123456789abcdef',
        WEBHOOK_SCHEDULER: 'false',
      },
      { command: ['npm', 'start', '--silent', '--', '--dev'], stopAt: /Listening on/ },
    );
    const lines = result.stdout.split('\n').filter((line) => line.trim() !== '');
    const records = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`stdout line is not JSON: ${line}`);
      }
    });
    for (const record of records)
      expect(record).toMatchObject({ level: expect.any(String), msg: expect.any(String) });

    const migrations = records.find((r) => r.msg === 'applied migrations');
    expect(migrations?.migrations).toEqual(expect.arrayContaining([expect.stringMatching(/_init$/)]));
    expect(records.find((r) => r.msg === 'first Admin created')).toMatchObject({
      signInUrl: `http://127.0.0.1:${port}/login`,
      firstAdmin: 'json-logs@example.com',
      passwordSource: 'stderr',
    });
    expect(
      records.find((r) => String(r.msg).startsWith('Listening on')),
      `${result.stdout}${result.stderr}`,
    ).toMatchObject({
      url: `http://localhost:${port}`,
      mode: 'development',
    });
    const password = /password: (\S+)/.exec(result.stderr)?.[1];
    expect(password, result.stderr).toMatch(/^\S{12,}$/);
    expect(result.stdout).not.toContain(password);
  }, 180_000);
});

/** What the clients saw while the server shut down. */
interface UnderSignal {
  /** IRNs whose create was answered 2xx. */
  answered: Set<string>;
  /** Requests that got no answer and no refusal (reset or cut): their error codes, and ms after the signal. */
  resets: string[];
  /** The readiness statuses seen after the signal, in order, and the process's exit code. */
  readiness: number[];
  exitCode: number | null;
  output: string;
}

/** One keep-alive connection's POST; resolves with the status, or the error's code when none came. */
function post(agent: http.Agent, port: number, body: string, apiKey: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/questionnaire/v1/participant',
        method: 'POST',
        agent,
        headers: { Authorization: apiKey, 'Content-Type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
        res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'ERROR'));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(`${error.code ?? 'ERROR'}${req.reusedSocket ? ' on a keep-alive connection' : ''}`),
    );
    req.end(body);
  });
}

const readinessOf = (port: number): Promise<number | string> =>
  new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/ready', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'ERROR'));
  });

/**
 * `npm start` (detached: its own process group) under 16 keep-alive clients creating participants in a loop;
 * once it is ready and the load runs, SIGTERM goes to the whole process group, as systemd's default KillMode
 * and Ctrl-C do: npm and the server both get it, and npm passes its copy on. The clients stop starting
 * requests once readiness answers 503, as a load balancer takes the instance out of rotation then (a client
 * still connecting when the listener closes may meet a reset of a connection the server never accepted).
 */
async function signalGroupUnderLoad(
  env: Record<string, string>,
  seeded: { apiKey: string; questionnaireId: string },
): Promise<UnderSignal> {
  const port = await freePort();
  const child = spawn('npm', ['start', '--silent', '--', '--dev'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_SECRET: 'process-group-test-secret-0123456789abcdef',
      ADMIN_PASSWORD: 'process-group-test-password',
      WEBHOOK_SCHEDULER: 'false',
      SKIP_MIGRATIONS: 'true',
      SHUTDOWN_GRACE_MS: '25000',
      // Long enough for the clients to see readiness answer 503 from a server saturated by the load (the
      // embedded database runs in its event loop: a readiness request waits its turn behind the creates).
      SHUTDOWN_NOT_READY_MS: '10000',
    },
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const guard = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 240_000);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    // Ready: the readiness route compiled (development mode) and answering 200.
    const readyBy = Date.now() + 200_000;
    while ((await readinessOf(port)) !== 200) {
      if (child.exitCode !== null || Date.now() > readyBy) throw new Error(`not ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const answered = new Set<string>();
    const resets: string[] = [];
    let signalledAt = 0;
    let gone = false;
    let outOfRotation = false;
    void exited.then(() => (gone = true));
    const client = async (c: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        // Until readiness says 503: then a load balancer sends this instance nothing more.
        for (let n = 0; n < 5_000 && !gone && !outOfRotation; n++) {
          const irn = `group-${c}-${n}`;
          const body = JSON.stringify({ project_uuid: seeded.questionnaireId, interview_ref_num: irn });
          const outcome = await post(agent, port, body, seeded.apiKey);
          if (outcome === 200) answered.add(irn);
          else if (outcome === 'ECONNREFUSED' && signalledAt)
            return; // this server is done: go elsewhere
          else if (typeof outcome === 'string') resets.push(`${outcome} at ${Date.now() - signalledAt} ms`);
        }
      } finally {
        agent.destroy();
      }
    };
    const readiness: number[] = [];
    const watchReadiness = async () => {
      while (!gone) {
        const status = await readinessOf(port);
        if (status === 'ECONNREFUSED') return;
        if (typeof status === 'number') readiness.push(status);
        if (status === 503) outOfRotation = true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const loops = Array.from({ length: 16 }, (_, c) => client(c));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    signalledAt = Date.now();
    process.kill(-child.pid!, 'SIGTERM');
    await Promise.all([...loops, watchReadiness()]);
    return { answered, resets, readiness, exitCode: await exited, output };
  } finally {
    clearTimeout(guard);
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    await exited;
  }
}

/** A tenant, a questionnaire and a participant:write key on the database `prisma` opens. */
async function seedLoadTarget(prisma: PrismaClient): Promise<{ apiKey: string; questionnaireId: string }> {
  const { questionnaireId } = await seedQuestionnaire(prisma);
  const key = await seedApiKey(prisma, questionnaireId, { scopes: ['participant:write'] });
  return { apiKey: key.value, questionnaireId };
}

describe.each(testDatabaseKinds())(
  'npm start signalled through its process group under load on %s',
  (kind) => {
    it('sigterm to the process group under keep-alive load: no request reset, every stored create answered, readiness 503 while draining, exit 0', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-group-'));
      let url: string;
      let storedIrns: () => Promise<string[]>;
      let cleanUp: () => Promise<void>;
      let seeded: { apiKey: string; questionnaireId: string };
      if (kind === 'pglite') {
        url = `pglite:${path.join(dir, 'pglite')}`;
        const setup = createDatabase(url);
        for (const sql of migrationSql()) await setup.pglite!.exec(sql);
        seeded = await seedLoadTarget(setup.prisma);
        await setup.close();
        storedIrns = async () => {
          const after = createDatabase(url);
          try {
            return (await after.prisma.participant.findMany({ select: { irn: true } })).map((p) => p.irn);
          } finally {
            await after.close();
          }
        };
        cleanUp = () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true }));
      } else {
        const database = await createTestDatabase('postgresql');
        url = database.url;
        seeded = await seedLoadTarget(database.prisma);
        storedIrns = async () =>
          (await database.prisma.participant.findMany({ select: { irn: true } })).map((p) => p.irn);
        cleanUp = database.close;
      }
      try {
        const outcome = await signalGroupUnderLoad({ DATABASE_URL: url }, seeded);
        const stored = await storedIrns();
        expect(outcome.answered.size, outcome.output).toBeGreaterThan(0);
        expect(outcome.resets).toEqual([]);
        expect(
          stored.filter((irn) => !outcome.answered.has(irn)),
          'stored but never answered',
        ).toEqual([]);
        expect(outcome.readiness, 'readiness after the signal').toContain(503);
        expect(outcome.exitCode, outcome.output).toBe(0);
      } finally {
        await cleanUp();
      }
    }, 300_000);
  },
);
