// The dispatcher's and the wake listener's failure lines: a warning when a failure starts (a listener that
// reconnects on a busy start recovers within seconds), an error when the failure is still there a repeat later.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redirectLogs } from '@/server/platform/observability/logger';
import { createFailureLog } from './dispatcher-failures';

const unreachable = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('the failure log of the webhook dispatcher', () => {
  const lines: { level: string; msg: string }[] = [];
  let restore: () => void;
  // Each test's lines, taken over from the log-leak guard's capture (these lines carry no secrets).
  beforeEach(() => {
    lines.length = 0;
    restore = redirectLogs((line) => lines.push(JSON.parse(line) as (typeof lines)[number]));
  });
  afterEach(() => restore());

  it('warns at the first failure, and says it works again at info when it recovered', () => {
    let clock = 0;
    const log = createFailureLog('webhook wake listener lost, reconnecting', { now: () => clock });
    log.report(unreachable());
    clock = 2_000;
    log.report(unreachable());
    log.clear();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'webhook wake listener lost, reconnecting'],
      ['info', 'webhook wake listener lost, reconnecting: working again'],
    ]);
  });

  it('logs an error when the failure is still there a minute later, and warns again after a recovery', () => {
    let clock = 0;
    const log = createFailureLog('webhook flush failed', { now: () => clock });
    log.report(unreachable());
    clock = 30_000;
    log.report(unreachable());
    clock = 60_000;
    log.report(unreachable());
    log.clear();
    clock = 100_000;
    log.report(unreachable());
    expect(lines.map((l) => l.level)).toEqual(['warn', 'error', 'info', 'warn']);
  });
});
