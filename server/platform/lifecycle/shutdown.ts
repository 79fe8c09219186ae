// What SIGTERM/SIGINT do to `npm start`: readiness turns 503 at once; the server keeps accepting for
// SHUTDOWN_NOT_READY_MS (so a load balancer sees the 503 before connections are refused), every answer from
// then on closing its connection; then it stops accepting and answers what it has (the whole drain bounded by
// SHUTDOWN_GRACE_MS), the background workers stop and hand their leases on, the database closes, and the
// process exits 0 (1 when the deadline cut requests off).
//
// A signal sent to the whole process group (systemd's default KillMode, Ctrl-C in a terminal) reaches both npm
// and the server, and npm passes its copy on: the server gets the signal twice within milliseconds. So a
// second signal within REPEAT_SIGNAL_WINDOW_MS of the first is taken as that copy and ignored; any later
// signal, or a third, exits at once (code 1).
import { closeDatabase } from '@/server/platform/db';
import { logger } from '@/server/platform/observability/logger';
import { drainHttpServer, type DrainableServer } from './http-server';
import { beginDraining, stopBackgroundWork } from './state';

/** A repeat of the shutdown signal this soon after the first is npm's forwarded copy, not an operator's. */
const REPEAT_SIGNAL_WINDOW_MS = 2_000;

interface ShutdownOptions {
  http: DrainableServer;
  graceMs: number;
  /** How long the listener stays open, readiness answering 503, before it stops accepting. */
  notReadyMs: number;
  closeApp: () => Promise<void>;
}

export function handleShutdownSignals(options: ShutdownOptions): void {
  let firstSignalAt: number | null = null;
  let repeats = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== null) {
      repeats++;
      if (repeats === 1 && Date.now() - firstSignalAt < REPEAT_SIGNAL_WINDOW_MS) {
        logger.info({ signal }, 'repeated signal (npm passes on its copy): still draining');
        return;
      }
      logger.warn({ signal }, 'another signal: exiting at once');
      process.exit(1);
    }
    firstSignalAt = Date.now();
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
  { http, graceMs, notReadyMs, closeApp }: ShutdownOptions,
): Promise<number> {
  const began = Date.now();
  const deadline = began + graceMs;
  beginDraining();
  logger.info({ signal, inFlight: http.inFlight(), graceMs, notReadyMs }, 'shutting down: draining');
  const [cut] = await Promise.all([
    drainHttpServer(http, { notReadyMs, deadline }),
    stopBackgroundWork(deadline),
  ]);
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
