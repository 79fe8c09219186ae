// `npm run test:load`: the load and fault scenarios, against production builds, printing their figures.
// Not part of `npm test` (they take minutes and restart the local PostgreSQL).
//   npm run test:load -- --scenario duplicates --requests 10000
import fs from 'node:fs';
import { Command } from 'commander';
import { freshPostgresDatabase } from '../bench/fixtures';
import { ensureBuild } from '../bench/server';
import { runDuplicates } from './duplicates';
import { runServerKill } from './server-kill';
import { runDatabaseRestart } from './database-restart';
import { runImportKill } from './import-kill';

const SCENARIOS = ['duplicates', 'server-kill', 'database-restart', 'import-kill'] as const;

const options = new Command('test:load')
  .option('--scenario <name>', `one of ${SCENARIOS.join(', ')}, or all`, 'all')
  .option('--requests <n>', 'participant creations in the duplicates scenario', (v) => Number(v), 10_000)
  .option('--connections <n>', 'concurrent connections in the duplicates scenario', (v) => Number(v), 50)
  .option(
    '--postgres <url>',
    'PostgreSQL server for throw-away databases',
    'postgresql://postgres@127.0.0.1:5432/postgres',
  )
  .option('--dist-dir <dir>', 'build folder', '.next-perf')
  .option('--rebuild', 'build the app even when a build exists', false)
  .parse()
  .opts<{
    scenario: string;
    requests: number;
    connections: number;
    postgres: string;
    distDir: string;
    rebuild: boolean;
  }>();

const chosen = options.scenario === 'all' ? [...SCENARIOS] : [options.scenario];
if (!chosen.every((s) => (SCENARIOS as readonly string[]).includes(s))) {
  console.error(`error: --scenario must be one of ${SCENARIOS.join(', ')}, or all`);
  process.exit(2);
}

await ensureBuild(options.distDir, options.rebuild);
const figures: Record<string, unknown> = {};
let allOk = true;

async function onFreshDatabase<T extends { ok: boolean }>(
  name: string,
  work: (url: string) => Promise<T>,
): Promise<void> {
  console.log(`\n== ${name}`);
  const database = await freshPostgresDatabase(options.postgres, 'pais_load');
  try {
    const result = await work(database.url);
    figures[name] = result;
    allOk &&= result.ok;
    console.table(result);
  } finally {
    await database.drop();
  }
}

if (chosen.includes('duplicates')) {
  await onFreshDatabase('duplicates', (url) =>
    runDuplicates({
      databaseUrl: url,
      distDir: options.distDir,
      port: 3521,
      requests: options.requests,
      connections: options.connections,
    }),
  );
}
if (chosen.includes('server-kill')) {
  await onFreshDatabase('server-kill', (url) =>
    runServerKill({
      databaseUrl: url,
      distDir: options.distDir,
      port: 3522,
      operations: 2_000,
      concurrency: 20,
      deliveryWaitSeconds: 120,
    }),
  );
}
if (chosen.includes('database-restart')) {
  await onFreshDatabase('database-restart', (url) =>
    runDatabaseRestart({
      databaseUrl: url,
      distDir: options.distDir,
      port: 3523,
      connections: 16,
      durationSeconds: 20,
      outageSeconds: 4,
    }),
  );
}

if (chosen.includes('import-kill')) {
  await onFreshDatabase('import-kill', (url) =>
    runImportKill({ databaseUrl: url, distDir: options.distDir, port: 3524, rows: 10_000 }),
  );
}

fs.mkdirSync('bench/results', { recursive: true });
const file = `bench/results/load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
fs.writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), figures }, null, 2)}\n`);
console.log(`\nfigures written to ${file}`);
console.log(allOk ? 'load and fault scenarios: all passed' : 'load and fault scenarios: some FAILED');
process.exit(allOk ? 0 : 1);
