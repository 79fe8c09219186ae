import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**', '.next*/**', 'data/**', '.ci/**'],
    environment: 'node',
    // Two cores: one PGlite per test file is memory- and CPU-hungry, so run two files at a time.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Debug lines too, so the secret-leak guard searches everything the server could log.
    env: { NODE_ENV: 'test', LOG_LEVEL: 'debug' },
    setupFiles: ['server/test/log-leak-guard.ts'],
  },
});
