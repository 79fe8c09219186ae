import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { queryRows } from '@/server/platform/db/direct-statement';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { isDatabaseUnavailable } from './database-errors';

describe('recognising an unreachable database', () => {
  it('recognises what Prisma throws when PostgreSQL is not listening, for queries and transactions', async () => {
    // Port 9 (discard) is closed on the loopback interface: the connection is refused at once.
    const db = createDatabase('postgresql://postgres@127.0.0.1:9/none', 1);
    try {
      const failures = await Promise.all([
        db.prisma.tenant.count().catch((e: unknown) => e),
        db.prisma.$queryRaw`SELECT 1`.catch((e: unknown) => e),
        db.prisma.$transaction((tx) => tx.tenant.count()).catch((e: unknown) => e),
        // A hot statement on the adapter's pool itself (server/platform/db/direct-statement.ts).
        queryRows(db.prisma, Prisma.sql`SELECT 1`).catch((e: unknown) => e),
      ]);
      for (const failure of failures) expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'recognises a pool whose wait for a free connection ran out (every connection busy)',
    async () => {
      const pool = new pg.Pool({
        connectionString: process.env.TEST_DATABASE_URL,
        max: 1,
        connectionTimeoutMillis: 100,
      });
      const busy = await pool.connect();
      try {
        const failure = await pool.query('SELECT 1').catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(failure)).toBe(true);
      } finally {
        busy.release();
        await pool.end();
      }
    },
  );

  it('does not mistake a bug or a constraint violation for an outage', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('unique'), { code: 'P2002' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('recognises a connection that died under a query, which often carries no code', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    const adapter = {
      name: 'DriverAdapterError',
      cause: {
        kind: 'postgres',
        originalCode: 'XX000',
        originalMessage: 'terminating connection due to administrator command',
      },
    };
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('Database error'), { code: 'P2039', meta: { driverAdapterError: adapter } }),
      ),
    ).toBe(true);
  });

  it('looks through wrapping errors', () => {
    const inner = Object.assign(new Error('terminating connection'), { code: '57P01' });
    expect(isDatabaseUnavailable(new Error('procedure failed', { cause: inner }))).toBe(true);
  });
});
