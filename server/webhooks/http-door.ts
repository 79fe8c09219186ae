// What the two machine endpoints of the webhook feature share: bearer-token checks in constant time, the
// participant-endpoint error body, and reading a bounded JSON body.
import { errorBody } from '@/server/rest/errors';
import { constantTimeEqual, sha256Hex } from '@/server/lib/secrets';

export const MAX_BODY_BYTES = 64 * 1024;

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
  const mediaType = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return { ok: false, response: errorResponse(415, 'Content-Type must be application/json') };
  }
  const tooLarge = {
    ok: false as const,
    response: errorResponse(413, 'Request body must not exceed 64 KiB'),
  };
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return tooLarge;
  const bytes = await readAtMost(req, MAX_BODY_BYTES);
  if (!bytes) return tooLarge;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { ok: true, value: JSON.parse(text, (key, v: unknown) => (key === '__proto__' ? undefined : v)) };
  } catch {
    return { ok: false, response: errorResponse(400, 'Invalid JSON format') };
  }
}

/** The body's bytes, or null as soon as there are more than `limit` of them. */
async function readAtMost(req: Request, limit: number): Promise<Uint8Array | null> {
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Logs an unexpected failure by name and code only: database messages can quote personal data. */
export function logUnexpected(where: string, error: unknown): void {
  const code = (error as { code?: unknown } | undefined)?.code;
  console.error(`[${where}] unexpected failure:`, (error as Error | undefined)?.name, code ?? '');
}
