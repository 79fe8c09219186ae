// The database of a describe block's webhook tests (kept apart from test-fixtures.ts, which the benchmarks
// import outside Vitest).
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';

/**
 * A test database of `kind` for a describe block's webhook tests: opened before them, closed after, and with
 * every delivery still pending cancelled after each test: each test starts with an empty queue, so nothing
 * left over is due at a later test's clock or sent by the next test.
 */
export function useWebhookTestDatabase(kind: 'pglite' | 'postgresql'): () => TestDatabase {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await db.prisma.webhookDelivery.updateMany({
      where: { status: 'pending' },
      data: { status: 'cancelled' },
    });
  });
  afterAll(async () => {
    await db.close();
  });
  return () => db;
}
