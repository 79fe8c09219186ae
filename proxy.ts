// Runs before every request. It gives each one its request id (a well-formed incoming X-Request-Id is kept,
// otherwise a new one), passed on to the route handlers and sent back on every answer, pages included. In
// front of the Admin pages it is also an optimistic gate: without a session cookie, go straight to the
// sign-in page. The cookie is verified where data is read (the (admin) layout and every Admin tRPC procedure).
import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/server/lib/request-id';

const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;
const ADMIN_PATH = /^\/admin(\/|$)/;

export function proxy(request: NextRequest): NextResponse {
  const requestId = requestIdFrom(request.headers);
  const response = needsSignIn(request) ? redirectToSignIn(request) : passOn(request, requestId);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

function needsSignIn(request: NextRequest): boolean {
  return (
    ADMIN_PATH.test(request.nextUrl.pathname) &&
    !request.cookies.getAll().some((cookie) => SESSION_COOKIE.test(cookie.name))
  );
}

function redirectToSignIn(request: NextRequest): NextResponse {
  const login = new URL('/login', request.url);
  login.searchParams.set('callbackUrl', request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(login);
}

/** Continues to the page or route handler, which sees the request's id in X-Request-Id. */
function passOn(request: NextRequest, requestId: string): NextResponse {
  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  return NextResponse.next({ request: { headers } });
}

// No matcher: the proxy runs for every path, so each answer carries its request id.
