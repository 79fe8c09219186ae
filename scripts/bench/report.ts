// Turns the benchmark figures into Markdown tables (with their targets) and records them, every figure, in
// bench/results/latest.json and docs/benchmarks.md (benchmarks-doc.ts).
import { recordBenchResult } from './benchmarks-doc';
import type { DatabaseFigures } from './index';
import { OVERVIEW_TARGET_P95_MS, type OverviewFigures } from './overview';
import type { PublishReceiptFigures } from './publish-receipt';
import type { FloorFigures } from './floor';

const TARGETS = {
  createVsHealth: 0.5,
  // Webhook dispatch against a plain POST loop to the same receiver: ≥ 0.7 on either database, ≥ 0.55 at the
  // per-endpoint cap (the dispatch figure set prints both ratios).
  dispatchVsRaw: 0.7,
  listP95Ms: 100,
  receiptP95Ms: 250,
  importSeconds: 20,
  // The REST create's targets: PostgreSQL ≥ 0.8 of the floor with p99 ≤ 50 ms and ≤ 1 ms of CPU per creation;
  // embedded ≥ 0.65.
  createVsFloor: { postgresql: 0.8, embedded: 0.65 },
  createP99Ms: 50,
  createCpuUs: 1_000,
};
const mark = (ok: boolean) => (ok ? '✅' : '❌');

function renderMarkdown(results: DatabaseFigures[]): string {
  const columns = results.map((r) => r.database);
  const row = (label: string, cell: (r: DatabaseFigures) => string) =>
    `| ${label} | ${results.map(cell).join(' | ')} |`;
  return [
    `| figure | ${columns.join(' | ')} |`,
    `| --- | ${columns.map(() => '---').join(' | ')} |`,
    row(
      'create participant: req/s, p50 / p99 ms',
      (r) =>
        `${r.createParticipant.requestsPerSecond} req/s, ${r.createParticipant.latencyP50Ms} / ${r.createParticipant.latencyP99Ms} ms`,
    ),
    row(
      'GET /api/health: req/s, p50 / p99 ms',
      (r) => `${r.health.requestsPerSecond} req/s, ${r.health.latencyP50Ms} / ${r.health.latencyP99Ms} ms`,
    ),
    row(
      `create_vs_health_ratio (target ≥ ${TARGETS.createVsHealth})`,
      (r) => `${r.create_vs_health_ratio} ${mark(r.create_vs_health_ratio >= TARGETS.createVsHealth)}`,
    ),
    row(
      'server CPU per request: create / health',
      (r) => `${r.createParticipant.serverCpuUsPerRequest} µs / ${r.health.serverCpuUsPerRequest} µs`,
    ),
    row(
      'API-key verification, uncached / cached',
      (r) => `${r.keyVerification.uncachedMicroseconds} µs / ${r.keyVerification.cachedMicroseconds} µs`,
    ),
    row(
      'webhook dispatch vs raw POST loop',
      (r) => `${r.dispatch.dispatchPerSecond} / ${r.dispatch.rawPostPerSecond} per s`,
    ),
    row(
      `dispatch_vs_raw_ratio (target ≥ ${TARGETS.dispatchVsRaw})`,
      (r) =>
        `${r.dispatch.dispatch_vs_raw_ratio} ${mark(r.dispatch.dispatch_vs_raw_ratio >= TARGETS.dispatchVsRaw)}`,
    ),
    row(
      'Admin list, first page p50 / p95',
      (r) =>
        `${r.adminList.firstPage.p50} / ${r.adminList.firstPage.p95} ms ${mark(r.adminList.firstPage.p95 <= TARGETS.listP95Ms)}`,
    ),
    row(
      'Admin list, page half-way down p50 / p95',
      (r) =>
        `${r.adminList.deepPage.p50} / ${r.adminList.deepPage.p95} ms ${mark(r.adminList.deepPage.p95 <= TARGETS.listP95Ms)}`,
    ),
    row(
      'Admin list, search p50 / p95',
      (r) =>
        `${r.adminList.search.p50} / ${r.adminList.search.p95} ms ${mark(r.adminList.search.p95 <= TARGETS.listP95Ms)}`,
    ),
    ...(
      [
        ['searchInside', 'Admin list, search inside a field p50 / p95'],
        ['searchInsideCommon', 'Admin list, search inside every row p50 / p95'],
        ['searchPhoneDigits', 'Admin list, phone digits p50 / p95'],
      ] as const
    ).map(([key, label]) =>
      row(label, (r) => {
        const figure = r.adminList[key];
        return figure ? `${figure.p50} / ${figure.p95} ms ${mark(figure.p95 <= TARGETS.listP95Ms)}` : '—';
      }),
    ),
    row('participants behind the list', (r) => String(r.adminList.participants)),
    row(
      'overview aggregates p50 / p95 (target ≤ 200 ms)',
      (r) => `${r.overview.p50} / ${r.overview.p95} ms ${mark(r.overview.p95 <= OVERVIEW_TARGET_P95_MS)}`,
    ),
    row(
      `CSV import: rows, seconds (target ≤ ${TARGETS.importSeconds} s for 10,000 on PostgreSQL), rows/s`,
      (r) =>
        `${r.participantImport.rows} rows, ${r.participantImport.seconds} s ${r.database === 'postgresql' ? mark(r.participantImport.seconds <= TARGETS.importSeconds) : ''}, ${r.participantImport.rowsPerSecond}/s`,
    ),
    row(
      'Admin list first page p50 / p95 during the import',
      (r) =>
        `${r.participantImport.listDuringImport.p50} / ${r.participantImport.listDuringImport.p95} ms ${mark(r.participantImport.listDuringImport.p95 <= TARGETS.listP95Ms)}`,
    ),
    ...floorRows(results),
    row(publishReceiptLabel, (r) => publishReceiptCell(r.publishReceipt)),
    row('server peak resident memory', (r) => `${r.serverPeakRssMiB} MiB`),
  ].join('\n');
}

/** The service against the bare floor server (scripts/bench/floor.ts). */
function floorRows(results: { database: string; floor: FloorFigures }[]): string[] {
  const row = (label: string, cell: (f: FloorFigures, database: string) => string) =>
    `| ${label} | ${results.map((r) => cell(r.floor, r.database)).join(' | ')} |`;
  // PostgreSQL's own CPU only where it runs beside the server (the embedded database is in the server's).
  const cell = (e: FloorFigures['create']['service'], database: string) =>
    `${e.requestsPerSecond} req/s, p99 ${e.latencyP99Ms} ms, ${e.serverCpuUsPerRequest} µs CPU` +
    (database === 'postgresql' ? ` (+ ${e.databaseCpuUsPerRequest} µs PostgreSQL)` : '');
  const target = (database: string) =>
    TARGETS.createVsFloor[database as keyof typeof TARGETS.createVsFloor] ?? TARGETS.createVsFloor.postgresql;
  return [
    row('create: service (req/s, p99, server CPU per request)', (f, d) => cell(f.create.service, d)),
    row('create: bare floor server, same statement and pool', (f, d) => cell(f.create.floor, d)),
    row(
      `create_vs_floor_ratio (target ≥ ${TARGETS.createVsFloor.postgresql} PostgreSQL, ≥ ${TARGETS.createVsFloor.embedded} embedded)`,
      (f, database) => `${f.create_vs_floor_ratio} ${mark(f.create_vs_floor_ratio >= target(database))}`,
    ),
    row(
      `create p99 ≤ ${TARGETS.createP99Ms} ms and CPU ≤ ${TARGETS.createCpuUs} µs (PostgreSQL target)`,
      (f, database) =>
        database === 'postgresql'
          ? mark(
              f.create.service.latencyP99Ms <= TARGETS.createP99Ms &&
                f.create.service.serverCpuUsPerRequest <= TARGETS.createCpuUs,
            )
          : '(no target)',
    ),
    row('outcome update: service', (f, d) => cell(f.outcome.service, d)),
    row('outcome update: bare floor server', (f, d) => cell(f.outcome.floor, d)),
    row('outcome_vs_floor_ratio', (f) => String(f.outcome_vs_floor_ratio)),
  ];
}

/** `--only-figure floor`: its own set beside the last full run's. */
export function writeFloorReport(
  results: { database: string; floor: FloorFigures }[],
  run: { connections: number; durationSeconds: number },
  loadAverageAtStart: number[],
): { markdown: string; files: string[] } {
  const markdown = [
    `| figure | ${results.map((r) => r.database).join(' | ')} |`,
    `| --- | ${results.map(() => '---').join(' | ')} |`,
    ...floorRows(results),
  ].join('\n');
  const files = recordBenchResult('floor', {
    loadAverageAtStart,
    run,
    figures: results.map(({ database, floor }) => ({ database, ...floor })),
    markdown,
  });
  return { markdown, files };
}

const publishReceiptLabel = `publish → customer receipt, p50 / p95 / p99 (target p95 ≤ ${TARGETS.receiptP95Ms} ms)`;

function publishReceiptCell(f: PublishReceiptFigures): string {
  const where = `${f.instances} instance${f.instances === 1 ? '' : 's'}, ${f.resultsPerSecond}/s for ${f.seconds} s`;
  const lost = f.received < f.published ? `, ${f.published - f.received} not received` : '';
  const twice = f.duplicates ? `, ${f.duplicates} received twice` : '';
  return `${f.p50Ms} / ${f.p95Ms} / ${f.p99Ms} ms ${mark(f.p95Ms <= TARGETS.receiptP95Ms && !lost && !twice)} (${where}${lost}${twice})`;
}

/** `--only-figure publish-receipt`: its own set beside the last full run's. */
export function writePublishReceiptReport(
  results: { database: string; publishReceipt: PublishReceiptFigures }[],
  loadAverageAtStart: number[],
): { markdown: string; files: string[] } {
  const markdown = [
    `| figure | ${results.map((r) => r.database).join(' | ')} |`,
    `| --- | ${results.map(() => '---').join(' | ')} |`,
    `| ${publishReceiptLabel} | ${results.map((r) => publishReceiptCell(r.publishReceipt)).join(' | ')} |`,
  ].join('\n');
  const files = recordBenchResult('publish-receipt', {
    loadAverageAtStart,
    figures: results.map(({ database, publishReceipt }) => ({ database, ...publishReceipt })),
    markdown,
  });
  return { markdown, files };
}

/** The full run: every figure of both databases, the table with its targets on top. */
export function writeReport(
  results: DatabaseFigures[],
  run: { connections: number; durationSeconds: number },
  loadAverageAtStart: number[],
): { markdown: string; files: string[] } {
  const markdown = renderMarkdown(results);
  return {
    markdown,
    files: recordBenchResult('full run', { loadAverageAtStart, run, figures: results, markdown }),
  };
}

/** `npm run bench -- --overview-only`: the overview aggregates per database, as JSON and Markdown. */
export function writeOverviewReport(
  figures: Record<string, OverviewFigures>,
  loadAverageAtStart: number[],
): string[] {
  const lines = [
    '| database | participants | results | deliveries | p50 / p95 (target ≤ 200 ms) |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(figures).map(
      ([kind, f]) =>
        `| ${kind} | ${f.participants} | ${f.results} | ${f.deliveries} | ${f.p50} / ${f.p95} ms ${mark(f.p95 <= OVERVIEW_TARGET_P95_MS)} |`,
    ),
  ];
  return recordBenchResult('overview', {
    loadAverageAtStart,
    figures: Object.entries(figures).map(([database, f]) => ({ database, ...f })),
    markdown: lines.join('\n'),
  });
}
