// Makes a failing dispatcher visible: each failed flush (or poll, or cron call) counts in
// webhook_dispatcher_failures_total by a kind from a fixed set (a bounded label), and the built-in
// scheduler logs a line when a new kind of failure starts and again at least every minute while it lasts,
// with the number of failures since the last line, so a dispatcher that keeps failing is never silent.
import { failureFields, logger } from '@/server/platform/observability/logger';
import { trackOutage } from '@/server/platform/observability/outage-level';

/** The failure kinds: a fixed set, so the metric's label stays bounded. */
export type DispatcherFailureKind =
  'unreachable' | 'prepared_statement' | 'permission' | 'database' | 'other';

/** Node's codes for a connection that could not be made or broke. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
]);
/** pg's and Prisma's messages for a connection that could not be had (they carry no code). */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Can't reach database|Cannot use a pool after calling end|Client has encountered a connection error/i;

/** The codes of an error and of the errors it wraps (Prisma wraps the driver's). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 4; depth++) {
    for (const key of ['code', 'originalCode'])
      if (typeof e[key] === 'string' || typeof e[key] === 'number') codes.push(String(e[key]));
    e = e.cause as Record<string, unknown> | undefined;
  }
  return codes;
}

/** Which kind of failure `error` is: the label of webhook_dispatcher_failures_total. */
export function dispatcherFailureKind(error: unknown): DispatcherFailureKind {
  const codes = codesOf(error);
  const message = failureFields(error).message ?? '';
  const sqlState = codes.find((code) => /^[0-9A-Z]{5}$/.test(code));
  if (
    codes.some((code) => CONNECTION_ERRNOS.has(code) || ['P1001', 'P1002', 'P1017'].includes(code)) ||
    /^(08|57P0)/.test(sqlState ?? '') ||
    CONNECTION_MESSAGES.test(message)
  )
    return 'unreachable';
  if (sqlState === '42P05' || sqlState === '26000') return 'prepared_statement';
  if (sqlState === '42501' || sqlState?.startsWith('28')) return 'permission';
  if (sqlState || codes.some((code) => /^P\d{4}$/.test(code))) return 'database';
  return 'other';
}

export interface FailureLog {
  /** A failure: logged if its kind is new, or if the last line is `repeatEveryMs` old. */
  report: (error: unknown) => void;
  /** It works again: the next failure is logged at once (and a line says it recovered). */
  clear: () => void;
}

/**
 * The log of a repeating failure (`message`, e.g. "webhook flush failed"): one line when a kind of failure
 * starts, then one at least every `repeatEveryMs` (a minute) while failures go on, each with the failures
 * counted since the line before. One line per poll would flood the log during an outage; one per kind alone
 * hid an outage that lasted hours behind a single line. The lines are warnings until the failures have gone
 * on for `escalateAfterMs` (as long as the repeat), then errors: a listener that reconnects within seconds
 * on a busy start is no error.
 */
export function createFailureLog(
  message: string,
  {
    repeatEveryMs = 60_000,
    escalateAfterMs = repeatEveryMs,
    now = () => performance.now(),
  }: { repeatEveryMs?: number; escalateAfterMs?: number; now?: () => number } = {},
): FailureLog {
  let lastKind: string | null = null;
  let lastAt = 0;
  let unlogged = 0;
  const outage = trackOutage({ escalateAfterMs, now });
  return {
    report: (error) => {
      unlogged++;
      const level = outage.failed();
      const kind = dispatcherFailureKind(error);
      if (kind === lastKind && now() - lastAt < repeatEveryMs) return;
      logger[level]({ ...failureFields(error), kind, failures: unlogged }, message);
      lastKind = kind;
      lastAt = now();
      unlogged = 0;
    },
    clear: () => {
      outage.recovered();
      if (lastKind !== null) logger.info({ failures: unlogged }, `${message}: working again`);
      lastKind = null;
      unlogged = 0;
    },
  };
}
