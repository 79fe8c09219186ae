// The statement timeout of a request's database work reaches PostgreSQL through a real PgBouncer in
// transaction mode (a startup `options` parameter would not: PgBouncer refuses it, or drops it when told to
// ignore it): SET LOCAL inside the statement's own transaction, which the pooler passes through and which
// leaves nothing behind on the pooled server connection.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { createDatabase, type Database } from './client';
import { queryRows } from './direct-statement';
import { POOLED_MESSAGE, requestWritesPrepared } from './pool-write';
import { redirectLogs } from '@/server/platform/observability/logger';
import { metrics, watchPreparedStatements } from '@/server/platform/observability/metrics';
import { isDeadlineExceeded, withRequestDeadline } from './request-deadline';
import { inTransaction } from './transaction';
import { createServerDatabase, testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { sample } from '@/server/test/prometheus-sample';
import { pgbouncerMissing, startPgbouncer, type RunningPgbouncer } from '@/server/test/pgbouncer';

const serverUrl = process.env.TEST_DATABASE_URL;
const LIMITS = { deadlineMs: 10_000, statementTimeoutMs: 800 };

describe.runIf(serverUrl && !pgbouncerMissing)(
  'a request statement behind PgBouncer in transaction mode',
  () => {
    let bouncer: RunningPgbouncer;
    let database: Database;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const created = await createServerDatabase(serverUrl!, 'pais_deadline');
      drop = created.drop;
      bouncer = await startPgbouncer(created.url);
      database = createDatabase(bouncer.url, 2);
    });
    afterAll(async () => {
      await database?.close();
      await bouncer?.stop();
      await drop?.();
    });

    // A CTE, as the create's statement is (a plain SELECT changes nothing and is not bounded).
    const sleepTwoSeconds = Prisma.sql`WITH nap AS (SELECT pg_sleep(2)) SELECT 'rested' AS slept FROM nap`;
    const failure = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (error: unknown) => error,
      );

    it.each([
      ['a statement of its own (the direct pool)', () => queryRows(database.prisma, sleepTwoSeconds)],
      [
        'a statement in a transaction (Prisma)',
        () => inTransaction(database.prisma, (tx) => tx.$queryRaw(sleepTwoSeconds)),
      ],
    ])('is cancelled at the statement timeout: %s', async (_, run) => {
      const error = await failure(withRequestDeadline(LIMITS, run));
      // PostgreSQL's own cancellation (the sleep would otherwise finish), not a deadline the client noticed.
      expect(String(error)).toMatch(/canceling statement due to statement timeout/);
      expect(isDeadlineExceeded(error)).toBe(true);
      // Scoped to its transaction: the pooled server connections keep PostgreSQL's default.
      const shown = await queryRows<{ statement_timeout: string }>(
        database.prisma,
        Prisma.sql`SELECT current_setting('statement_timeout') AS statement_timeout`,
      );
      expect(shown[0]!.statement_timeout).toBe('0');
    });

    // The write goes as one message with its values as literals: each must arrive as given, quotes,
    // backslashes and SQL included, and a value that cannot be a literal still reaches PostgreSQL.
    it('keeps every value of a write exactly as given', async () => {
      const texts = [
        "O'Brien",
        'back\\slash',
        "\\'; DROP TABLE participant; --",
        "E'x'",
        '$1 $$ ?',
        'Ünïcødé 🙂',
      ];
      const at = new Date('2026-11-27T22:15:30.123Z');
      const echoed = await withRequestDeadline(LIMITS, () =>
        queryRows<{ texts: string[]; at: Date; count: number; flag: boolean; nothing: string | null }>(
          database.prisma,
          Prisma.sql`WITH given AS (SELECT ARRAY[${Prisma.join(texts)}]::text[] AS texts, ${at}::timestamptz AS at,
                       ${42}::int AS count, ${true}::boolean AS flag, ${null}::text AS nothing)
                     SELECT * FROM given`,
        ),
      );
      expect(echoed).toEqual([{ texts, at, count: 42, flag: true, nothing: null }]);
    });

    it('answers a NUL character as PostgreSQL does, with its own error', async () => {
      const error = await failure(
        withRequestDeadline(LIMITS, () =>
          queryRows(
            database.prisma,
            Prisma.sql`WITH given AS (SELECT ${'a\u0000b'}::text AS t) SELECT * FROM given`,
          ),
        ),
      );
      expect(error).toMatchObject({ code: '22021' });
    });

    // A prepared write (the create's) is prepared on its client connection; behind the pooler that
    // connection's next transaction may reach another server session, where the statement is missing: the
    // write runs unprepared instead, and none is lost or written twice.
    it('runs prepared writes through the pooler as server connections change under them', async () => {
      await queryRows(
        database.prisma,
        Prisma.sql`CREATE TABLE IF NOT EXISTS prepared_probe (n int PRIMARY KEY)`,
      );
      // Another client's transactions take server connections in turn, so the pool's clients reach others.
      const other = new pg.Client({ connectionString: bouncer.url });
      await other.connect();
      let shuffling = true;
      const shuffle = (async () => {
        while (shuffling) await other.query('SELECT pg_sleep(0.002)');
      })();
      const write = (n: number) =>
        withRequestDeadline(LIMITS, () =>
          queryRows<{ n: number }>(
            database.prisma,
            Prisma.sql`INSERT INTO prepared_probe (n) VALUES (${n}::int) RETURNING n`,
            { preparedWrite: true },
          ),
        );
      // What an operator scrapes: the requests' pool reported as the server reports its own (db.ts).
      watchPreparedStatements({ requests: () => requestWritesPrepared(database.pool!) });
      const scraped = async () =>
        sample(await metrics.registry.metrics(), 'db_prepared_statements', { pool: 'requests' });
      expect(await scraped()).toBe(1);
      const lines: string[] = [];
      const restoreLogs = redirectLogs((line) => lines.push(line));
      try {
        const written: number[] = [];
        for (let round = 0; round < 20; round++) {
          const rows = await Promise.all([0, 1, 2].map((i) => write(round * 3 + i)));
          written.push(...rows.map(([row]) => row!.n));
        }
        expect(written).toEqual(Array.from({ length: 60 }, (_, n) => n));
        // The operator is told once why the pool's writes are no longer prepared.
        expect(lines.filter((line) => line.includes(POOLED_MESSAGE))).toHaveLength(1);
        expect(await scraped()).toBe(0);
      } finally {
        watchPreparedStatements({});
        restoreLogs();
        shuffling = false;
        await shuffle;
        await other.end();
      }
      const count = await queryRows<{ count: number }>(
        database.prisma,
        Prisma.sql`SELECT count(*)::int AS count FROM prepared_probe`,
      );
      expect(count).toEqual([{ count: 60 }]);
    });

    it('leaves work outside a request unbounded', async () => {
      await expect(queryRows(database.prisma, sleepTwoSeconds)).resolves.toEqual([{ slept: 'rested' }]);
    });
  },
);

// The embedded database has one connection: a request's write waits for it only until the deadline, and once
// it has given up, it writes nothing when the connection comes free.
describe.runIf(testDatabaseKinds().includes('pglite'))('a request write on the embedded database', () => {
  const db = useTestDatabase('pglite');
  const DEADLINE = { deadlineMs: 500, statementTimeoutMs: 800 };

  // Prepared or not: a prepared write's first run prepares its text first, and PREPARE waits for the same lock.
  it.each([
    ['a write', 'deadline_probe', false],
    ['a prepared write, its text run for the first time', 'deadline_probe_prepared', true],
  ] as const)(
    'waits for the connection only until the deadline and writes nothing after it: %s',
    async (_, table, preparedWrite) => {
      await db.prisma.$executeRawUnsafe(`CREATE TABLE ${table} (v text)`);
      let release!: () => void;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = db.prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          holding();
          await new Promise<void>((resolve) => (release = resolve));
        },
        { timeout: 10_000 },
      );
      await held;

      const began = Date.now();
      // The holder lets go 3 s in: a write that waited for it past the deadline would succeed then.
      const letGo = setTimeout(() => release(), 3_000);
      const outcome = await withRequestDeadline(DEADLINE, () =>
        queryRows(
          db.prisma,
          Prisma.sql`INSERT INTO ${Prisma.raw(table)} (v) VALUES (${'late'}) RETURNING v`,
          { preparedWrite },
        ),
      ).then(
        () => null,
        (error: unknown) => error,
      );
      const elapsed = Date.now() - began;
      clearTimeout(letGo);
      release();
      await holder;

      expect(isDeadlineExceeded(outcome)).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(DEADLINE.deadlineMs - 50);
      // Answered before the holder let go.
      expect(elapsed).toBeLessThan(3_000);
      // The connection is free now: a write that was still queued would have run by the next statement.
      const rows = await db.prisma.$queryRawUnsafe<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM ${table}`,
      );
      expect(rows).toEqual([{ count: 0 }]);
    },
  );

  it('writes within the deadline as the statement says', async () => {
    const rows = await withRequestDeadline(DEADLINE, () =>
      queryRows<{ v: string; at: Date }>(
        db.prisma,
        Prisma.sql`WITH given AS (SELECT ${"O'Brien"}::text AS v, ${new Date(0)}::timestamptz AS at) SELECT * FROM given`,
      ),
    );
    expect(rows).toEqual([{ v: "O'Brien", at: new Date(0) }]);
  });
});
