// Every door states how large a request body it takes and enforces it while reading, before anything parses
// it: a declared Content-Length over the limit is refused at once, and a body that streams past the limit is
// cut off there (a missing or false Content-Length is not trusted). A few KiB for sign-in, 64 KiB for the
// REST API and result ingestion, 1 MiB for the Admin tRPC door.

/** Sign-in: an email, a password, a CSRF token and a callback URL, as a form. */
export const SIGN_IN_BODY_LIMIT_BYTES = 8 * 1024;
/** The Admin tRPC door: the largest form (guide texts, a pasted list of numbers) with room to spare. */
export const ADMIN_TRPC_BODY_LIMIT_BYTES = 1024 * 1024;

const describeBytes = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;

export const bodyTooLargeMessage = (limit: number) => `Request body must not exceed ${describeBytes(limit)}`;

/** The body's bytes, or null as soon as there are (or are declared to be) more than `limit` of them. */
export async function readBodyWithin(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await req.body?.cancel().catch(() => undefined);
    return null;
  }
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

const hasBody = (req: Request) => req.method !== 'GET' && req.method !== 'HEAD';

/**
 * The same request with its body read into memory within `limit`, or null when the body is too large. The
 * copy is made with `copy`, so a door can keep its own request type (e.g. NextRequest).
 */
export async function withBodyWithin<R extends Request>(
  req: R,
  limit: number,
  copy: (url: string, init: RequestInit) => R,
): Promise<R | null> {
  if (!hasBody(req)) return req;
  const body = await readBodyWithin(req, limit);
  if (!body) return null;
  return copy(req.url, {
    method: req.method,
    headers: req.headers,
    body: body as BodyInit,
    signal: req.signal,
  });
}
