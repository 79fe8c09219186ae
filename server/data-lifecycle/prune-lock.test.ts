// One pruning run at a time on PostgreSQL: while one session holds the advisory lock, another instance's run
// skips its turn; once released, the next run goes ahead.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { PRUNE_LOCK_KEY, withPruneLock } from './prune-lock';

describe.runIf(process.env.TEST_DATABASE_URL)('pruning lock (postgresql)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgresql');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('skips a run while another session prunes, and runs once it is done', async () => {
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    await other.query('SELECT pg_advisory_lock($1)', [PRUNE_LOCK_KEY]);
    let ran = 0;
    expect(await withPruneLock(db.url, () => Promise.resolve(++ran))).toBeNull();
    await other.query('SELECT pg_advisory_unlock($1)', [PRUNE_LOCK_KEY]);
    await other.end();
    expect(await withPruneLock(db.url, () => Promise.resolve(++ran))).toBe(1);
  });

  it('lets exactly one of two concurrent runs through', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withPruneLock(db.url, () => held.then(() => 'first'));
    await new Promise((r) => setTimeout(r, 300));
    expect(await withPruneLock(db.url, () => Promise.resolve('second'))).toBeNull();
    release();
    expect(await first).toBe('first');
  });
});
