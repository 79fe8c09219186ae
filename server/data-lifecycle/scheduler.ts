// The pruning schedule inside every instance (DATA_PRUNE_INTERVAL_MINUTES): each run tries the advisory lock
// and skips its turn when another instance is pruning. Called from instrumentation.ts.
import type { Db } from '@/server/platform/db/client';
import { env } from '@/server/platform/env';
import { failureFields, logger } from '@/server/platform/observability/logger';
import { pruneHistory, retentionFromEnv } from './prune';
import { withPruneLock } from './prune-lock';

/** The first run waits this long after start-up, out of the way of the instance's warm-up. */
const FIRST_RUN_DELAY_MS = 60_000;

/** One locked pruning run with the configured retention; null when another instance holds the lock. */
export function runLockedPrune(db: Db, options: { now?: Date; dryRun?: boolean } = {}) {
  return withPruneLock(env.DATABASE_DIRECT_URL ?? env.DATABASE_URL, () =>
    pruneHistory(db, retentionFromEnv(env), options),
  );
}

export function startDataPruning(db: () => Db): () => void {
  const intervalMs = env.DATA_PRUNE_INTERVAL_MINUTES * 60_000;
  if (intervalMs === 0) return () => undefined;
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void runLockedPrune(db())
      .then((report) => {
        if (report)
          logger.info(
            { removed: report.removed, partitionsDropped: report.partitionsDropped },
            'data pruned',
          );
      })
      .catch((error: unknown) => logger.error(failureFields(error), 'data pruning failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, FIRST_RUN_DELAY_MS);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
