// Starts the dispatcher inside the Next.js server when WEBHOOK_SCHEDULER is on (the default, on both databases):
// woken at once by the NOTIFY of every publication, whichever instance took it, with a slow poll meanwhile.
// Called from instrumentation.ts on the Node.js runtime.
import { env, isEmbeddedDatabase } from '@/server/platform/env';
import { getDatabase, getPrisma } from '@/server/platform/db';
import { SLOW_POLL_MS, startWebhookScheduler } from './scheduler';
import type { WakeSource } from './wake-listener';
import { logger } from '@/server/platform/observability/logger';
import { createFailureLog } from './dispatcher-failures';
import { onShutdown } from '@/server/platform/lifecycle/state';
import { stopDispatcher } from './shutdown';
import { setListenWakeSource } from './listen-wake';
import { randomUUID } from 'node:crypto';
import os from 'node:os';

const SCHEDULER_INTERVAL_MS = SLOW_POLL_MS;

/** The embedded database's own listen/notify, or a PostgreSQL connection that allows LISTEN. */
function wakeSource(): WakeSource | undefined {
  if (!isEmbeddedDatabase()) return { kind: 'postgresql', url: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL };
  const { pglite } = getDatabase();
  return pglite ? { kind: 'pglite', pglite } : undefined;
}

export function startBuiltInWebhookScheduler(): void {
  if (!env.WEBHOOK_SCHEDULER) return;
  const flushErrors = createFailureLog('webhook flush failed');
  const listenerErrors = createFailureLog('webhook wake listener lost, reconnecting');
  // This instance's leases carry this name, so that shutdown can release exactly those.
  const flusherId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const source = wakeSource();
  // The long polls of `pais listen` sessions hear the same signal (listen-wake.ts).
  void setListenWakeSource(source);
  const scheduler = startWebhookScheduler({
    db: getPrisma,
    flushOptions: { flusherId },
    intervalMs: SCHEDULER_INTERVAL_MS,
    wakeSource: source,
    onError: flushErrors.report,
    onListenerError: listenerErrors.report,
    onFlush: (counts) => {
      flushErrors.clear();
      if (scheduler.listener?.isListening()) listenerErrors.clear();
      if (counts.claimed > 0) logger.debug(counts, 'webhooks flushed');
    },
  });
  onShutdown('webhook dispatcher', async (deadline) => {
    const { released } = await stopDispatcher(scheduler, { db: getPrisma, flusherId, deadline });
    if (released) logger.info({ released }, 'webhook deliveries released for another instance');
  });
  logger.info(
    `webhook dispatcher on: woken at each commit (LISTEN/NOTIFY), polling every ${SCHEDULER_INTERVAL_MS / 1000} s`,
  );
}
