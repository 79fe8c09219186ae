// Running participant imports inside the server: the instance that starts an import works it at once, and a
// sweep (at start-up, then every IMPORT_SWEEP_INTERVAL_MS) takes over any import whose worker died, here or on
// another instance. The job and its lease live in the database, so at most one worker holds an import.
import type { Db } from '@/server/platform/db/client';
import { failureFields, logger } from '@/server/platform/observability/logger';
import { resumeImports, runImport } from '@/server/imports/runner';
import { isDraining, trackBackgroundWork } from '@/server/platform/lifecycle/state';
import { trackOutage } from '@/server/platform/observability/outage-level';

const IMPORT_SWEEP_INTERVAL_MS = 15_000;
const working = new Set<string>();

// A worker that stops is resumed by the next sweep (its lease runs out), so a stop is a warning; only stops
// that go on for a minute with no import or sweep getting through are an error. The cause is named, not dumped.
const outage = trackOutage();

const logFailure = (what: string) => (error: unknown) =>
  logger[outage.failed()]({ ...failureFields(error), task: what }, 'import worker stopped');

const logSuccess = () => {
  if (outage.recovered()) logger.info('import worker working again');
};

/** Works the import in the background of this process, unless this process already is. */
export function runImportInBackground(db: Db, importId: string): void {
  if (working.has(importId)) return;
  working.add(importId);
  // At shutdown the worker stops after its current chunk (each chunk is committed whole) and hands the job on.
  const work = runImport(db, importId, { shouldStop: isDraining })
    .then(logSuccess, logFailure(importId))
    .finally(() => working.delete(importId));
  trackBackgroundWork(work);
}

/** Starts the sweep; returns a function that stops it. */
export function startImportSweeper(db: () => Db): () => void {
  let running = false;
  const sweep = () => {
    if (running || isDraining()) return;
    running = true;
    const work = resumeImports(db(), { shouldStop: isDraining })
      .then(logSuccess, logFailure('import sweep'))
      .finally(() => {
        running = false;
      });
    trackBackgroundWork(work);
  };
  sweep();
  const timer = setInterval(sweep, IMPORT_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
