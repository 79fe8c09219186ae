'use client';
// The current time for text that depends on it ("due since …" rather than a "next at …" already past), read
// every 15 seconds: one timer for the whole page, none during the server render (null there), so the server's
// and the browser's first render agree.
import { useSyncExternalStore } from 'react';

const TICK_MS = 15_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Milliseconds since the epoch, renewed every 15 s; null while rendering on the server and hydrating. */
export const useNow = (): number | null =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => null,
  );
