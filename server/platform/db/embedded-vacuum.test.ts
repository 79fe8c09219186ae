// The embedded database has no autovacuum: the server's own vacuum must reclaim what updates leave behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { startEmbeddedVacuum, vacuumDatabase } from './embedded-vacuum';
import { testDatabaseKinds } from '@/server/test/database';

// Embedded-only: skipped on a run narrowed to PostgreSQL (CI's Node.js 24 line); the embedded line runs it.
const embedded = testDatabaseKinds().includes('pglite');

describe.skipIf(!embedded)('vacuuming the embedded database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(() => db.close());

  const deadRows = async () => {
    // Statistics reach the views at most once a second unless a flush is forced.
    await db.prisma.$executeRawUnsafe('SELECT pg_stat_force_next_flush()');
    await db.prisma.$queryRawUnsafe('SELECT 1');
    const [row] = await db.prisma.$queryRawUnsafe<{ dead: number }[]>(
      `SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE relname = 'tenant'`,
    );
    return row?.dead ?? 0;
  };

  it('reclaims the dead rows that updates leave behind (nothing else would)', async () => {
    const tenant = await db.prisma.tenant.create({ data: { name: 'T0' } });
    for (let i = 1; i <= 50; i++)
      await db.prisma.tenant.update({ where: { id: tenant.id }, data: { name: `T${i}` } });
    expect(await deadRows()).toBeGreaterThan(0);
    await vacuumDatabase(db.prisma);
    expect(await deadRows()).toBe(0);
  });

  it('runs on its interval once started', async () => {
    const tenant = await db.prisma.tenant.create({ data: { name: 'U0' } });
    for (let i = 1; i <= 20; i++)
      await db.prisma.tenant.update({ where: { id: tenant.id }, data: { name: `U${i}` } });
    const vacuum = startEmbeddedVacuum({ db: () => db.prisma, intervalMs: 50 });
    try {
      await expect.poll(deadRows, { timeout: 5_000 }).toBe(0);
    } finally {
      vacuum.stop();
    }
  });
});
