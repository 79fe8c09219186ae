// The Content-Security-Policy of every HTML page (Admin app, sign-in, developer docs, Swagger UI): scripts run
// only from this origin and only when they carry the nonce made for this one request (Next.js's documented
// per-request nonce). proxy.ts makes the nonce and sets the policy on the request, where
// Next.js reads it to put the nonce on its own bootstrap scripts, and on the answer. 'strict-dynamic' lets a
// trusted script load the page's further chunks. Styles keep 'unsafe-inline': React writes style attributes
// and a style cannot run code. REST and other API answers keep next.config.js's policy (no HTML, no scripts).
import { randomBytes } from 'node:crypto';

export const NONCE_HEADER = 'x-nonce';
export const CSP_HEADER = 'Content-Security-Policy';

/** 128 random bits, base64: unguessable and new for every request. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The policy for one page answer. The development server's hot reload also needs eval and its websocket. */
export function pageContentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Paths that never answer with a page: the REST API (but its Swagger UI docs), route handlers, static files. */
const NOT_A_PAGE = /^\/(api\/|_next\/static\/|_next\/image|questionnaire\/v1\/(?!docs(\/|$)))/;

export function isPagePath(pathname: string): boolean {
  return !NOT_A_PAGE.test(pathname);
}
