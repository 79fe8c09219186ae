// What the next-auth route adds to next-auth: a body limit of a few KiB enforced while the body streams in
// (sign-in is open to anyone, so a 100 MB form must not be read), and the documented 503 with Retry-After
// when the credentials check found the database unavailable (next-auth itself would answer a redirect).
import { NextRequest } from 'next/server';
import {
  bodyTooLargeMessage,
  SIGN_IN_BODY_LIMIT_BYTES,
  withBodyWithin,
} from '@/server/platform/lib/body-limit';
import {
  databaseUnavailableError,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '@/server/platform/lib/database-errors';

type Handler<C> = (req: NextRequest, context: C) => Promise<Response>;

const noStore = { 'Cache-Control': 'no-store' };

/** The `error` parameter of the URL next-auth answered with (as Location, or as JSON {url} for fetch). */
async function nextAuthError(response: Response): Promise<string | null> {
  let url = response.headers.get('location');
  if (!url && response.headers.get('content-type')?.startsWith('application/json')) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { url?: unknown } | null;
    url = typeof body?.url === 'string' ? body.url : null;
  }
  if (!url) return null;
  try {
    return new URL(url, 'http://localhost').searchParams.get('error');
  } catch {
    return null;
  }
}

/**
 * The answer to send instead of next-auth's when it reports the database unavailable: the same body (the
 * sign-in form reads its `url` and shows the message) with status 503 and Retry-After; otherwise null.
 */
export async function unavailableInstead(response: Response): Promise<Response | null> {
  if ((await nextAuthError(response)) !== DATABASE_UNAVAILABLE_MESSAGE) return null;
  const unavailable = databaseUnavailableError();
  const headers = new Headers(response.headers);
  headers.delete('location');
  headers.set('Retry-After', String(unavailable.details.retryAfterSeconds));
  headers.set('Cache-Control', 'no-store');
  headers.set('content-type', 'application/json');
  // next-auth's JSON answer keeps its `url` (its client reads the error from it); the message is added.
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return new Response(JSON.stringify({ ...answer, error: unavailable.message }), {
    status: unavailable.httpStatus,
    headers,
  });
}

export function withSignInLimits<C>(handler: Handler<C>): Handler<C> {
  return async (incoming, context) => {
    const req = await withBodyWithin(
      incoming,
      SIGN_IN_BODY_LIMIT_BYTES,
      (url, init) => new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]),
    );
    if (!req)
      return Response.json(
        { error: bodyTooLargeMessage(SIGN_IN_BODY_LIMIT_BYTES) },
        { status: 413, headers: noStore },
      );
    const response = await handler(req, context);
    return (await unavailableInstead(response)) ?? response;
  };
}
