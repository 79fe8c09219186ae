// GET /api/metrics while the database is gone: the outbox figures cannot be read, and the answer is the one
// 503 with Retry-After every door gives, not a 500.
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@/server/platform/lib/database-errors';
import { createMetricsHandler } from './metrics-endpoint';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('metrics during a database outage', () => {
  // Nothing listens on this port (the test's own block): the database cannot be reached at all.
  const gone = createDatabase('postgresql://postgres@127.0.0.1:3119/gone', 1);
  afterAll(() => gone.close());

  it('answers 503 with Retry-After in the machine doors’ error shape', async () => {
    const scrape = createMetricsHandler({
      db: () => gone.prisma,
      token: () => METRICS_TOKEN,
      outboxCacheMs: 0,
    });
    const res = await scrape(
      new Request('http://localhost/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      status: 503,
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
  });
});
