// The one error type services throw. Each door maps it to its own wire format: the REST door to the spec's
// exact bodies, the Admin door to tRPC errors, the CLI to a message and an exit code.
export type AppErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

export const HTTP_STATUS_OF: Record<AppErrorKind, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

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
