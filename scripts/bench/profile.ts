// `npm run bench:profile`: where a production server spends its CPU under the create-participant load. Starts
// the server from the benchmark build with --cpu-prof on a throw-away PostgreSQL database, drives it with the
// same load as `npm run bench`, stops it and prints the functions with the most self time.
//   npm run bench:profile [-- --duration 10 --route health --database embedded --door-only]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { freshPostgresDatabase, seedQuestionnaire } from './fixtures';
import { ensureBuild, startBenchServer } from './server';
import { runLoad } from './http-load';
import { createParticipantRequest } from './requests';
import { summariseCpuProfile, type CpuProfile } from './cpu-profile';

const options = new Command('bench:profile')
  .option('--duration <seconds>', 'seconds of load', (v) => Number(v), 10)
  .option('--connections <n>', 'concurrent connections', (v) => Number(v), 32)
  .option('--route <route>', 'create or health', 'create')
  .option('--database <kind>', 'postgresql or embedded', 'postgresql')
  .option('--top <n>', 'functions to list', (v) => Number(v), 40)
  .option(
    '--postgres <url>',
    'PostgreSQL server for the throw-away database',
    'postgresql://postgres@127.0.0.1:5432/postgres',
  )
  .option('--dist-dir <dir>', 'build folder', '.next-perf')
  .option('--door-only', 'serve the REST door alone (scripts/bench/rest-server.ts): no build needed')
  .option('--no-profile', 'only the CPU per request, without the cost of the profiler')
  .option('--save <file>', 'keep the .cpuprofile (opens in Chrome DevTools or speedscope)')
  .parse()
  .opts<{
    duration: number;
    connections: number;
    route: string;
    database: string;
    top: number;
    postgres: string;
    distDir: string;
    doorOnly?: boolean;
    profile: boolean;
    save?: string;
  }>();

if (!options.doorOnly) await ensureBuild(options.distDir);
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-profile-'));
const database =
  options.database === 'embedded'
    ? { url: `pglite:${path.join(profileDir, 'pglite')}`, drop: () => Promise.resolve() }
    : await freshPostgresDatabase(options.postgres, 'pais_profile');
try {
  const seeded = await seedQuestionnaire(database.url);
  const server = await startBenchServer({
    port: 3533,
    distDir: options.distDir,
    env: {
      DATABASE_URL: database.url,
      WEBHOOK_SCHEDULER: 'false',
      DATABASE_POOL_SIZE: '10',
    },
    nodeArgs: options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    script: options.doorOnly ? 'scripts/bench/rest-server.ts' : undefined,
  });
  let measuredFromUs = 0;
  try {
    // Start-up and the first requests (module loading, V8 optimising the hot path) are not what a running
    // server spends: a warm-up load first, and the profile read from the measured load on.
    await runLoad({
      url: `${server.baseUrl}/questionnaire/v1/participant`,
      connections: options.connections,
      durationSeconds: 3,
      requests: [createParticipantRequest(seeded, 'WARM')],
    });
    measuredFromUs = Number(process.hrtime.bigint() / 1000n);
    const cpuBefore = server.cpuMs();
    const figures =
      options.route === 'health'
        ? await runLoad({
            url: `${server.baseUrl}/api/health`,
            connections: options.connections,
            durationSeconds: options.duration,
          })
        : await runLoad({
            url: `${server.baseUrl}/questionnaire/v1/participant`,
            connections: options.connections,
            durationSeconds: options.duration,
            requests: [createParticipantRequest(seeded, 'PROFILE')],
          });
    const cpuMs = server.cpuMs() - cpuBefore;
    console.log(figures);
    // CPU time is what bounds throughput on 2 cores, and unlike req/s it hardly moves when the machine is busy.
    console.log(
      `server CPU per request: ${((cpuMs / figures.requests) * 1000).toFixed(0)} µs${options.profile ? ' (profiler on)' : ''}`,
    );
  } finally {
    await server.stop();
  }
  for (const file of fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
    const summary = summariseCpuProfile(profile, 60, measuredFromUs);
    // A helper thread (tsx's loader) or process is mostly idle; the server's main thread is the busy one.
    if (summary.totalMs < 1_000 || summary.idlePercent > 80) continue;
    if (options.save) fs.copyFileSync(path.join(profileDir, file), options.save);
    console.log(`\n${file}: ${Math.round(summary.totalMs)} ms sampled, ${summary.idlePercent}% idle`);
    console.log('self ms  self %  function  (file:line)');
    for (const row of summary.top.slice(0, options.top)) {
      console.log(
        `${String(row.selfMs).padStart(7)}  ${String(row.percent).padStart(5)}  ${row.name}  (${row.where})`,
      );
    }
    console.log('\nby package / folder:');
    for (const row of summary.byPackage.slice(0, 20)) {
      console.log(`${String(row.selfMs).padStart(7)}  ${String(row.percent).padStart(5)}  ${row.name}`);
    }
  }
} finally {
  fs.rmSync(profileDir, { recursive: true, force: true });
  await database.drop();
}
