// What the machine doors share: the plain HTTP endpoints other systems call with a bearer token (result
// ingestion from the assessment engine, the cron flush of webhook deliveries, metrics). They live together in
// server/doors/ because none of them belongs to a framework folder the way the browser's doors do
// (server/doors/admin/admin-door.ts wraps tRPC, server/admins/sign-in-door.ts wraps next-auth) or has a folder of its own
// like the REST door (server/doors/rest/). Their error bodies are the REST door's participant-endpoint bodies
// (errorResponse of server/doors/rest/errors.ts, the one builder of error bodies).
import { errorResponse } from '@/server/doors/rest/errors';
import { constantTimeEqual, sha256Hex } from '@/server/platform/lib/secrets';
import { INTERNAL_ERROR_MESSAGE, isAppError } from '@/server/platform/lib/errors';
import { logUnexpected } from '@/server/platform/lib/log-unexpected';
import { databaseUnavailableError, isDatabaseUnavailable } from '@/server/platform/lib/database-errors';

const unauthorized = (message: string) =>
  errorResponse('participant', { status: 401, message, headers: { 'WWW-Authenticate': 'Bearer' } });

/**
 * Null when the request carries `Authorization: Bearer <expected>`; otherwise the response to send. An unset
 * token switches the endpoint off (503) rather than leaving it open.
 */
export function checkBearer(req: Request, expected: string | undefined, variable: string): Response | null {
  if (!expected) {
    return errorResponse('participant', {
      status: 503,
      message: `This endpoint is switched off: set ${variable} to enable it`,
    });
  }
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return unauthorized('Authorization header with a Bearer token is required');
  // Hashing first makes the comparison independent of the lengths too.
  if (!constantTimeEqual(sha256Hex(match[1]!), sha256Hex(expected))) return unauthorized('Invalid token');
  return null;
}

/**
 * The answer to what a handler threw: an AppError's own status and message (below 500), the one 503 with
 * Retry-After while the database is unavailable, otherwise a logged 500 that says nothing more.
 */
export function failureResponse(where: string, error: unknown): Response {
  if (isAppError(error) && error.httpStatus < 500)
    return errorResponse('participant', { status: error.httpStatus, message: error.message });
  if (isDatabaseUnavailable(error)) {
    const unavailable = databaseUnavailableError();
    return errorResponse('participant', {
      status: unavailable.httpStatus,
      message: unavailable.message,
      headers: { 'Retry-After': String(unavailable.details.retryAfterSeconds) },
    });
  }
  logUnexpected(where, error);
  return errorResponse('participant', { status: 500, message: INTERNAL_ERROR_MESSAGE });
}
