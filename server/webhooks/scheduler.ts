// The built-in scheduler (WEBHOOK_SCHEDULER): flushes due deliveries inside the server process, one flush at a
// time. The wake signal (NOTIFY at the commit of new outbox rows, heard by every instance) starts a flush at
// once, or pokes the running one, which claims at once beside the sends it has in flight (a hanging endpoint
// never holds the others back). Retries are sent when they fall due, not on a poll: after each flush the
// scheduler asks the database when the next pending delivery (or a failing endpoint's next probe) falls due and
// sets its timer to that moment, and a flush that schedules a retry moves the timer forward to it. A slow poll
// every few seconds bounds the timer and covers whatever else makes a delivery claimable (a dead instance's
// lease running out) and any time the listener is down.
// The process's scheduler is in the process registry because Next.js bundles instrumentation and route handlers
// separately, each with its own copy of this module.
import { AsyncResource } from 'node:async_hooks';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { startFlush, type FlushCounts, type FlushOptions, type RunningFlush } from './dispatcher';
import { processSingleton, type Slot } from '@/server/platform/process-registry';
import { reportWakeListener } from '@/server/platform/observability/metrics';
import { startWakeListener, type WakeListener, type WakeSource } from './wake-listener';
import { nextDueAt } from './next-due';

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

/** The slow poll: the longest the timer waits, and the time a dropped listener needs to reconnect. */
export const SLOW_POLL_MS = 5_000;

/**
 * How long after a delivery's due time its timer fires: a timer may fire a millisecond before its time (it
 * runs on the monotonic clock, the due time is wall-clock), and a claim a moment early finds nothing.
 */
const DUE_MARGIN_MS = 5;

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
  const clock = options.flushOptions?.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  /** When the timer fires (Date.now()), while one is set. */
  let timerAt = Infinity;
  let running: { flush: RunningFlush; finished: Promise<void> } | null = null;
  let stopped = false;
  // A wake-up while a flush runs: that flush claims again, and, in case it was just finishing, another
  // flush starts after it.
  let wokenWhileRunning = false;

  /** Sets the timer to fire in `delayMs`, unless it already fires sooner. */
  const schedule = (delayMs: number) => {
    if (stopped) return;
    const at = Date.now() + Math.max(0, delayMs);
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(tick, Math.max(0, delayMs));
    // Never the reason the process stays alive.
    timer.unref();
  };
  /** Sets the timer for a delivery (or probe) falling due at `due`, by the flush's clock. */
  const scheduleDue = (due: Date) => schedule(due.getTime() - clock().getTime() + DUE_MARGIN_MS);

  // Bound to the context the scheduler was started in (at boot, outside any request), as `wake` is: a flush
  // that a request's wake-up starts or pokes would otherwise carry that request's context through all its
  // work (its log lines the request's id, its spans the request's trace), and while the request is still
  // open its writes would be bounded by the request's deadline.
  const tick = AsyncResource.bind(() => {
    timer = undefined;
    timerAt = Infinity;
    if (stopped) return;
    schedule(intervalMs);
    if (running) {
      running.flush.poke();
      return;
    }
    wokenWhileRunning = false;
    // The running flush claims until nothing is due, so it is never limited to a number of deliveries.
    const db = options.db();
    const flush = startFlush(db, {
      ...options.flushOptions,
      maxDeliveries: Infinity,
      onRetryScheduled: (due) => {
        options.flushOptions?.onRetryScheduled?.(due);
        scheduleDue(due);
      },
    });
    const finished = (async () => {
      try {
        // Awaited on its own line: as the argument of `onFlush?.()` it would be skipped without an onFlush,
        // and the scheduler would neither wait for the flush nor see its error.
        const counts = await flush.done;
        // Nothing was claimable when it ended: a poke from now on must not make it claim again (a new flush
        // starts instead), while the next due time is read.
        flush.stop();
        options.onFlush?.(counts);
        // Not after a failed flush (the database unreachable, most likely): the slow poll tries again then.
        const due = await nextDueAt(db, clock());
        if (due) scheduleDue(due);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
        if (wokenWhileRunning) schedule(0);
      }
    })();
    running = { flush, finished };
  });

  const wake = AsyncResource.bind(() => {
    if (!running) return schedule(0);
    wokenWhileRunning = true;
    running.flush.poke();
  });
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
