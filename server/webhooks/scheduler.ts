// The built-in scheduler (WEBHOOK_SCHEDULER): flushes due deliveries inside the server process, one flush at a
// time. The wake signal (NOTIFY at the commit of new outbox rows, heard by every instance) starts a flush at
// once, or pokes the running one, which claims at once beside the sends it has in flight (a hanging endpoint
// never holds the others back); a slow poll every few seconds does the same for retries that fall due and
// covers any time the listener is down.
// The process's scheduler is in the process registry because Next.js bundles instrumentation and route handlers
// separately, each with its own copy of this module.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { startFlush, type FlushCounts, type FlushOptions, type RunningFlush } from './dispatcher';
import { processSingleton, type Slot } from '@/server/platform/process-registry';
import { reportWakeListener } from '@/server/platform/observability/metrics';
import { startWakeListener, type WakeListener, type WakeSource } from './wake-listener';

declare module '@/server/platform/process-registry' {
  interface ProcessSingletons {
    /** The built-in webhook scheduler of this process, if it runs one. */
    webhookScheduler: Slot<WebhookScheduler | undefined>;
  }
}

export interface SchedulerOptions {
  db: () => PrismaClient;
  intervalMs?: number;
  flushOptions?: FlushOptions;
  onError?: (error: unknown) => void;
  onFlush?: (counts: FlushCounts) => void;
  /** Listen for the wake signal here (every instance does); without it only the poll and wake() flush. */
  wakeSource?: WakeSource;
  /** The wake listener failed or dropped (it reconnects by itself). */
  onListenerError?: (error: unknown) => void;
  /**
   * The process's own scheduler (default): wakeWebhookScheduler() reaches it, and a new one replaces it.
   * False for extra schedulers in one process, e.g. tests playing two instances.
   */
  processWide?: boolean;
}

export interface WebhookScheduler {
  /** Flush now if idle, or make the running flush claim again at once. */
  wake: () => void;
  /** Stops scheduling and listening, and resolves once the running flush (if any) has finished. */
  stop: () => Promise<void>;
  /** The wake listener, when a wakeSource was given. */
  listener: WakeListener | null;
}

/** The slow poll: retries that fall due, and the time a dropped listener needs to reconnect. */
export const SLOW_POLL_MS = 5_000;

const processScheduler = processSingleton('webhookScheduler', () => ({ value: undefined }));
reportWakeListener(() => {
  const scheduler = processScheduler.value;
  return scheduler ? (scheduler.listener?.isListening() ?? false) : undefined;
});

export function startWebhookScheduler(options: SchedulerOptions): WebhookScheduler {
  const intervalMs = options.intervalMs ?? SLOW_POLL_MS;
  const processWide = options.processWide ?? true;
  // One per process: a reloaded module (development) replaces the previous scheduler.
  if (processWide) void processScheduler.value?.stop();
  let timer: NodeJS.Timeout | undefined;
  let running: { flush: RunningFlush; finished: Promise<void> } | null = null;
  let stopped = false;
  // A wake-up while a flush runs: that flush claims again, and, in case it was just finishing, another
  // flush starts after it.
  let wokenWhileRunning = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    // Never the reason the process stays alive.
    timer.unref();
  };

  const tick = () => {
    if (stopped) return;
    schedule(intervalMs);
    if (running) {
      running.flush.poke();
      return;
    }
    wokenWhileRunning = false;
    // The running flush claims until nothing is due, so it is never limited to a number of deliveries.
    const flush = startFlush(options.db(), { ...options.flushOptions, maxDeliveries: Infinity });
    const finished = (async () => {
      try {
        // Awaited on its own line: as the argument of `onFlush?.()` it would be skipped without an onFlush,
        // and the scheduler would neither wait for the flush nor see its error.
        const counts = await flush.done;
        options.onFlush?.(counts);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
        if (wokenWhileRunning) schedule(0);
      }
    })();
    running = { flush, finished };
  };

  const wake = () => {
    if (!running) return schedule(0);
    wokenWhileRunning = true;
    running.flush.poke();
  };
  const listener = options.wakeSource
    ? startWakeListener({ source: options.wakeSource, onWake: wake, onError: options.onListenerError })
    : null;
  const scheduler: WebhookScheduler = {
    wake,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (processScheduler.value === scheduler) processScheduler.value = undefined;
      running?.flush.stop();
      await Promise.all([running?.finished, listener?.stop()]);
    },
    listener,
  };
  if (processWide) processScheduler.value = scheduler;
  schedule(0);
  return scheduler;
}

/** Wakes this process's scheduler, if it runs one. */
export function wakeWebhookScheduler(): void {
  processScheduler.value?.wake();
}
