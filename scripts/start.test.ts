// `npm start`'s start-up as an operator meets it: a child process, a real (if silent) database address.
import { spawn } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/server/test/free-port';

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
