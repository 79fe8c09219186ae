// The process's shutdown state. scripts/start.ts and the code Next.js bundles (instrumentation, route
// handlers) load this module separately, each its own copy, so the one state lives in the process registry.
import { processSingleton } from '@/server/platform/process-registry';

/** Stops one kind of background work; resolves once it has stopped (or the deadline, in ms since epoch, came). */
type StopTask = (deadline: number) => Promise<void>;

export interface Lifecycle {
  draining: boolean;
  /** By name, so that a module reloaded in development replaces its own task. */
  stopTasks: Map<string, StopTask>;
  /** Background work started by requests (a CSV import), waited for before the database closes. */
  inFlight: Set<Promise<unknown>>;
}

const state = processSingleton('lifecycle', () => ({
  draining: false,
  stopTasks: new Map(),
  inFlight: new Set(),
}));

/** True from the first shutdown signal on: readiness answers 503 and background work stops taking more. */
export const isDraining = (): boolean => state.draining;

/** Registers how to stop one kind of background work at shutdown. */
export function onShutdown(name: string, stop: StopTask): void {
  state.stopTasks.set(name, stop);
}

/** Keeps `work` in the set shutdown waits for, until it settles. */
export function trackBackgroundWork(work: Promise<unknown>): void {
  state.inFlight.add(work);
  void work.finally(() => state.inFlight.delete(work)).catch(() => undefined);
}

export function beginDraining(): void {
  state.draining = true;
}

/** Runs every stop task and waits for tracked work, up to the deadline; returns the names still running then. */
export async function stopBackgroundWork(deadline: number): Promise<string[]> {
  beginDraining();
  const pending = new Set<string>();
  const runs = [
    ...[...state.stopTasks].map(([name, stop]) => {
      pending.add(name);
      return stop(deadline).finally(() => pending.delete(name));
    }),
    ...[...state.inFlight].map((work, i) => {
      pending.add(`background work ${i + 1}`);
      return work.finally(() => pending.delete(`background work ${i + 1}`));
    }),
  ];
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(runs),
    new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
  ]);
  clearTimeout(timer);
  return [...pending];
}
