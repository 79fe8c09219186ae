import { describe, expect, it } from 'vitest';
import { pacedTurns } from './paced-turns';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('pacedTurns', () => {
  it('runs turns one at a time in order, a failed one included, and pauses after each in proportion', async () => {
    const turn = pacedTurns(0.2);
    let running = 0;
    let mostAtOnce = 0;
    const spans: { name: string; start: number; end: number }[] = [];
    const work =
      (name: string, ms: number, fail = false) =>
      async () => {
        const start = performance.now();
        mostAtOnce = Math.max(mostAtOnce, ++running);
        await sleep(ms);
        running--;
        spans.push({ name, start, end: performance.now() });
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      turn(work('a', 40)),
      turn(work('b', 10, true)),
      turn(work('c', 10)),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(mostAtOnce).toBe(1);
    expect(spans.map((s) => s.name)).toEqual(['a', 'b', 'c']);
    // A fifth of the time: a turn of t ms is followed by at least 4t ms before the next starts (a timer may fire
    // a millisecond early).
    for (let i = 1; i < spans.length; i++) {
      const previous = spans[i - 1]!;
      expect(spans[i]!.start - previous.end).toBeGreaterThanOrEqual(4 * (previous.end - previous.start) - 2);
    }
  });

  it('scales the pause by the weight of the result: a light turn does not hold the next one back', async () => {
    const turn = pacedTurns(0.2);
    const ends: number[] = [];
    const starts: number[] = [];
    const work = (weight: number) => async () => {
      starts.push(performance.now());
      await sleep(100);
      ends.push(performance.now());
      return weight;
    };
    await Promise.all([turn(work(0), (w) => w), turn(work(1), (w) => w), turn(work(0), (w) => w)]);
    // After the full second turn the third waits at least 4 × its time (as measured: a 100 ms timer may fire a
    // little early, and one did in CI); after the weightless first one the second waits for no timer at all
    // (only for the event loop, so under a busy machine's delays still far less).
    const fullPause = starts[2]! - ends[1]!;
    expect(fullPause).toBeGreaterThanOrEqual(4 * (ends[1]! - starts[1]!) - 2);
    expect(fullPause).toBeGreaterThanOrEqual(4 * 90);
    expect(starts[1]! - ends[0]!).toBeLessThan(fullPause / 2);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => pacedTurns(0)).toThrow('share must be in (0, 1]');
    expect(() => pacedTurns(1.5)).toThrow('share must be in (0, 1]');
  });
});
