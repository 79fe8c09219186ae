// Behind PgBouncer in transaction mode (a real one, Debian's package): migrations take their advisory lock on
// the direct connection and release it, so the server starts, stops and starts again; without a direct
// connection the pooler is detected and start-up refused with one line, never run as if LISTEN worked.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgbouncerMissing, startPgbouncer, type RunningPgbouncer } from '@/server/test/pgbouncer';
import { isBehindTransactionPooler } from './transaction-pooler';

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl && pgbouncerMissing) console.warn(pgbouncerMissing);
const SERVER_PORT = Number(process.env.E2E_PORT ?? 3180) + 3;

interface Run {
  code: number | null;
  output: string;
}

/**
 * Runs `npx tsx <args>` with `env` until its output matches `until` (then SIGTERM) or it exits; fails after
 * `timeoutMs` (a hang).
 */
function run(
  args: string[],
  env: Record<string, string>,
  until: RegExp | null,
  timeoutMs: number,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', ...args], {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output)) process.kill(-child.pid!, 'SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`hung for ${timeoutMs} ms: ${args.join(' ')}\n${output}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe.runIf(serverUrl && !pgbouncerMissing)('behind PgBouncer in transaction mode', () => {
  let admin: pg.Client;
  let directUrl: string;
  let bouncer: RunningPgbouncer;
  const name = `pais_pgbouncer_${randomUUID().replace(/-/g, '')}`;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    directUrl = url.toString();
    const port = process.env.PGBOUNCER_TEST_PORT ? Number(process.env.PGBOUNCER_TEST_PORT) : undefined;
    bouncer = await startPgbouncer(directUrl, port);
  });

  afterAll(async () => {
    await bouncer?.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  const advisoryLocksHeld = async () =>
    (
      await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
         WHERE l.locktype = 'advisory' AND d.datname = $1`,
        [name],
      )
    ).rows[0]!.n;

  it('tells the pooler from a direct connection', async () => {
    expect(await isBehindTransactionPooler(bouncer.url)).toBe(true);
    expect(await isBehindTransactionPooler(directUrl)).toBe(false);
  });

  it('without DATABASE_DIRECT_URL, migrations refuse at once with one line instead of hanging', async () => {
    const result = await run(['scripts/migrate.ts', 'deploy'], { DATABASE_URL: bouncer.url }, null, 30_000);
    expect(result.code).toBe(1);
    expect(result.output).toContain('goes through a transaction-mode connection pooler');
    expect(result.output).toContain('Set DATABASE_DIRECT_URL');
    expect(await advisoryLocksHeld()).toBe(0);
  });

  it(
    'starts, stops and starts three times with DATABASE_DIRECT_URL, no advisory lock left behind',
    { timeout: 240_000 },
    async () => {
      for (let start = 1; start <= 3; start++) {
        const result = await run(
          ['scripts/start.ts', '--dev'],
          {
            DATABASE_URL: bouncer.url,
            DATABASE_DIRECT_URL: directUrl,
            PORT: String(SERVER_PORT),
            NEXTAUTH_SECRET: 'pgbouncer-test-secret-0123456789abcdef',
            // A build folder of its own: Next.js refuses a second development server on one folder, and other
            // test files start theirs at the same time.
            NEXT_DIST_DIR: '.next-pgbouncer-test',
          },
          /Listening on/,
          75_000,
        );
        expect(result.output, `start ${start}`).toContain('Listening on');
        expect(result.output).toContain('woken at each commit');
        expect(await advisoryLocksHeld()).toBe(0);
      }
    },
  );

  it(
    'without DATABASE_DIRECT_URL the server refuses to start, never claiming to be woken at each commit',
    { timeout: 120_000 },
    async () => {
      const result = await run(
        ['scripts/start.ts', '--dev'],
        {
          DATABASE_URL: bouncer.url,
          SKIP_MIGRATIONS: 'true',
          PORT: String(SERVER_PORT),
          NEXTAUTH_SECRET: 'pgbouncer-test-secret-0123456789abcdef',
          // A build folder of its own: Next.js refuses a second development server on one folder, and other
          // test files start theirs at the same time.
          NEXT_DIST_DIR: '.next-pgbouncer-test',
        },
        /Listening on/,
        75_000,
      );
      expect(result.output).toContain('DATABASE_URL goes through a transaction-mode connection pooler');
      expect(result.output).not.toContain('webhook dispatcher on');
      expect(result.output).not.toContain('Listening on');
      expect(result.code).toBe(1);
    },
  );
});
