// Running participant imports inside the server: the instance that starts an import works it at once, and a
// sweep (at start-up, then every IMPORT_SWEEP_INTERVAL_MS) takes over any import whose worker died, here or on
// another instance. The job and its lease live in the database, so at most one worker holds an import.
import type { Db } from '@/server/db/client';
import { failureFields, logger } from '@/server/observability/logger';
import { resumeImports, runImport } from '@/server/services/participant-import';

export const IMPORT_SWEEP_INTERVAL_MS = 15_000;
const working = new Set<string>();

const logFailure = (what: string) => (error: unknown) =>
  // The lease runs out and another worker (or the next sweep) resumes it; the cause is named, not dumped.
  logger.error({ ...failureFields(error), task: what }, 'import worker stopped');

/** Works the import in the background of this process, unless this process already is. */
export function runImportInBackground(db: Db, importId: string): void {
  if (working.has(importId)) return;
  working.add(importId);
  void runImport(db, importId)
    .catch(logFailure(importId))
    .finally(() => working.delete(importId));
}

/** Starts the sweep; returns a function that stops it. */
export function startImportSweeper(db: () => Db): () => void {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    void resumeImports(db())
      .catch(logFailure('import sweep'))
      .finally(() => {
        running = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, IMPORT_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
