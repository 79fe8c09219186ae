// Vacuuming for the embedded database. PGlite runs PostgreSQL in single-user mode, where there is no
// autovacuum: rows updated all the time (rate-limit buckets, webhook deliveries, idempotency records, keys'
// last use, sign-in counters) leave dead versions that only VACUUM reclaims. Without it tables and indexes
// only grow, and scans such as the webhook claim walk ever more dead index entries. On PostgreSQL the
// server's own autovacuum does this, so this runs only for a pglite: database.
import type { Db } from '@/server/platform/db/client';

const EMBEDDED_VACUUM_INTERVAL_MS = 10 * 60_000;
/** Every how many runs the planner statistics are refreshed too (hourly at the default interval). */
const ANALYZE_EVERY_RUNS = 6;

/**
 * VACUUM of the whole database (dead rows reclaimed; tens of ms once the tables are all-visible), with
 * ANALYZE when asked: refreshing the planner statistics samples every table and costs about half a second
 * at 200,000 participants, time the embedded database's single thread is not serving requests.
 */
export async function vacuumDatabase(db: Db, options: { analyze?: boolean } = {}): Promise<void> {
  await db.$executeRawUnsafe(options.analyze ? 'VACUUM (ANALYZE)' : 'VACUUM');
}

/**
 * Vacuums every `intervalMs` until stopped, analyzing on the first run and every ANALYZE_EVERY_RUNS-th after;
 * a run still going when the next is due is not doubled. The timer does not keep the process alive.
 */
export function startEmbeddedVacuum(options: {
  db: () => Db;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): { stop: () => void } {
  let running = false;
  let runs = 0;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runs++;
    vacuumDatabase(options.db(), { analyze: runs % ANALYZE_EVERY_RUNS === 1 })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? EMBEDDED_VACUUM_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
