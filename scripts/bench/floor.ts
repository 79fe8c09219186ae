// The service against its floor: the real endpoints and the bare floor server (floor-server.ts) take turns,
// round after round, under the same load at the same concurrency on the same database, so a busy moment of
// the machine hits both alike. Reports requests per second, p99 and server CPU per request of each, and the
// ratios create_vs_floor_ratio and outcome_vs_floor_ratio (service req/s ÷ floor req/s).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Request as AutocannonRequest } from 'autocannon';
import { createDatabase } from '@/server/platform/db/client';
import { createParticipant } from '@/server/participants/participants';
import type { SeededQuestionnaire } from './fixtures';
import { runLoad, type LoadFigures } from './http-load';
import { createParticipantRequest } from './requests';
import { postgresCpuMs, processCpuMs, startBenchServer, waitForHealth, type BenchServer } from './server';

interface EndpointFigures {
  requestsPerSecond: number;
  latencyP99Ms: number;
  serverCpuUsPerRequest: number;
  /** CPU time of the PostgreSQL processes per request (0 on the embedded database, which runs in the server). */
  databaseCpuUsPerRequest: number;
  non2xx: number;
}

export interface FloorFigures {
  rounds: number;
  create: { service: EndpointFigures; floor: EndpointFigures };
  outcome: { service: EndpointFigures; floor: EndpointFigures };
  create_vs_floor_ratio: number;
  outcome_vs_floor_ratio: number;
}

export interface FloorOptions {
  databaseUrl: string;
  seeded: SeededQuestionnaire;
  port: number;
  distDir: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  /** Starts the service the way `npm start` does (the default) instead of `next start`. */
  startService?: (port: number) => Promise<BenchServer>;
}

const OUTCOME_PARTICIPANTS = 200;
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

/** Participants whose outcome the outcome load updates (round robin), created before any server opens the database. */
async function seedOutcomeParticipants(databaseUrl: string, seeded: SeededQuestionnaire): Promise<string[]> {
  const database = createDatabase(databaseUrl, 2);
  try {
    const ids: string[] = [];
    const scope = { tenantId: seeded.tenantId, questionnaireId: seeded.questionnaireId };
    for (let i = 0; i < OUTCOME_PARTICIPANTS; i++) {
      const view = await createParticipant(
        database.prisma,
        scope,
        { projectId: seeded.questionnaireId, irn: `OUTCOME-${i}` },
        { actor: { type: 'system' } },
      );
      ids.push(view.participant.id);
    }
    return ids;
  } finally {
    await database.close();
  }
}

function outcomeRequest(seeded: SeededQuestionnaire, participantIds: string[]): AutocannonRequest {
  let serial = 0;
  return {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: seeded.apiKey },
    setupRequest: (request) => ({
      ...request,
      path: `/questionnaire/v1/participant/${participantIds[serial++ % participantIds.length]}`,
      body: JSON.stringify({ outcome: `DONE-${serial % 7}` }),
    }),
  };
}

async function startFloorServer(options: FloorOptions): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', tsxLoader, 'scripts/bench/floor-server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      FLOOR_DATABASE_URL: options.databaseUrl,
      FLOOR_PORT: String(options.port),
      FLOOR_POOL_SIZE: '10',
      FLOOR_TENANT_ID: options.seeded.tenantId,
      FLOOR_QUESTIONNAIRE_ID: options.seeded.questionnaireId,
      FLOOR_API_KEY: options.seeded.apiKey,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await waitForHealth(baseUrl, child, 60_000, '/health');
  return {
    baseUrl,
    pid: child.pid!,
    cpuMs: () => processCpuMs(child.pid!),
    peakRssMiB: () => 0,
    kill: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

interface Totals {
  requests: number;
  seconds: number;
  cpuMs: number;
  databaseCpuMs: number;
  p99: number[];
  non2xx: number;
}
const emptyTotals = (): Totals => ({
  requests: 0,
  seconds: 0,
  cpuMs: 0,
  databaseCpuMs: 0,
  p99: [],
  non2xx: 0,
});

async function measure(
  server: BenchServer,
  totals: Totals,
  load: { path: string; request: AutocannonRequest; connections: number; seconds: number },
): Promise<LoadFigures> {
  const cpuBefore = server.cpuMs();
  const databaseCpuBefore = postgresCpuMs();
  const figures = await runLoad({
    url: `${server.baseUrl}${load.path}`,
    connections: load.connections,
    durationSeconds: load.seconds,
    requests: [load.request],
  });
  totals.cpuMs += server.cpuMs() - cpuBefore;
  totals.databaseCpuMs += postgresCpuMs() - databaseCpuBefore;
  totals.requests += figures.requests;
  totals.seconds += load.seconds;
  totals.p99.push(figures.latencyP99Ms);
  totals.non2xx += figures.non2xx;
  return figures;
}

const summarise = (t: Totals): EndpointFigures => ({
  requestsPerSecond: Math.round(t.requests / t.seconds),
  latencyP99Ms: Math.max(...t.p99),
  serverCpuUsPerRequest: Math.round((t.cpuMs / Math.max(1, t.requests)) * 1000),
  databaseCpuUsPerRequest: Math.round((t.databaseCpuMs / Math.max(1, t.requests)) * 1000),
  non2xx: t.non2xx,
});

/** Service ÷ floor; 0 when the floor answered nothing (a broken run must not pass a target). */
const ratio = (service: EndpointFigures, floor: EndpointFigures) =>
  floor.requestsPerSecond > 0
    ? Math.round((service.requestsPerSecond / floor.requestsPerSecond) * 100) / 100
    : 0;

export async function measureFloor(options: FloorOptions): Promise<FloorFigures> {
  const participantIds = await seedOutcomeParticipants(options.databaseUrl, options.seeded);
  const totals = {
    service: { create: emptyTotals(), outcome: emptyTotals() },
    floor: { create: emptyTotals(), outcome: emptyTotals() },
  };
  const startService =
    options.startService ??
    ((port: number) =>
      startBenchServer({
        port,
        distDir: options.distDir,
        env: { DATABASE_URL: options.databaseUrl, WEBHOOK_SCHEDULER: 'false', DATABASE_POOL_SIZE: '10' },
      }));
  for (let round = 0; round < options.rounds; round++) {
    // One server at a time: the embedded database can be open in one process only.
    for (const side of ['service', 'floor'] as const) {
      const server = side === 'service' ? await startService(options.port) : await startFloorServer(options);
      try {
        const create = (prefix: string) => ({
          path: '/questionnaire/v1/participant',
          request: createParticipantRequest(options.seeded, `${side.toUpperCase()}-${round}-${prefix}`),
          connections: options.connections,
        });
        const outcome = {
          path: '/questionnaire/v1/participant',
          request: outcomeRequest(options.seeded, participantIds),
          connections: options.connections,
        };
        // Both sides get the same warm-up, so V8 has optimised the hot paths of each before measuring.
        await runLoad({
          url: `${server.baseUrl}/questionnaire/v1/participant`,
          connections: options.connections,
          durationSeconds: options.warmupSeconds,
          requests: [createParticipantRequest(options.seeded, `${side.toUpperCase()}-${round}-WARM`)],
        });
        const c = await measure(server, totals[side].create, {
          ...create('BENCH'),
          seconds: options.durationSeconds,
        });
        const o = await measure(server, totals[side].outcome, {
          ...outcome,
          seconds: options.durationSeconds,
        });
        console.log(
          `    round ${round + 1} ${side}: create ${c.requestsPerSecond} req/s (p99 ${c.latencyP99Ms} ms), outcome ${o.requestsPerSecond} req/s (p99 ${o.latencyP99Ms} ms)`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  const create = { service: summarise(totals.service.create), floor: summarise(totals.floor.create) };
  const outcome = { service: summarise(totals.service.outcome), floor: summarise(totals.floor.outcome) };
  return {
    rounds: options.rounds,
    create,
    outcome,
    create_vs_floor_ratio: ratio(create.service, create.floor),
    outcome_vs_floor_ratio: ratio(outcome.service, outcome.floor),
  };
}
