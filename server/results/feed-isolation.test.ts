// Maximal results feed reads must not hold up another tenant: four readers pull full pages (limit 1000,
// results of the largest size a request body holds) at once, while another tenant reads one participant. What
// keeps the other tenant's requests moving is that feed pages take turns (server/results/feed.ts): this test
// watches the database while the readers read and checks that never more than one page statement runs at
// once, that every page stays within its byte budget, and that the other tenant is answered all along. How
// much the turns buy (the other tenant's p95 beside the readers against alone) is a benchmark figure, not a
// test: `npm run bench -- --only-figure feed-isolation`. PostgreSQL only: the embedded database runs every
// statement on the server's own thread, one at a time, so there a page's statement holds up every request by
// design.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PAGE_BYTES } from '@/server/results/feed-page-size';
import { testDatabaseKinds } from '@/server/test/database';
import { BASE, createRestHarness, type RestHarness } from '@/server/test/rest-harness';
import { addParticipant, publishFullFeedPages } from '@/server/test/webhook-fixtures';

const READERS = 4;
/** Requests of the other tenant while the readers read. */
const SAMPLES = 60;

describe.runIf(testDatabaseKinds().includes('postgresql'))('the results feed beside another tenant', () => {
  let h: RestHarness;

  beforeAll(async () => {
    // No rate limit in the way: the readers must really be served full pages all the time.
    h = await createRestHarness('postgresql', { rateLimitPerMinute: 1_000_000 });
  });
  afterAll(() => h?.close());

  const get = async (path: string, key: string) => {
    const response = await h.handler(new Request(`${BASE}${path}`, { headers: { authorization: key } }));
    return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  };

  it(
    'four maximal feed reads at once take turns in the database, stay within their byte budget, and another tenant is answered meanwhile',
    { timeout: 300_000 },
    async () => {
      const reader = await h.seed();
      const readerKey = (await h.createKey(reader.questionnaireId)).value;
      await publishFullFeedPages(h.db.prisma, reader.questionnaireId);
      const other = await h.seed();
      const otherKey = (await h.createKey(other.questionnaireId)).value;
      const otherPath = `/v1/participant/${(await addParticipant(h.db.prisma, other.questionnaireId)).participantId}`;

      const pageSizes: number[] = [];
      let reading = true;
      const readers = Array.from({ length: READERS }, async () => {
        while (reading) {
          const page = await get('/v1/results?limit=1000', readerKey);
          expect(page.status).toBe(200);
          pageSizes.push(page.bytes);
        }
      });
      // The page statements running at each moment, seen by the database itself (from a connection of its own).
      const watcher = new pg.Client({ connectionString: h.db.url });
      await watcher.connect();
      const pageStatementsAtOnce: number[] = [];
      let watching = true;
      const watched = (async () => {
        while (watching) {
          const { rows } = await watcher.query<{ running: number }>(
            `SELECT count(*)::int AS running FROM pg_stat_activity
             WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
               AND query LIKE '%RECURSIVE walk (position%'`,
          );
          pageStatementsAtOnce.push(rows[0]!.running);
        }
      })();
      try {
        await expect.poll(() => pageSizes.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(READERS);
        for (let i = 0; i < SAMPLES; i++) expect((await get(otherPath, otherKey)).status).toBe(200);
        await expect.poll(() => pageSizes.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(READERS * 4);
      } finally {
        reading = false;
        watching = false;
        await Promise.all([...readers, watched]);
        await watcher.end();
      }

      // The database saw page statements, never two at once.
      expect(pageStatementsAtOnce.length).toBeGreaterThan(100);
      expect(Math.max(...pageStatementsAtOnce)).toBe(1);
      // The readers were served maximal pages all along.
      for (const bytes of pageSizes) {
        expect(bytes).toBeLessThanOrEqual(FEED_PAGE_BYTES);
        expect(bytes).toBeGreaterThan(FEED_PAGE_BYTES * 0.9);
      }
    },
  );
});
