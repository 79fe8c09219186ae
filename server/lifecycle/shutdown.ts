// What SIGTERM/SIGINT do to `npm start`: readiness turns 503 at once, the server stops accepting and answers
// what it has (bounded by SHUTDOWN_GRACE_MS), the background workers stop and hand their leases on, the
// database closes, and the process exits 0 (1 when the deadline cut requests off). A second signal exits at once.
import { closeDatabase } from '@/server/db';
import { logger } from '@/server/observability/logger';
import { drainHttpServer, type DrainableServer } from './http-server';
import { beginDraining, stopBackgroundWork } from './state';

export function handleShutdownSignals(options: {
  http: DrainableServer;
  graceMs: number;
  closeApp: () => Promise<void>;
}): void {
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    draining = true;
    void shutDown(signal, options).then(
      (code) => process.exit(code),
      (error: unknown) => {
        logger.error({ error: (error as Error).message }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function shutDown(
  signal: NodeJS.Signals,
  { http, graceMs, closeApp }: { http: DrainableServer; graceMs: number; closeApp: () => Promise<void> },
): Promise<number> {
  const began = Date.now();
  const deadline = began + graceMs;
  beginDraining();
  logger.info({ signal, inFlight: http.inFlight(), graceMs }, 'shutting down: draining');
  const [cut] = await Promise.all([drainHttpServer(http, deadline), stopBackgroundWork(deadline)]);
  // Again, for work a request in flight started meanwhile (an import: it stops after its first chunk).
  const stillRunning = await stopBackgroundWork(deadline);
  await closeApp().catch(() => undefined);
  await closeDatabase();
  const fields = { ms: Date.now() - began, cut, stillRunning };
  if (cut > 0 || stillRunning.length > 0) {
    logger.warn(fields, 'shut down at the deadline (SHUTDOWN_GRACE_MS)');
    return 1;
  }
  logger.info(fields, 'shut down');
  return 0;
}
