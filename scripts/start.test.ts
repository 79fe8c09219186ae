// `npm start`'s start-up as an operator meets it: a child process, a real (if silent) database address.
import { spawn } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TSX = path.resolve('node_modules/.bin/tsx');

function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, ['scripts/start.ts'], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Never left running, whatever happens: a start-up that hangs is what this test looks for.
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
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
