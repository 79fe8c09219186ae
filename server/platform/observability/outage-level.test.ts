// A failure that heals by itself is a warning; one that goes on for the escalation time is an error.
import { describe, expect, it } from 'vitest';
import { trackOutage } from './outage-level';

describe('trackOutage', () => {
  it('warns while a run of failures is young, errs once it has lasted, and starts again after a success', () => {
    let clock = 0;
    const outage = trackOutage({ escalateAfterMs: 60_000, now: () => clock });
    expect(outage.failed()).toBe('warn');
    clock = 59_999;
    expect(outage.failed()).toBe('warn');
    clock = 60_000;
    expect(outage.failed()).toBe('error');
    expect(outage.recovered()).toBe(true);
    expect(outage.recovered()).toBe(false);
    clock = 200_000;
    expect(outage.failed()).toBe('warn');
  });
});
