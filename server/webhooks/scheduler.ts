// The built-in scheduler (WEBHOOK_SCHEDULER): flushes due deliveries inside the server process, one flush at a
// time. The wake signal (NOTIFY at the commit of new outbox rows, heard by every instance) starts a flush at
// once; a slow poll every few seconds sends retries that fall due and covers any time the listener is down.
// Its state lives on globalThis because Next.js bundles instrumentation and route handlers separately.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import {
  DEFAULT_BATCH_SIZE,
  DEFAULT_MAX_BATCHES,
  flushWebhooks,
  type FlushCounts,
  type FlushOptions,
} from './dispatcher';
import { startWakeListener, type WakeListener, type WakeSource } from './wake-listener';

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
  /** Flush now if idle, or right after the running flush. */
  wake: () => void;
  /** Stops scheduling and listening, and resolves once the running flush (if any) has finished. */
  stop: () => Promise<void>;
  /** The wake listener, when a wakeSource was given. */
  listener: WakeListener | null;
}

/** The slow poll: retries that fall due, and the time a dropped listener needs to reconnect. */
export const SLOW_POLL_MS = 5_000;

const registry = globalThis as unknown as { __webhookScheduler?: WebhookScheduler };

export function startWebhookScheduler(options: SchedulerOptions): WebhookScheduler {
  const intervalMs = options.intervalMs ?? SLOW_POLL_MS;
  const fullFlush =
    (options.flushOptions?.batchSize ?? DEFAULT_BATCH_SIZE) *
    (options.flushOptions?.maxBatches ?? DEFAULT_MAX_BATCHES);
  const processWide = options.processWide ?? true;
  // One per process: a reloaded module (development) replaces the previous scheduler.
  if (processWide) void registry.__webhookScheduler?.stop();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let wakeRequested = false;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    // Never the reason the process stays alive.
    timer.unref();
  };

  const tick = () => {
    if (stopped) return;
    if (running) {
      wakeRequested = true;
      return;
    }
    wakeRequested = false;
    running = (async () => {
      let busy = false;
      try {
        const counts = await flushWebhooks(options.db(), options.flushOptions);
        options.onFlush?.(counts);
        // A full flush means more may be due: go on without waiting.
        busy = counts.claimed >= fullFlush;
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
        schedule(busy || wakeRequested ? 0 : intervalMs);
      }
    })();
  };

  const wake = () => {
    if (running) wakeRequested = true;
    else schedule(0);
  };
  const listener = options.wakeSource
    ? startWakeListener({ source: options.wakeSource, onWake: wake, onError: options.onListenerError })
    : null;
  const scheduler: WebhookScheduler = {
    wake,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (registry.__webhookScheduler === scheduler) registry.__webhookScheduler = undefined;
      await Promise.all([running, listener?.stop()]);
    },
    listener,
  };
  if (processWide) registry.__webhookScheduler = scheduler;
  schedule(0);
  return scheduler;
}

/** Wakes this process's scheduler, if it runs one. */
export function wakeWebhookScheduler(): void {
  registry.__webhookScheduler?.wake();
}
