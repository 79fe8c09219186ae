// What tracing costs: the floor figure (floor.ts: the service against its bare floor, taking turns) with
// OpenTelemetry off and on, alternating round by round on one database. With tracing on, spans are exported
// over OTLP/HTTP to a receiver on 127.0.0.1 started here (it answers 200 and counts what arrives, as a
// collector would take it). The service is the REST door as `npm start` serves it (scripts/bench/rest-server.ts:
// the same fast door and REST core, without Next.js, so no production build is needed).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordBenchResult } from './benchmarks-doc';
import { seedQuestionnaire } from './fixtures';
import { measureFloor, type FloorFigures } from './floor';
import { startBenchServer } from './server';

export interface TracingFigures {
  rounds: number;
  off: {
    create_vs_floor_ratio: number;
    createPerSecond: number;
    createCpuUs: number;
    outcome_vs_floor_ratio: number;
  };
  on: TracingFigures['off'] & { spansExported: number; exportRequests: number };
}

/** An OTLP/HTTP traces receiver on 127.0.0.1: 200 to every POST, counting the spans of each JSON body. */
async function startOtlpReceiver() {
  let spans = 0;
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests++;
      spans += (
        Buffer.concat(chunks)
          .toString()
          .match(/"spanId"/g) ?? []
      ).length;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: () => ({ spans, requests }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const mean = (values: number[]) =>
  Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;

function summarise(runs: FloorFigures[]): TracingFigures['off'] {
  return {
    create_vs_floor_ratio: mean(runs.map((r) => r.create_vs_floor_ratio)),
    createPerSecond: Math.round(mean(runs.map((r) => r.create.service.requestsPerSecond))),
    createCpuUs: Math.round(mean(runs.map((r) => r.create.service.serverCpuUsPerRequest))),
    outcome_vs_floor_ratio: mean(runs.map((r) => r.outcome_vs_floor_ratio)),
  };
}

export async function measureTracingCost(options: {
  databaseUrl: string;
  port: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
}): Promise<TracingFigures> {
  const receiver = await startOtlpReceiver();
  const runs: Record<'off' | 'on', FloorFigures[]> = { off: [], on: [] };
  try {
    for (let round = 0; round < options.rounds; round++) {
      for (const mode of ['off', 'on'] as const) {
        const tracingEnv: Record<string, string> =
          mode === 'on' ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'pais-bench' } : {};
        const figures = await measureFloor({
          ...options,
          // A questionnaire of its own per run: the floor figure's IRNs (OUTCOME-n, SERVICE-0-BENCH-n) repeat.
          seeded: await seedQuestionnaire(options.databaseUrl),
          distDir: '',
          rounds: 1,
          startService: (port) =>
            startBenchServer({
              port,
              distDir: '',
              script: 'scripts/bench/rest-server.ts',
              env: {
                DATABASE_URL: options.databaseUrl,
                DATABASE_POOL_SIZE: '10',
                LOG_LEVEL: 'warn',
                ...tracingEnv,
              },
            }),
        });
        console.log(
          `    round ${round + 1} tracing ${mode}: create_vs_floor ${figures.create_vs_floor_ratio}`,
        );
        runs[mode].push(figures);
      }
    }
  } finally {
    await receiver.close();
  }
  const { spans, requests } = receiver.counts();
  return {
    rounds: options.rounds,
    off: summarise(runs.off),
    on: { ...summarise(runs.on), spansExported: spans, exportRequests: requests },
  };
}

/** Records the figures as the set "tracing cost (postgresql)" (bench/results/latest.json, docs/benchmarks.md). */
export function recordTracingResult(figures: TracingFigures, loadAverageAtStart: number[]): string[] {
  return recordBenchResult('tracing cost (postgresql)', { loadAverageAtStart, figures });
}
