// The built-in scheduler (WEBHOOK_SCHEDULER): flushes due deliveries every few seconds inside the server
// process, one flush at a time. A new result wakes it at once, so a delivery does not wait for the next tick.
// Its state lives on globalThis because Next.js bundles instrumentation and route handlers separately.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import {
  DEFAULT_BATCH_SIZE,
  DEFAULT_MAX_BATCHES,
  flushWebhooks,
  type FlushCounts,
  type FlushOptions,
} from './dispatcher';

export interface SchedulerOptions {
  db: () => PrismaClient;
  intervalMs?: number;
  flushOptions?: FlushOptions;
  onError?: (error: unknown) => void;
  onFlush?: (counts: FlushCounts) => void;
}

export interface WebhookScheduler {
  /** Flush now if idle, or right after the running flush. */
  wake: () => void;
  /** Stops scheduling and resolves once the running flush (if any) has finished. */
  stop: () => Promise<void>;
}

const registry = globalThis as unknown as { __webhookScheduler?: WebhookScheduler };

export function startWebhookScheduler(options: SchedulerOptions): WebhookScheduler {
  const intervalMs = options.intervalMs ?? 2_000;
  const fullFlush =
    (options.flushOptions?.batchSize ?? DEFAULT_BATCH_SIZE) *
    (options.flushOptions?.maxBatches ?? DEFAULT_MAX_BATCHES);
  // One per process: a reloaded module (development) replaces the previous scheduler.
  void registry.__webhookScheduler?.stop();
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

  const scheduler: WebhookScheduler = {
    wake: () => {
      if (running) wakeRequested = true;
      else schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (registry.__webhookScheduler === scheduler) registry.__webhookScheduler = undefined;
      await running;
    },
  };
  registry.__webhookScheduler = scheduler;
  schedule(0);
  return scheduler;
}

/** Wakes this process's scheduler, if it runs one. */
export function wakeWebhookScheduler(): void {
  registry.__webhookScheduler?.wake();
}
