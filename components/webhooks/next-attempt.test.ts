import { describe, expect, it } from 'vitest';
import { nextAttemptState } from './next-attempt';

describe('nextAttemptState', () => {
  const at = '2026-11-28T03:03:10.000Z';
  const instant = Date.parse(at);

  it('is ahead before its time, and due from its time on', () => {
    expect(nextAttemptState(at, instant - 1)).toBe('ahead');
    expect(nextAttemptState(at, instant)).toBe('due');
    expect(nextAttemptState(at, instant + 5 * 60_000)).toBe('due');
  });

  it('is ahead while the clock is unknown (the server render)', () => {
    expect(nextAttemptState(at, null)).toBe('ahead');
  });
});
