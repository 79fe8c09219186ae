import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: [
      // The client's source: client/ is also a package (client/package.json), whose exports name its build,
      // which Vite would otherwise resolve `@/client` to.
      { find: /^@\/client$/, replacement: path.resolve(import.meta.dirname, 'client/index.ts') },
      { find: '@', replacement: path.resolve(import.meta.dirname) },
      // Modules only server components and route handlers may import carry `import 'server-only'`, which
      // throws outside Next's react-server bundles; the tests are server code too, so it is a no-op here.
      {
        find: 'server-only',
        replacement: path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
      },
    ],
  },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**', '.next*/**', 'data/**', '.ci/**', '.test-build/**'],
    environment: 'node',
    // Two cores: one PGlite per test file is memory- and CPU-hungry, so run two files at a time.
    maxWorkers: 2,
    // A hang guard, not a speed check: the two-core machines CI runs on are sometimes 1.7 times slower than
    // usual, and a test taking 30 s there (the migration diff on PGlite) must not fail for it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Debug lines too, so the secret-leak guard searches everything the server could log.
    env: { NODE_ENV: 'test', LOG_LEVEL: 'debug' },
    setupFiles: ['server/test/log-leak-guard.ts'],
    // Migrated template databases, made once per run (server/test/database-templates.ts).
    globalSetup: ['vitest.global-setup.ts'],
  },
});
