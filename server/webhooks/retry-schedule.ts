// When a failed delivery is tried again: immediately (the first attempt), then after 5 s, 5 min, 30 min,
// 2 h, 5 h, 10 h and 10 h, each lengthened by up to 10 % (jitter) so that deliveries that failed together are
// not all retried at the same moment. Never shortened: a step is a promise a receiver can count on (the
// first retry comes 5–5.5 s after the failure, and the scheduler sends it when due, scheduler.ts). After the
// eighth failed attempt the delivery is marked failed (and can be replayed).
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** The most a wait is lengthened, as a share of its step. */
export const JITTER = 0.1;

/**
 * The wait before the next attempt after `attemptsMade` failed attempts, or null when none is left.
 * `random` returns a number in [0, 1), as Math.random does.
 */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  if (base === undefined || attemptsMade < 1) return null;
  return Math.round(base * (1 + JITTER * random()));
}
