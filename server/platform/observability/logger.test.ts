// The logger's lines: JSON, filtered by level (LOG_LEVEL), carrying the request's id, route and key id while
// a request is handled, with credential fields censored.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, redirectLogs } from './logger';
import { runInRequestContext } from './request-context';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function linesAt(level: 'debug' | 'info' | 'warn' | 'error'): Record<string, unknown>[] {
  const lines: string[] = [];
  restore = redirectLogs((line) => lines.push(line));
  const logger = createLogger(level);
  runInRequestContext({ requestId: 'req-1', route: '/x/{id}', keyId: 'key-1' }, () => {
    logger.debug('d');
    logger.info('i');
    logger.warn({ password: 'hunter2-hunter2', nested: { token: 'tok-123456' } }, 'w');
    logger.error('e');
  });
  restore();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('JSON logs', () => {
  it('LOG_LEVEL filters debug, info, warn and error', () => {
    expect(
      (['debug', 'info', 'warn', 'error'] as const).map((l) => linesAt(l).map((line) => line.msg)),
    ).toEqual([['d', 'i', 'w', 'e'], ['i', 'w', 'e'], ['w', 'e'], ['e']]);
  });

  it('each line is JSON with level, time, request id, route and key id; credential fields censored', () => {
    const [warn] = linesAt('warn');
    expect(warn).toEqual({
      level: 'warn',
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      requestId: 'req-1',
      route: '/x/{id}',
      keyId: 'key-1',
      password: '[redacted]',
      nested: { token: '[redacted]' },
      msg: 'w',
    });
  });
});
