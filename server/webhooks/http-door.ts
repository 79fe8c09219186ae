// What the two machine endpoints of the webhook feature share: bearer-token checks in constant time, the
// participant-endpoint error body, and reading a bounded JSON body.
import { errorBody } from '@/server/rest/errors';
import { constantTimeEqual, sha256Hex } from '@/server/lib/secrets';
import { readJsonBody as readBoundedJsonBody } from '@/server/lib/json-body';
import { failureFields, logger } from '@/server/observability/logger';

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

/** Logs an unexpected failure by name and code only: database messages can quote personal data. */
export function logUnexpected(where: string, error: unknown): void {
  logger.error({ ...failureFields(error), where }, 'unexpected failure');
}
