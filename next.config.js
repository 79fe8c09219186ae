const isDevelopment = process.env.NODE_ENV === 'development';

// No third-party origin is ever needed: scripts, styles, images and API calls all come from this origin.
// Next.js inlines small bootstrap scripts and React sets style attributes, so script-src and style-src admit
// 'unsafe-inline' (a per-request nonce would make every page dynamic); every other door is shut: no plugins,
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

const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' };

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages that load their own .wasm files or native sockets at run time stay plain Node modules
  // instead of being bundled (PGlite, the Prisma query compiler, pg).
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pglite-prisma-adapter',
    '@prisma/client',
    '@prisma/adapter-pg',
    'pg',
    'proper-lockfile',
    'pino',
    'prom-client',
  ],
  // Separate build folders let a test build run beside a development server.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  experimental: {
    // Next.js copies each request body for the proxy (proxy.ts) and silently keeps only the first this many
    // bytes of a longer one: a chunked 11 MiB import arrived as a complete-looking 10 MiB file (issue 29, L2).
    // Set above every route's own limit (the largest, the 10 MiB import, IMPORT_MAX_BYTES) by more than one
    // read (≤ 64 KiB), a body Next.js cuts is still over that route's limit, which refuses it with 413.
    proxyClientMaxBodySize: 12 * 1024 * 1024,
  },
  reactStrictMode: true,
  typedRoutes: false,
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      // Served over https: browsers remember to use nothing else. Decided when the build runs (PUBLIC_BASE_URL
      // https), and for any request a TLS-terminating proxy marks as https.
      ...(process.env.PUBLIC_BASE_URL?.startsWith('https://')
        ? [{ source: '/:path*', headers: [HSTS] }]
        : [
            {
              source: '/:path*',
              has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
              headers: [HSTS],
            },
          ]),
    ];
  },
};

export default nextConfig;
