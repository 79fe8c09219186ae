// A real PgBouncer (Debian's package) in transaction mode in front of a test database, for the tests of what
// must not go through a transaction pooler. Tests skip when pgbouncer is not installed.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => fs.existsSync(file));

/** Why PgBouncer tests are skipped here, or null when they can run. */
export const pgbouncerMissing: string | null = PGBOUNCER
  ? null
  : 'pgbouncer is not installed (apt-get install -y pgbouncer): PgBouncer tests skipped';

export interface RunningPgbouncer {
  /** The database through PgBouncer (transaction mode). */
  url: string;
  stop: () => Promise<void>;
}

async function accepting(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PgBouncer did not listen on ${port}`);
}

/**
 * Starts PgBouncer in transaction mode in front of `databaseUrl` (trust authentication, as the test
 * PostgreSQL), with `serverConnections` connections to PostgreSQL (5 by default; fewer make clients share
 * them, so a client's statements land on different ones under load). Its port is `port` when given, else a
 * free one.
 */
export async function startPgbouncer(
  databaseUrl: string,
  port?: number,
  serverConnections = 5,
): Promise<RunningPgbouncer> {
  if (!PGBOUNCER) throw new Error(pgbouncerMissing!);
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username || 'postgres');
  const listenPort = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-pgbouncer-'));
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${listenPort}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 100',
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  fs.chmodSync(dir, 0o755);
  // PgBouncer refuses to run as root; it drops to the postgres user (-u) when started as root.
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(
    PGBOUNCER,
    [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await accepting(listenPort, Date.now() + 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}: ${stderr}`);
  }
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(listenPort);
  return {
    url: url.toString(),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
