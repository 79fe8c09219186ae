// `npm run bench`: the hot paths' figures against what the stack itself allows, on the embedded database
// and on PostgreSQL, from a production build. Writes JSON and a Markdown table to bench/results/ and the
// latest table into the README.
//   npm run bench [-- --duration 10 --participants 1000000 --only postgresql]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { createDatabase } from '@/server/db/client';
import { freshPostgresDatabase, seedQuestionnaire } from './fixtures';
import { ensureBuild, startBenchServer } from './server';
import { runLoad } from './http-load';
import { createParticipantRequest } from './requests';
import { measureDispatch, type DispatchFigures } from './dispatch';
import { measureAdminList, type AdminListFigures } from './admin-list';
import { measureKeyVerification, type KeyVerificationFigures } from './key-verification';
import { writeReport } from './report';

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
  .option('--deliveries <n>', 'webhook deliveries to dispatch', (v) => Number(v), 2_000)
  .option('--only <database>', 'embedded or postgresql')
  .option(
    '--postgres <url>',
    'PostgreSQL server for the throw-away database',
    'postgresql://postgres@127.0.0.1:5432/postgres',
  )
  .option('--dist-dir <dir>', 'build folder', '.next-perf')
  .option('--rebuild', 'build the app even when a build exists', false)
  .parse()
  .opts<{
    duration: number;
    warmup: number;
    connections: number;
    participants: number;
    deliveries: number;
    only?: string;
    postgres: string;
    distDir: string;
    rebuild: boolean;
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
}

async function benchDatabase(
  kind: DatabaseFigures['database'],
  databaseUrl: string,
  port: number,
): Promise<DatabaseFigures> {
  console.log(`\n== ${kind}`);
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
    };
  } finally {
    await database.close();
  }
}

await ensureBuild(options.distDir, options.rebuild);
const results: DatabaseFigures[] = [];
if (options.only !== 'postgresql') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-bench-'));
  try {
    results.push(await benchDatabase('embedded', `pglite:${path.join(dir, 'pglite')}`, 3531));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (options.only !== 'embedded') {
  const database = await freshPostgresDatabase(options.postgres, 'pais_bench');
  try {
    results.push(await benchDatabase('postgresql', database.url, 3532));
  } finally {
    await database.drop();
  }
}
const { markdown, files } = writeReport(results, {
  connections: options.connections,
  durationSeconds: options.duration,
});
console.log(`\n${markdown}\nwritten: ${files.join(', ')}`);
