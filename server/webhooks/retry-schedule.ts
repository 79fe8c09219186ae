// When a failed delivery is tried again: immediately (the first attempt), then after 5 s, 5 min, 30 min,
// 2 h, 5 h, 10 h and 10 h, each with ±20 % jitter so that a receiver coming back is not hit by every
// delivery at once. After the eighth failed attempt the delivery is marked failed (and can be replayed).
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
export const JITTER = 0.2;

/**
 * The wait before the next attempt after `attemptsMade` failed attempts, or null when none is left.
 * `random` returns a number in [0, 1), as Math.random does.
 */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  if (base === undefined || attemptsMade < 1) return null;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
