// The deadline of the request a piece of database work belongs to. A REST request runs inside one
// (REQUEST_DEADLINE_MS from its arrival); each transaction it starts may wait for a connection only until the
// deadline, and on PostgreSQL each of its statements is cancelled by the server once it has run for
// DATABASE_STATEMENT_TIMEOUT_MS or past the deadline, whichever comes first (SET LOCAL statement_timeout,
// which a transaction-mode pooler such as PgBouncer passes through, unlike a startup parameter). A request
// past its deadline therefore fails before anything commits: its transaction rolls back and the client gets
// 503 with Retry-After, instead of a write committed long after the client gave up.
import { currentRequestScope, withinRequestScope } from '@/server/platform/request-scope';

export interface RequestDeadline {
  /** Milliseconds since the epoch. */
  deadline: number;
  /**
   * False once the request has its answer: background work it set off (a timer, a webhook flush it woke)
   * carries its async context along, and must not be held to the request's deadline.
   */
  open: boolean;
  /** The most one statement may run, whatever time is left. */
  statementTimeoutMs: number;
  /** How long the request had from its arrival (REQUEST_DEADLINE_MS), for a long poll's next round. */
  lengthMs: number;
}

/** What the next database step of the current request may take. */
export interface StepBound {
  /** For SET LOCAL statement_timeout: the statement limit or the time left, whichever is less. */
  statementTimeoutMs: number;
  /** How long it may wait for a connection (Prisma's maxWait) or run as a whole (its transaction timeout). */
  remainingMs: number;
}

/** Seconds a client should wait before retrying a request that ran out of time. */
export const DEADLINE_RETRY_AFTER_SECONDS = 2;
export const DEADLINE_EXCEEDED_MESSAGE =
  'The request did not finish in time and nothing was changed: the service is busy. Retry shortly.';

/** Thrown by a database step that would start after its request's deadline. */
export class RequestDeadlineError extends Error {
  override name = 'RequestDeadlineError';
  constructor(options?: { cause: unknown }) {
    super('the request passed its deadline before this database step', options);
  }
}

/** The current request's deadline, kept in its scope (server/platform/request-scope.ts). */
const currentDeadline = (): RequestDeadline | undefined => currentRequestScope()?.deadline;

/** Runs `work` with a deadline `deadlineMs` from now for the database work it does. */
export function withRequestDeadline<T>(
  limits: { deadlineMs: number; statementTimeoutMs: number },
  work: () => Promise<T>,
): Promise<T> {
  const deadline = {
    deadline: Date.now() + limits.deadlineMs,
    statementTimeoutMs: limits.statementTimeoutMs,
    lengthMs: limits.deadlineMs,
    open: true,
  };
  return withinRequestScope({ deadline }, () => work().finally(() => (deadline.open = false)));
}

/**
 * Runs `work` with the current request's deadline renewed: as long from now as the request had from its
 * arrival, the statement limit unchanged. For a long poll (`pais listen`), which waits between rounds holding no
 * connection: each round is bounded like a request of its own, and the wait does not count against it.
 * Outside a request, runs `work` as it is.
 */
export function withRenewedRequestDeadline<T>(work: () => Promise<T>): Promise<T> {
  const current = currentDeadline();
  if (!current?.open) return work();
  return withRequestDeadline(
    { deadlineMs: current.lengthMs, statementTimeoutMs: current.statementTimeoutMs },
    work,
  );
}

/**
 * Runs `work` without the current request's deadline: what follows the request's own write (recording its
 * answer for an Idempotency-Key) must not turn an answer that was committed into a 503.
 */
export const outsideRequestDeadline = <T>(work: () => Promise<T>): Promise<T> =>
  withinRequestScope({ deadline: undefined }, work);

/**
 * The bound of the next database step of the current request, or null outside a request (background work,
 * the CLI, the Admin pages: not bounded here). Throws RequestDeadlineError once the deadline has passed.
 */
export function databaseStepBound(): StepBound | null {
  const current = currentDeadline();
  if (!current?.open) return null;
  const remainingMs = current.deadline - Date.now();
  if (remainingMs <= 0) throw new RequestDeadlineError();
  return { statementTimeoutMs: Math.min(current.statementTimeoutMs, remainingMs), remainingMs };
}

/** True inside a request whose deadline has passed. */
export function pastDeadline(): boolean {
  const current = currentDeadline();
  return current?.open === true && current.deadline <= Date.now();
}

/** The statement that bounds the rest of the current transaction's statements on PostgreSQL. */
export const setLocalStatementTimeout = (bound: StepBound): string =>
  `SET LOCAL statement_timeout = ${Math.max(1, Math.floor(bound.statementTimeoutMs))}`;

// SQLSTATE query_canceled: PostgreSQL cancelled the statement (statement_timeout, or a cancel request).
const QUERY_CANCELED = '57014';

/** True when `error` (or what it wraps) is a deadline passed or a statement cancelled by its timeout. */
export function isDeadlineExceeded(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    if (current instanceof RequestDeadlineError) return true;
    const record = current as Record<string, unknown>;
    if (record.code === QUERY_CANCELED || record.originalCode === QUERY_CANCELED) return true;
    const meta = record.meta as { driverAdapterError?: { cause?: unknown } } | undefined;
    current = meta?.driverAdapterError?.cause ?? record.cause;
  }
  return false;
}
