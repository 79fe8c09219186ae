// What the two machine endpoints of the webhook feature share: bearer-token checks in constant time, the
// participant-endpoint error body, and reading a bounded JSON body.
import { errorBody } from '@/server/rest/errors';
import { constantTimeEqual, sha256Hex } from '@/server/lib/secrets';
import { readJsonBody as readBoundedJsonBody } from '@/server/lib/json-body';
import { INTERNAL_ERROR_MESSAGE, isAppError } from '@/server/lib/errors';
import { logUnexpected } from '@/server/lib/log-unexpected';
import { databaseUnavailableError, isDatabaseUnavailable } from '@/server/lib/database-errors';

export function errorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json(errorBody('participant', status, message), {
    status,
    headers: { 'Cache-Control': 'no-store', ...headers },
  });
}

/**
 * Null when the request carries `Authorization: Bearer <expected>`; otherwise the response to send. An unset
 * token switches the endpoint off (503) rather than leaving it open.
 */
export function checkBearer(req: Request, expected: string | undefined, variable: string): Response | null {
  if (!expected) {
    return errorResponse(503, `This endpoint is switched off: set ${variable} to enable it`);
  }
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    return errorResponse(401, 'Authorization header with a Bearer token is required', {
      'WWW-Authenticate': 'Bearer',
    });
  }
  // Hashing first makes the comparison independent of the lengths too.
  if (!constantTimeEqual(sha256Hex(match[1]!), sha256Hex(expected))) {
    return errorResponse(401, 'Invalid token', { 'WWW-Authenticate': 'Bearer' });
  }
  return null;
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/** The request's JSON body, or the 415 / 413 / 400 response that refuses it. */
export async function readJsonBody(req: Request): Promise<JsonBody> {
  const read = await readBoundedJsonBody(req);
  return read.kind === 'json'
    ? { ok: true, value: read.value }
    : { ok: false, response: errorResponse(read.status, read.message) };
}

/**
 * The answer to what a handler threw: an AppError's own status and message (below 500), the one 503 with
 * Retry-After while the database is unavailable, otherwise a logged 500 that says nothing more.
 */
export function failureResponse(where: string, error: unknown): Response {
  if (isAppError(error) && error.httpStatus < 500) return errorResponse(error.httpStatus, error.message);
  if (isDatabaseUnavailable(error)) {
    const unavailable = databaseUnavailableError();
    return errorResponse(unavailable.httpStatus, unavailable.message, {
      'Retry-After': String(unavailable.details.retryAfterSeconds),
    });
  }
  logUnexpected(where, error);
  return errorResponse(500, INTERNAL_ERROR_MESSAGE);
}
