import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  takeDatabaseAway,
  testDatabaseKinds,
  type TestDatabase,
} from '@/server/test/database';
import { readiness } from './readiness';
import { beginDraining } from './state';

describe.each(testDatabaseKinds())('GET /api/ready (%s)', (kind) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.close().catch(() => undefined);
    db = undefined;
  });

  it('answers 200 while the database answers, 503 once it is gone', { timeout: 90_000 }, async () => {
    db = await createTestDatabase(kind);
    const database = db;
    // Polled: on a loaded machine the first connection may take longer than readiness waits for it.
    await expect
      .poll(() => readiness(() => database.prisma), { timeout: 30_000 })
      .toEqual({ status: 200, body: { status: 'ready', database: 'ok' } });

    await takeDatabaseAway(database);
    expect(await readiness(() => database.prisma)).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'unreachable' },
    });
  });
});

describe('GET /api/ready while draining', () => {
  it(
    'answers 503 from the first shutdown signal on, whatever the database says',
    { timeout: 90_000 },
    async () => {
      const db = await createTestDatabase('pglite');
      try {
        expect((await readiness(() => db.prisma)).status).toBe(200);
        beginDraining();
        expect(await readiness(() => db.prisma)).toEqual({ status: 503, body: { status: 'draining' } });
      } finally {
        await db.close();
      }
    },
  );
});
