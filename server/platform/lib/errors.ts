// The one error type services throw. Each door maps it to its own wire format: the REST door to the spec's
// exact bodies, the Admin door to tRPC errors, the CLI to a message and an exit code.
/** The error name of each HTTP status the doors send: the REST body's `error` field and tRPC's error code. */
export const ERROR_NAMES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<number, string>;

export type ErrorStatus = keyof typeof ERROR_NAMES;

/** What a service can fail with (405 is the door's own answer, never a service's). */
export type AppErrorKind = Exclude<(typeof ERROR_NAMES)[ErrorStatus], 'METHOD_NOT_ALLOWED'>;

/** The HTTP status of each kind: ERROR_NAMES read the other way. */
const HTTP_STATUS_OF = Object.fromEntries(
  Object.entries(ERROR_NAMES).map(([status, name]) => [name, Number(status)]),
) as Record<AppErrorKind, number>;

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Extra facts for the door (e.g. retryAfterSeconds for 429); never shown verbatim to a client. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    return HTTP_STATUS_OF[this.kind];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** What any door says about a failure that is ours: never its own message, which may quote the database. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
