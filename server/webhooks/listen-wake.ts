// What wakes the long polls of `pais listen` sessions (listen-poll.ts) before their next look at the database:
// the dispatchers' wake signal (NOTIFY at the commit of new outbox rows, from whichever instance published),
// heard by a listener of this process's own that runs only while a poll waits (and a minute after, so that a
// session's next poll finds it still there), and a wake-up from this process (a delivery made due here).
// Without a wake source (WEBHOOK_SCHEDULER off, or a test that sets none) the polls look every few seconds
// only. A listener of its own because the scheduler's is internal to it, and a process that lets its
// dispatcher be woken by cron has none.
import { onShutdown } from '@/server/platform/lifecycle/state';
import { processSingleton, type Slot } from '@/server/platform/process-registry';
import { startWakeListener, type WakeListener, type WakeSource } from './wake-listener';

declare module '@/server/platform/process-registry' {
  interface ProcessSingletons {
    /** The `pais listen` polls waiting in this process, and what wakes them (listen-wake.ts). */
    listenWake: ListenWake;
  }
}

interface ListenWake {
  /** Where the dispatchers' NOTIFY can be heard, once the process said so. */
  source: Slot<WakeSource | undefined>;
  listener: Slot<WakeListener | undefined>;
  /** Resolves each waiting poll's wait. */
  waiters: Set<() => void>;
  /** Stops the listener once no poll has waited for LINGER_MS. */
  idle: Slot<NodeJS.Timeout | undefined>;
}

/** How long the listener stays after the last poll stopped waiting: a session polls again within moments. */
const LINGER_MS = 60_000;

const wake = processSingleton('listenWake', (): ListenWake => ({
  source: { value: undefined },
  listener: { value: undefined },
  waiters: new Set(),
  idle: { value: undefined },
}));

/** Wakes every poll waiting in this process: it looks at the database again at once. */
export function wakeListenPolls(): void {
  for (const resolve of [...wake.waiters]) resolve();
}

async function stopListener(): Promise<void> {
  clearTimeout(wake.idle.value);
  wake.idle.value = undefined;
  const listener = wake.listener.value;
  wake.listener.value = undefined;
  await listener?.stop();
}

/**
 * Where the polls hear the dispatchers' wake signal (the built-in scheduler's source); undefined: nowhere.
 * Resolves once a listener on the previous source has stopped.
 */
export async function setListenWakeSource(source: WakeSource | undefined): Promise<void> {
  await stopListener();
  wake.source.value = source;
}

/**
 * Waits `ms`, or less when a wake-up comes first (or the process starts shutting down). Holds nothing but a
 * timer: no database connection.
 */
export function waitForListenWake(ms: number): Promise<void> {
  clearTimeout(wake.idle.value);
  wake.idle.value = undefined;
  if (!wake.listener.value && wake.source.value) {
    wake.listener.value = startWakeListener({ source: wake.source.value, onWake: wakeListenPolls });
    // At shutdown the polls answer at once (they see the process draining), and the listener stops.
    onShutdown('pais listen polls', async () => {
      wakeListenPolls();
      await stopListener();
    });
  }
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wake.waiters.delete(done);
      if (wake.waiters.size === 0 && wake.listener.value) {
        clearTimeout(wake.idle.value);
        wake.idle.value = setTimeout(() => void stopListener(), LINGER_MS);
        wake.idle.value.unref();
      }
      resolve();
    };
    const timer = setTimeout(done, ms);
    wake.waiters.add(done);
  });
}
