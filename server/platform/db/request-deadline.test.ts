// The statement timeout of a request's database work reaches PostgreSQL through a real PgBouncer in
// transaction mode (a startup `options` parameter would not: PgBouncer refuses it, or drops it when told to
// ignore it): SET LOCAL inside the statement's own transaction, which the pooler passes through and which
// leaves nothing behind on the pooled server connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { createDatabase, type Database } from './client';
import { queryRows } from './direct-statement';
import { isDeadlineExceeded, withRequestDeadline } from './request-deadline';
import { inTransaction } from './transaction';
import { createServerDatabase } from '@/server/test/database';
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

    it('leaves work outside a request unbounded', async () => {
      await expect(queryRows(database.prisma, sleepTwoSeconds)).resolves.toEqual([{ slept: 'rested' }]);
    });
  },
);
