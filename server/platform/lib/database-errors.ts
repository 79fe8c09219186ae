// Recognises failures that mean "the database cannot be reached right now" (down, restarting, out of
// connections), as opposed to a bug: the doors answer those with 503 and a Retry-After, never a 500.
import { AppError } from './errors';

// P2024: no pool connection in time; P2028: a transaction could not start (or outlived its timeout) because
// the database is saturated: both mean "try again shortly".
// P1000/P1010: authentication failed or access denied; P1003: the database does not exist (dropped or
// renamed under a running server); P1011: TLS could not be set up.
const UNREACHABLE_PRISMA_CODES = new Set([
  'P1000',
  'P1001',
  'P1002',
  'P1003',
  'P1008',
  'P1010',
  'P1011',
  'P1017',
  'P2024',
  'P2028',
]);
const UNREACHABLE_ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TransactionStartTimeout',
  'DatabaseDoesNotExist',
  'DatabaseAccessDenied',
  'AuthenticationFailed',
  'TlsConnectionError',
]);
// PostgreSQL SQLSTATEs of a server shutting down or not yet accepting connections, of a database that is
// gone (3D000) or refuses us (28000, 28P01, 53300 too many connections), and socket errors.
const UNREACHABLE_CODES = new Set([
  '3D000',
  '28000',
  '28P01',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// What pg and PostgreSQL say when a connection dies under a query (these often carry no code), and pg's pool
// when every connection stayed busy for its whole wait (Prisma's P2024 for the statements run on the pool).
const UNREACHABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|terminating connection|the database system is (shutting down|starting up|in recovery mode)|Client has encountered a connection error|server closed the connection unexpectedly|database "[^"]*" does not exist|too many clients|password authentication failed|Can't reach database server/i;

/** Seconds a client should wait before retrying when the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly.';

/** The one answer every door gives while the database is unavailable: 503 with Retry-After. */
export const databaseUnavailableError = () =>
  new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const record = current as Record<string, unknown>;
    yield record;
    const meta = record.meta as Record<string, unknown> | undefined;
    const adapterError = meta?.driverAdapterError as Record<string, unknown> | undefined;
    if (adapterError?.cause) yield adapterError.cause as Record<string, unknown>;
    current = record.cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) {
    const code = typeof cause.code === 'string' ? cause.code : undefined;
    const kind = typeof cause.kind === 'string' ? cause.kind : undefined;
    if (code && (UNREACHABLE_PRISMA_CODES.has(code) || UNREACHABLE_CODES.has(code))) return true;
    if (kind && UNREACHABLE_ADAPTER_KINDS.has(kind)) return true;
    if (typeof cause.originalCode === 'string' && UNREACHABLE_CODES.has(cause.originalCode)) return true;
    const message = typeof cause.originalMessage === 'string' ? cause.originalMessage : cause.message;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  }
  return false;
}
