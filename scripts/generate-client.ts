// Generates the Prisma client (postinstall). The prisma CLI would otherwise try to download a native
// schema engine, which cannot be fetched on our machines and is not needed: migrations run on the
// WebAssembly engine (scripts/migrate.ts) and the client uses driver adapters.
import { execFileSync } from 'node:child_process';

execFileSync('prisma', ['generate'], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
