// Durations read as a person says them: the overview's "95% delivered within ~8 min", not "479,070 ms".
import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [191, '191 ms'],
    [999.4, '999 ms'],
    [999.6, '1.0 s'],
    [4_240, '4.2 s'],
    [38_400, '38 s'],
    [59_600, '~1 min'],
    [479_070, '~8 min'],
    [3_570_000, '~1 h'],
    [9_000_000, '~2.5 h'],
    [36_000_000, '~10 h'],
    [2 * 86_400_000, '~2 days'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
