// The security headers of every response: one module, also read by the fast REST door of `npm start`.
import { securityHeaderRules } from './server/platform/http/security-headers.js';

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
  // The container image's build (Dockerfile) sets NEXT_OUTPUT=standalone: .next/standalone then holds only the
  // files the built app loads, node_modules included. Every other build is unchanged.
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // Separate build folders let a test build run beside a development server.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  experimental: {
    // Next.js copies each request body for the proxy (proxy.ts) and silently keeps only the first this many
    // bytes of a longer one: at the default (10 MiB) a chunked 11 MiB import arrives as a complete-looking
    // 10 MiB file. Set above every route's own limit (the largest, the 10 MiB import, IMPORT_MAX_BYTES) by more
    // than one read (≤ 64 KiB), a body Next.js cuts is still over that route's limit, which refuses it with 413.
    proxyClientMaxBodySize: 12 * 1024 * 1024,
  },
  reactStrictMode: true,
  // Next.js's own request lines (development) would print guide links, whose path is a secret; the server's
  // access line covers every request with the path made safe (server/platform/observability/path-secrets.ts).
  logging: { incomingRequests: false },
  // CI's build for the browser tests (.ci/run) skips Next.js's own type check: the same `tsc --noEmit` passed
  // in CI's typecheck step minutes before. Every other build (the image's, `npm run build`) checks types.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === '1' },
  typedRoutes: false,
  // HSTS for requests a TLS proxy marks as https; `npm start` adds it to every response at run time when
  // PUBLIC_BASE_URL is https (server/platform/http/security-headers.js).
  async headers() {
    return securityHeaderRules();
  },
};

export default nextConfig;
