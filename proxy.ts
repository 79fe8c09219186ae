// Runs before every request. It gives each one its request id (a well-formed incoming X-Request-Id is kept,
// otherwise a new one), passed on to the route handlers and sent back on every answer, pages included. In
// front of the Admin pages it is also an optimistic gate: without a session cookie, go straight to the
// sign-in page. The cookie is verified where data is read (the (admin) layout and every Admin tRPC procedure).
// Every page also gets a nonce of its own and the Content-Security-Policy that admits only scripts carrying
// it (server/platform/http/page-csp.ts).
import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/server/platform/env';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/server/platform/lib/request-id';
import { SESSION_COOKIE_NAME } from '@/server/admins/session-cookie';
import {
  CSP_HEADER,
  NONCE_HEADER,
  isPagePath,
  newNonce,
  pageContentSecurityPolicy,
} from '@/server/platform/http/page-csp';

const ADMIN_PATH = /^\/admin(\/|$)/;

export function proxy(request: NextRequest): NextResponse {
  const requestId = requestIdFrom(request.headers);
  const page = isPagePath(request.nextUrl.pathname) ? pagePolicy() : undefined;
  const response = needsSignIn(request) ? redirectToSignIn(request) : passOn(request, requestId, page);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  if (page) response.headers.set(CSP_HEADER, page.csp);
  return response;
}

interface PagePolicy {
  nonce: string;
  csp: string;
}

function pagePolicy(): PagePolicy {
  const nonce = newNonce();
  return { nonce, csp: pageContentSecurityPolicy(nonce, env.NODE_ENV === 'development') };
}

function needsSignIn(request: NextRequest): boolean {
  return (
    ADMIN_PATH.test(request.nextUrl.pathname) &&
    !request.cookies.getAll().some((cookie) => SESSION_COOKIE_NAME.test(cookie.name))
  );
}

function redirectToSignIn(request: NextRequest): NextResponse {
  const login = new URL('/login', request.url);
  login.searchParams.set('callbackUrl', request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(login);
}

/**
 * Continues to the page or route handler, which sees the request's id in X-Request-Id and, for a page, the
 * policy (Next.js takes the nonce from it for its own scripts) and the nonce (for the Swagger UI page's).
 */
function passOn(request: NextRequest, requestId: string, page: PagePolicy | undefined): NextResponse {
  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  if (page) {
    headers.set(CSP_HEADER, page.csp);
    headers.set(NONCE_HEADER, page.nonce);
  }
  return NextResponse.next({ request: { headers } });
}

// No matcher: the proxy runs for every path, so each answer carries its request id.
