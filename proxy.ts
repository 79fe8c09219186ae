// An optimistic gate in front of the Admin pages: without a session cookie, go straight to the sign-in page.
// The cookie is verified where data is read (the (admin) layout and every Admin tRPC procedure).
import { NextResponse, type NextRequest } from 'next/server';

const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

export function proxy(request: NextRequest) {
  if (request.cookies.getAll().some((cookie) => SESSION_COOKIE.test(cookie.name))) {
    return NextResponse.next();
  }
  const login = new URL('/login', request.url);
  login.searchParams.set('callbackUrl', request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(login);
}

export const config = { matcher: ['/admin', '/admin/:path*'] };
