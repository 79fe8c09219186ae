import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';

describe('retry schedule', () => {
  const seconds = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];

  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, each lengthened by up to 10 %, then gives up', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    seconds.forEach((s, i) => {
      expect(retryDelayMs(i + 1, () => 0)).toBe(s * 1000);
      expect(retryDelayMs(i + 1, () => 0.5)).toBe(s * 1050);
      expect(retryDelayMs(i + 1, () => 0.999999)! / (s * 1100)).toBeCloseTo(1, 5);
    });
    expect(retryDelayMs(8)).toBeNull();
    expect(retryDelayMs(0)).toBeNull();
  });

  it('spreads retries out with jitter', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(2)));
    expect(delays.size).toBeGreaterThan(40);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(300_000);
      expect(d).toBeLessThanOrEqual(330_000);
    }
  });
});
