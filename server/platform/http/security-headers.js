// The security headers of every response, in one place: next.config.js gives them to Next.js as `headers()`
// rules, and the fast REST door of `npm start` (server/doors/rest/fast-door.ts) applies the same rules to its own
// answers. Plain JavaScript, because next.config.js imports it; its types are in security-headers.d.ts.
//
// HSTS is decided per request, the same way on both doors: for a request a TLS-terminating proxy marks as https
// (X-Forwarded-Proto), and, under `npm start`, for every request when PUBLIC_BASE_URL is https as the server
// runs (not as the build ran: Next.js fixes its `headers()` rules at build time).

const isDevelopment = process.env.NODE_ENV === 'development';

// No third-party origin is ever needed: scripts, styles, images and API calls all come from this origin.
// This is the policy of every answer that is not a page (REST, route handlers, files); pages get a stricter one
// with a per-request nonce from proxy.ts (server/platform/http/page-csp.ts), which replaces this header. It keeps
// 'unsafe-inline' for a page that proxy.ts does not recognise (Next.js's own error pages inline their bootstrap
// scripts) and because React sets style attributes; every other door is shut: no plugins,
// no <base> hijack, no framing (clickjacking), forms post only here. The development server's hot reload
// also needs eval and its websocket.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDevelopment ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${isDevelopment ? ' ws: wss:' : ''}`,
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Sent with every response, pages and APIs alike. No CORS header: the REST API is called server to server. */
export const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: CONTENT_SECURITY_POLICY },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
];

/** Served over https: browsers remember to use nothing else. */
export const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' };

/** The `headers()` rules of next.config.js: the same for every build, whatever its environment. */
export function securityHeaderRules() {
  return [
    { source: '/:path*', headers: SECURITY_HEADERS },
    {
      source: '/:path*',
      has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
      headers: [HSTS],
    },
  ];
}

/**
 * The headers `npm start` adds to every response at run time, whichever door answers: HSTS when the service's
 * public address (PUBLIC_BASE_URL, as validated by server/platform/env.ts) is https.
 */
export function runTimeSecurityHeaders(publicBaseUrl) {
  return publicBaseUrl.startsWith('https://') ? [HSTS] : [];
}
