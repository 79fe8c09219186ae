// `npm run bench`: the hot paths' figures against what the stack itself allows, on the embedded database
// and on PostgreSQL, from a production build. Every run (or figure measured alone) replaces its own set in
// bench/results/latest.json and rewrites docs/benchmarks.md (benchmarks-doc.ts).
//   npm run bench [-- --duration 10 --participants 1000000 --only postgresql]
//   npm run bench -- --only-figure publish-receipt [--receipt-seconds 5]   (just "publish → customer receipt")
//   npm run bench -- --admin-list-only --participants 100000   (the Admin list figures alone, no build)
//   npm run bench -- --overview-only [--participants 100000]   (the overview aggregates alone, no build)
//   npm run bench -- --only-figure floor [--rounds 1 --duration 3]   (just the service against its bare floor)
//   npm run bench -- --only-figure import [--only postgresql]   (just the CSV import, no build, no HTTP load)
//   npm run bench -- --only-figure dispatch [--endpoints 50 --per-endpoint 200]   (dispatch_vs_raw and many endpoints, no build)
//   npm run bench -- --only-figure isolation [--backlog 1000]   (B's publish → receipt beside a hanging A, no build)
//   npm run bench -- --only-figure feed-isolation [--only postgresql]   (another tenant's p95 beside maximal feed reads, no build)
//   npm run bench -- --only-figure prune [--history-rows 10000000]   (REST create p95 while pruning, PostgreSQL, no build)
//   npm run bench -- --only-figure tracing [--rounds 3]   (create_vs_floor with OpenTelemetry off and on, PostgreSQL, no build)
//   npm run bench -- --only-figure admin-pages [--participants 10000 --samples 5 --bench-db NAME]   (Admin page speed, PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { createDatabase } from '@/server/platform/db/client';
import { freshPostgresDatabase, seedQuestionnaire, seedTenantQuestionnaire } from './fixtures';
import { ensureBuild, startBenchServer } from './server';
import { runLoad } from './http-load';
import { createParticipantRequest } from './requests';
import { measureDispatch, type DispatchFigures } from './dispatch';
import { measureFeedIsolation } from './feed-isolation';
import { measureIsolation, measureManyEndpoints } from './isolation';
import { measureAdminList, seedParticipants, type AdminListFigures } from './admin-list';
import { measureOverview, type OverviewFigures } from './overview';
import { measureKeyVerification, type KeyVerificationFigures } from './key-verification';
import { measurePublishReceipt, type PublishReceiptFigures } from './publish-receipt';
import { measureImport, writeImportResult, type ImportFigures } from './import';
import { measureFloor, type FloorFigures } from './floor';
import { measurePruneWhileServing, writePruneResult } from './prune';
import { measureTracingCost, recordTracingResult } from './tracing';
import { writeFloorReport, writeOverviewReport, writePublishReceiptReport, writeReport } from './report';
import { loadAverageNow, recordBenchResult } from './benchmarks-doc';
import { benchAdminPages } from './admin-pages';

/** What else ran: the load average before this run added its own. */
const loadAverageAtStart = loadAverageNow();

const options = new Command('bench')
  .option('--duration <seconds>', 'seconds per HTTP load run', (v) => Number(v), 10)
  .option(
    '--warmup <seconds>',
    'seconds of create load before measuring (half as long for health)',
    (v) => Number(v),
    12,
  )
  .option('--connections <n>', 'concurrent connections', (v) => Number(v), 32)
  .option('--participants <n>', 'participants behind the Admin list', (v) => Number(v), 1_000_000)
  // 6,000: at 1,500 a second, 2,000 deliveries were a phase of about a second, and one run's ratio swung by a
  // fifth on a 2-core machine (0.46–0.65 for the same code in one session).
  .option('--deliveries <n>', 'webhook deliveries to dispatch', (v) => Number(v), 6_000)
  .option('--import-rows <n>', 'rows of the CSV import', (v) => Number(v), 10_000)
  .option(
    '--history-rows <n>',
    'history rows behind the prune-while-serving figure',
    (v) => Number(v),
    10_000_000,
  )
  .option('--backlog <n>', 'deliveries queued for the hanging endpoint (isolation)', (v) => Number(v), 1_000)
  .option(
    '--isolation-results <n>',
    'results published for the healthy endpoint (isolation)',
    (v) => Number(v),
    40,
  )
  .option('--endpoints <n>', 'endpoints of the many-endpoints figure', (v) => Number(v), 50)
  .option('--per-endpoint <n>', 'deliveries per endpoint of the many-endpoints figure', (v) => Number(v), 200)
  .option('--only <database>', 'embedded or postgresql')
  .option(
    '--only-figure <figure>',
    'measure only this figure: publish-receipt, floor, import, prune, tracing, dispatch or isolation',
  )
  .option('--rounds <n>', 'service / floor turns for the floor figures', (v) => Number(v), 3)
  .option('--receipt-rate <n>', 'results per second for publish → receipt', (v) => Number(v), 20)
  .option('--receipt-seconds <n>', 'seconds of publishing for publish → receipt', (v) => Number(v), 30)
  .option('--port <n>', 'first of the three ports the bench servers use', (v) => Number(v), 3531)
  .option(
    '--postgres <url>',
    'PostgreSQL server for the throw-away database',
    'postgresql://postgres@127.0.0.1:5432/postgres',
  )
  .option('--dist-dir <dir>', 'build folder', '.next-perf')
  .option('--rebuild', 'build the app even when a build exists', false)
  .option('--admin-list-only', 'measure only the Admin participants list (no build, no HTTP load)', false)
  .option('--overview-only', 'measure only the overview aggregates (no build, no HTTP load)', false)
  .option('--samples <n>', 'visits per page and kind (admin-pages)', (v) => Number(v), 5)
  .option('--bench-db <name>', 'admin-pages: keep this database between runs and grow it (not dropped)')
  .option('--pages <names>', 'admin-pages: only the pages whose name contains one of these (comma-separated)')
  .parse()
  .opts<{
    duration: number;
    warmup: number;
    connections: number;
    participants: number;
    deliveries: number;
    importRows: number;
    historyRows: number;
    backlog: number;
    isolationResults: number;
    endpoints: number;
    perEndpoint: number;
    only?: string;
    onlyFigure?: string;
    rounds: number;
    receiptRate: number;
    receiptSeconds: number;
    port: number;
    postgres: string;
    distDir: string;
    rebuild: boolean;
    adminListOnly: boolean;
    overviewOnly: boolean;
    samples: number;
    benchDb?: string;
    pages?: string;
  }>();

export interface DatabaseFigures {
  database: 'embedded' | 'postgresql';
  createParticipant: {
    requestsPerSecond: number;
    latencyP50Ms: number;
    latencyP99Ms: number;
    non2xx: number;
    /** The server's CPU time per request (user + system): what bounds throughput, and steadier than req/s. */
    serverCpuUsPerRequest: number;
  };
  health: {
    requestsPerSecond: number;
    latencyP50Ms: number;
    latencyP99Ms: number;
    serverCpuUsPerRequest: number;
  };
  create_vs_health_ratio: number;
  serverPeakRssMiB: number;
  keyVerification: KeyVerificationFigures;
  dispatch: DispatchFigures;
  adminList: AdminListFigures;
  overview: OverviewFigures;
  publishReceipt: PublishReceiptFigures;
  participantImport: ImportFigures;
  floor: FloorFigures;
}

const ALONE = [
  'publish-receipt',
  'floor',
  'import',
  'prune',
  'tracing',
  'dispatch',
  'isolation',
  'feed-isolation',
  'admin-pages',
];

if (options.onlyFigure && !ALONE.includes(options.onlyFigure)) {
  console.error(
    `Unknown --only-figure ${options.onlyFigure}: the figures measured alone are ${ALONE.join(', ')}`,
  );
  process.exit(1);
}

/** Publish → customer receipt with the defaults: PostgreSQL with two instances, the embedded database with one. */
function benchPublishReceipt(
  kind: DatabaseFigures['database'],
  databaseUrl: string,
): Promise<PublishReceiptFigures> {
  console.log(
    `  ${kind}: publish → customer receipt (${options.receiptRate} results/s for ${options.receiptSeconds} s) …`,
  );
  return measurePublishReceipt({
    databaseUrl,
    ports: kind === 'postgresql' ? [options.port + 1, options.port + 2] : [options.port],
    distDir: options.distDir,
    resultsPerSecond: options.receiptRate,
    seconds: options.receiptSeconds,
  });
}

async function benchDatabase(
  kind: DatabaseFigures['database'],
  databaseUrl: string,
  port: number,
): Promise<Omit<DatabaseFigures, 'publishReceipt' | 'floor'>> {
  const seeded = await seedQuestionnaire(databaseUrl);
  const server = await startBenchServer({
    port,
    distDir: options.distDir,
    env: { DATABASE_URL: databaseUrl, WEBHOOK_SCHEDULER: 'false', DATABASE_POOL_SIZE: '10' },
  });
  let create, health;
  let createCpuUs = 0;
  let healthCpuUs = 0;
  try {
    const participantUrl = `${server.baseUrl}/questionnaire/v1/participant`;
    // Until V8 has optimised the hot paths: measured here, create costs about twice the CPU per request in
    // its first few seconds than in its steady state, which is what a burst of tens of thousands sees.
    console.log(`  warming up (${options.warmup} s) …`);
    await runLoad({
      url: participantUrl,
      connections: options.connections,
      durationSeconds: options.warmup,
      requests: [createParticipantRequest(seeded, 'WARM')],
    });
    await runLoad({
      url: `${server.baseUrl}/api/health`,
      connections: options.connections,
      durationSeconds: options.warmup / 2,
    });
    console.log('  create participant …');
    let cpuBefore = server.cpuMs();
    create = await runLoad({
      url: participantUrl,
      connections: options.connections,
      durationSeconds: options.duration,
      requests: [createParticipantRequest(seeded, 'BENCH')],
    });
    createCpuUs = ((server.cpuMs() - cpuBefore) / create.requests) * 1000;
    console.log('  health …');
    cpuBefore = server.cpuMs();
    health = await runLoad({
      url: `${server.baseUrl}/api/health`,
      connections: options.connections,
      durationSeconds: options.duration,
    });
    healthCpuUs = ((server.cpuMs() - cpuBefore) / health.requests) * 1000;
  } finally {
    await server.stop();
  }
  const serverPeakRssMiB = server.peakRssMiB();

  const database = createDatabase(databaseUrl, 10);
  try {
    console.log('  API-key verification …');
    const keyVerification = await measureKeyVerification(database.prisma, seeded.apiKey);
    console.log(`  webhook dispatch (${options.deliveries} deliveries) …`);
    const dispatch = await measureDispatch(database.prisma, seeded.questionnaireId, options.deliveries);
    console.log(`  Admin list at ${options.participants} participants (seeding) …`);
    const adminList = await measureAdminList(database.prisma, seeded.questionnaireId, options.participants);
    console.log('  overview aggregates …');
    const overview = await measureOverview(database.prisma, seeded.questionnaireId, options.participants);
    console.log(`  CSV import of ${options.importRows} rows, Admin list meanwhile …`);
    const participantImport = await measureImport(database.prisma, seeded, options.importRows);
    return {
      database: kind,
      createParticipant: {
        requestsPerSecond: create.requestsPerSecond,
        latencyP50Ms: create.latencyP50Ms,
        latencyP99Ms: create.latencyP99Ms,
        non2xx: create.non2xx,
        serverCpuUsPerRequest: Math.round(createCpuUs),
      },
      health: {
        requestsPerSecond: health.requestsPerSecond,
        latencyP50Ms: health.latencyP50Ms,
        latencyP99Ms: health.latencyP99Ms,
        serverCpuUsPerRequest: Math.round(healthCpuUs),
      },
      create_vs_health_ratio: Math.round((create.requestsPerSecond / health.requestsPerSecond) * 100) / 100,
      serverPeakRssMiB,
      keyVerification,
      dispatch,
      adminList,
      overview,
      participantImport,
    };
  } finally {
    await database.close();
  }
}

/** A throw-away database of the kind: a PostgreSQL database, or a PGlite directory. */
async function freshDatabase(kind: DatabaseFigures['database']) {
  if (kind === 'postgresql') return freshPostgresDatabase(options.postgres, 'pais_bench');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-bench-'));
  return {
    url: `pglite:${path.join(dir, 'pglite')}`,
    drop: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })),
  };
}

/** The service against the bare floor server, taking turns on one fresh database. */
async function benchFloor(kind: DatabaseFigures['database'], databaseUrl: string): Promise<FloorFigures> {
  console.log(`  ${kind}: service vs floor (${options.rounds} rounds) …`);
  const seeded = await seedQuestionnaire(databaseUrl);
  return measureFloor({
    databaseUrl,
    seeded,
    port: kind === 'postgresql' ? options.port + 1 : options.port,
    distDir: options.distDir,
    connections: options.connections,
    durationSeconds: options.duration,
    warmupSeconds: Math.max(1, Math.round(options.warmup / 4)),
    rounds: options.rounds,
  });
}

/** Everything for one database, or only one figure; each measurement gets its own fresh database. */
async function benchOn(kind: DatabaseFigures['database']): Promise<{
  figures?: Omit<DatabaseFigures, 'publishReceipt' | 'floor'>;
  publishReceipt?: PublishReceiptFigures;
  floor?: FloorFigures;
}> {
  const fresh = () => freshDatabase(kind);
  let figures: Omit<DatabaseFigures, 'publishReceipt' | 'floor'> | undefined;
  let floor: FloorFigures | undefined;
  if (!options.onlyFigure || options.onlyFigure === 'floor') {
    const database = await fresh();
    try {
      floor = await benchFloor(kind, database.url);
    } finally {
      await database.drop();
    }
    if (options.onlyFigure) return { floor };
  }
  if (!options.onlyFigure) {
    console.log(`\n== ${kind}`);
    const database = await fresh();
    try {
      figures = await benchDatabase(
        kind,
        database.url,
        kind === 'postgresql' ? options.port + 1 : options.port,
      );
    } finally {
      await database.drop();
    }
  }
  const database = await fresh();
  try {
    return { figures, floor, publishReceipt: await benchPublishReceipt(kind, database.url) };
  } finally {
    await database.drop();
  }
}

/** A fresh database of `kind` with a seeded questionnaire, open for `run`, closed and dropped after it. */
async function withSeededDatabase(
  kind: DatabaseFigures['database'],
  run: (
    database: ReturnType<typeof createDatabase>,
    seeded: Awaited<ReturnType<typeof seedQuestionnaire>>,
    url: string,
  ) => Promise<void>,
): Promise<void> {
  const fresh = await freshDatabase(kind);
  try {
    const seeded = await seedQuestionnaire(fresh.url);
    const database = createDatabase(fresh.url, 10);
    try {
      await run(database, seeded, fresh.url);
    } finally {
      await database.close();
    }
  } finally {
    await fresh.drop();
  }
}

/** The Admin list figures alone, printed as JSON (a quick check of the search indexes). */
async function benchAdminListOnly(kind: DatabaseFigures['database']): Promise<void> {
  await withSeededDatabase(kind, async (database, seeded) => {
    console.log(`== ${kind}: Admin list at ${options.participants} participants (seeding) …`);
    const figures = await measureAdminList(database.prisma, seeded.questionnaireId, options.participants);
    console.log(JSON.stringify(figures, null, 2));
    const files = recordBenchResult(`Admin list (${kind})`, { loadAverageAtStart, figures });
    console.log(`written: ${files.join(', ')}`);
  });
}

/** The CSV import alone (no build, no HTTP load), saved as bench/results/import-*.json. */
async function importOnly(kind: DatabaseFigures['database']): Promise<void> {
  await withSeededDatabase(kind, async (database, seeded) => {
    console.log(`== ${kind}: CSV import of ${options.importRows} rows, Admin list meanwhile …`);
    const figures = await measureImport(database.prisma, seeded, options.importRows);
    console.log(JSON.stringify(figures, null, 2));
    console.log(`written: ${writeImportResult(kind, figures, loadAverageAtStart).join(', ')}`);
  });
}

/** The webhook dispatch figures alone (no build, no HTTP load), printed as JSON with the load average. */
async function dispatchOnly(kind: DatabaseFigures['database']): Promise<void> {
  await withSeededDatabase(kind, async (database, seeded) => {
    console.log(`== ${kind}: webhook dispatch (${options.deliveries} deliveries) …`);
    const dispatch = await measureDispatch(database.prisma, seeded.questionnaireId, options.deliveries);
    console.log(JSON.stringify(dispatch, null, 2));
    console.log(`== ${kind}: ${options.endpoints} endpoints × ${options.perEndpoint} deliveries …`);
    const manyEndpoints = await measureManyEndpoints({
      db: database.prisma,
      tenantId: seeded.tenantId,
      endpoints: options.endpoints,
      perEndpoint: options.perEndpoint,
    });
    console.log(JSON.stringify(manyEndpoints, null, 2));
    const figures = { dispatch, manyEndpoints };
    console.log(
      `written: ${recordBenchResult(`webhook dispatch (${kind})`, { loadAverageAtStart, figures }).join(', ')}`,
    );
  });
}

/**
 * Webhook isolation (one customer's broken endpoint delays no other's results): PostgreSQL with two instances,
 * embedded with one; printed as JSON.
 */
async function isolationOnly(kind: DatabaseFigures['database']): Promise<void> {
  await withSeededDatabase(kind, async (database, seeded, url) => {
    const instances = kind === 'postgresql' ? 2 : 1;
    console.log(`== ${kind}: isolation, ${instances} instance(s), ${options.backlog} deliveries for A …`);
    const isolation = await measureIsolation({
      db: database.prisma,
      databaseUrl: url,
      tenantId: seeded.tenantId,
      instances,
      backlog: options.backlog,
      results: options.isolationResults,
      ratePerSecond: 5,
    });
    console.log(JSON.stringify(isolation, null, 2));
    const files = recordBenchResult(`webhook isolation (${kind}, ${instances} instance(s))`, {
      loadAverageAtStart,
      figures: isolation,
    });
    console.log(`written: ${files.join(', ')}`);
  });
}

/**
 * Results feed isolation (another tenant's reads beside four readers of maximal feed pages), printed as JSON.
 * On the embedded database every statement runs on the server's one thread, one at a time: there the figure
 * shows what the pages' pacing leaves the other tenant; on PostgreSQL, what their taking turns does.
 */
async function feedIsolationOnly(kind: DatabaseFigures['database']): Promise<void> {
  await withSeededDatabase(kind, async (database, seeded) => {
    console.log(`== ${kind}: another tenant's reads beside four readers of maximal feed pages …`);
    const figures = await measureFeedIsolation({
      db: database.prisma,
      reader: seeded,
      other: await seedTenantQuestionnaire(database.prisma),
    });
    console.log(JSON.stringify(figures, null, 2));
    const files = recordBenchResult(`results feed isolation (${kind})`, { loadAverageAtStart, figures });
    console.log(`written: ${files.join(', ')}`);
  });
}

/**
 * The overview aggregates alone (no build, no HTTP load), on one or both databases: printed and saved as
 * bench/results/overview-<time>.json and .md.
 */
async function overviewOnly(): Promise<void> {
  const figures: Record<string, OverviewFigures> = {};
  const measure = async (kind: string, url: string) => {
    const seeded = await seedQuestionnaire(url);
    const database = createDatabase(url, 2);
    try {
      await seedParticipants(database.prisma, seeded.questionnaireId, options.participants);
      figures[kind] = await measureOverview(database.prisma, seeded.questionnaireId, options.participants);
      console.log(kind, JSON.stringify(figures[kind]));
    } finally {
      await database.close();
    }
  };
  if (options.only !== 'postgresql') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-bench-'));
    try {
      await measure('embedded', `pglite:${path.join(dir, 'pglite')}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (options.only !== 'embedded') {
    const database = await freshPostgresDatabase(options.postgres, 'pais_bench');
    try {
      await measure('postgresql', database.url);
    } finally {
      await database.drop();
    }
  }
  console.log(`written: ${writeOverviewReport(figures, loadAverageAtStart).join(', ')}`);
}
if (options.overviewOnly) {
  await overviewOnly();
  process.exit(0);
}

const kinds = (['embedded', 'postgresql'] as const).filter((k) => !options.only || options.only === k);
if (options.onlyFigure === 'prune') {
  console.log(`== postgresql: REST create while pruning ${options.historyRows} history rows`);
  const figures = await measurePruneWhileServing({
    postgres: options.postgres,
    historyRows: options.historyRows,
    port: options.port,
    connections: Math.min(options.connections, 16),
    seconds: options.duration,
  });
  console.log(JSON.stringify(figures, null, 2));
  console.log(`written: ${writePruneResult(figures, loadAverageAtStart).join(', ')}`);
  process.exit(0);
}
if (options.onlyFigure === 'tracing') {
  console.log(`== postgresql: create_vs_floor with tracing off and on (${options.rounds} rounds)`);
  const database = await freshPostgresDatabase(options.postgres, 'pais_bench_tracing');
  try {
    const figures = await measureTracingCost({
      databaseUrl: database.url,
      port: options.port + 1,
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: Math.max(1, Math.round(options.warmup / 4)),
      rounds: options.rounds,
    });
    console.log(JSON.stringify(figures, null, 2));
    console.log(`written: ${recordTracingResult(figures, loadAverageAtStart).join(', ')}`);
  } finally {
    await database.drop();
  }
  process.exit(0);
}
if (options.onlyFigure === 'admin-pages') {
  await benchAdminPages({ ...options, loadAverageAtStart });
  process.exit(0);
}
if (options.onlyFigure === 'import') {
  for (const kind of kinds) await importOnly(kind);
  process.exit(0);
}
if (options.onlyFigure === 'isolation') {
  for (const kind of kinds) await isolationOnly(kind);
  process.exit(0);
}
if (options.onlyFigure === 'feed-isolation') {
  for (const kind of kinds) await feedIsolationOnly(kind);
  process.exit(0);
}
if (options.onlyFigure === 'dispatch') {
  for (const kind of kinds) await dispatchOnly(kind);
  process.exit(0);
}
if (options.adminListOnly) {
  for (const kind of kinds) await benchAdminListOnly(kind);
  process.exit(0);
}

await ensureBuild(options.distDir, options.rebuild);
const measured = [];
for (const kind of kinds) measured.push({ database: kind, ...(await benchOn(kind)) });
const run = { connections: options.connections, durationSeconds: options.duration };
const { markdown, files } =
  options.onlyFigure === 'floor'
    ? writeFloorReport(
        measured.map(({ database, floor }) => ({ database, floor: floor! })),
        run,
        loadAverageAtStart,
      )
    : options.onlyFigure
      ? writePublishReceiptReport(
          measured.map(({ database, publishReceipt }) => ({ database, publishReceipt: publishReceipt! })),
          loadAverageAtStart,
        )
      : writeReport(
          measured.map(({ figures, publishReceipt, floor }) => ({
            ...figures!,
            publishReceipt: publishReceipt!,
            floor: floor!,
          })),
          run,
          loadAverageAtStart,
        );
console.log(`\n${markdown}\nwritten: ${files.join(', ')}`);
