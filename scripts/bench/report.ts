// Turns the benchmark figures into a Markdown table, saves JSON and Markdown in bench/results/ and puts the
// table into the README between its bench markers.
import fs from 'node:fs';
import os from 'node:os';
import type { DatabaseFigures } from './index';
import { OVERVIEW_TARGET_P95_MS, type OverviewFigures } from './overview';
import type { PublishReceiptFigures } from './publish-receipt';
import type { FloorFigures } from './floor';

const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';

const TARGETS = {
  createVsHealth: 0.5,
  dispatchVsRaw: 0.5,
  listP95Ms: 100,
  receiptP95Ms: 250,
  importSeconds: 20,
  // Issue 15: PostgreSQL ≥ 0.6 of the floor with p99 ≤ 50 ms and ≤ 1 ms of CPU per creation; embedded ≥ 0.5.
  createVsFloor: { postgresql: 0.6, embedded: 0.5 },
  createP99Ms: 50,
  createCpuUs: 1_000,
};
const mark = (ok: boolean) => (ok ? '✅' : '❌');

export function renderMarkdown(
  results: DatabaseFigures[],
  run: { connections: number; durationSeconds: number },
): string {
  const columns = results.map((r) => r.database);
  const row = (label: string, cell: (r: DatabaseFigures) => string) =>
    `| ${label} | ${results.map(cell).join(' | ')} |`;
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node.js ${process.version}, concurrency ${run.connections}, ${run.durationSeconds} s per run.`,
    '',
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

/** `--only-figure floor`: its own files; the README keeps the last full run's table. */
export function writeFloorReport(
  results: { database: string; floor: FloorFigures }[],
  run: { connections: number; durationSeconds: number },
): { markdown: string; files: string[] } {
  const markdown = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node.js ${process.version}, concurrency ${run.connections}, ${run.durationSeconds} s per run, ${results[0]?.floor.rounds ?? 0} rounds alternating service and floor.`,
    '',
    `| figure | ${results.map((r) => r.database).join(' | ')} |`,
    `| --- | ${results.map(() => '---').join(' | ')} |`,
    ...floorRows(results),
  ].join('\n');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.mkdirSync('bench/results', { recursive: true });
  const files = [`bench/results/floor-${stamp}.json`, `bench/results/floor-${stamp}.md`];
  fs.writeFileSync(files[0]!, `${JSON.stringify({ at: new Date().toISOString(), run, results }, null, 2)}\n`);
  fs.writeFileSync(files[1]!, `${markdown}\n`);
  return { markdown, files };
}

const publishReceiptLabel = `publish → customer receipt, p50 / p95 / p99 (target p95 ≤ ${TARGETS.receiptP95Ms} ms)`;

function publishReceiptCell(f: PublishReceiptFigures): string {
  const where = `${f.instances} instance${f.instances === 1 ? '' : 's'}, ${f.resultsPerSecond}/s for ${f.seconds} s`;
  const lost = f.received < f.published ? `, ${f.published - f.received} not received` : '';
  const twice = f.duplicates ? `, ${f.duplicates} received twice` : '';
  return `${f.p50Ms} / ${f.p95Ms} / ${f.p99Ms} ms ${mark(f.p95Ms <= TARGETS.receiptP95Ms && !lost && !twice)} (${where}${lost}${twice})`;
}

/** `--only-figure publish-receipt`: its own files; the README keeps the last full run's table. */
export function writePublishReceiptReport(
  results: { database: string; publishReceipt: PublishReceiptFigures }[],
): { markdown: string; files: string[] } {
  const markdown = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node.js ${process.version}.`,
    '',
    `| figure | ${results.map((r) => r.database).join(' | ')} |`,
    `| --- | ${results.map(() => '---').join(' | ')} |`,
    `| ${publishReceiptLabel} | ${results.map((r) => publishReceiptCell(r.publishReceipt)).join(' | ')} |`,
  ].join('\n');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.mkdirSync('bench/results', { recursive: true });
  const files = [`bench/results/publish-receipt-${stamp}.json`, `bench/results/publish-receipt-${stamp}.md`];
  fs.writeFileSync(files[0]!, `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
  fs.writeFileSync(files[1]!, `${markdown}\n`);
  return { markdown, files };
}

export function writeReport(
  results: DatabaseFigures[],
  run: { connections: number; durationSeconds: number },
): { markdown: string; files: string[] } {
  const markdown = renderMarkdown(results, run);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.mkdirSync('bench/results', { recursive: true });
  const files = [
    `bench/results/bench-${stamp}.json`,
    `bench/results/bench-${stamp}.md`,
    'bench/results/latest.md',
  ];
  fs.writeFileSync(files[0]!, `${JSON.stringify({ at: new Date().toISOString(), run, results }, null, 2)}\n`);
  fs.writeFileSync(files[1]!, `${markdown}\n`);
  fs.writeFileSync(files[2]!, `${markdown}\n`);
  const readme = fs.readFileSync('README.md', 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start >= 0 && end > start) {
    fs.writeFileSync(
      'README.md',
      `${readme.slice(0, start + README_START.length)}\n${markdown}\n${readme.slice(end)}`,
    );
    files.push('README.md');
  }
  return { markdown, files };
}

/** `npm run bench -- --overview-only`: the overview aggregates per database, as JSON and Markdown. */
export function writeOverviewReport(figures: Record<string, OverviewFigures>): string[] {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const lines = [
    `Overview aggregates, measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node.js ${process.version}.`,
    '',
    '| database | participants | results | deliveries | p50 / p95 (target ≤ 200 ms) |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(figures).map(
      ([kind, f]) =>
        `| ${kind} | ${f.participants} | ${f.results} | ${f.deliveries} | ${f.p50} / ${f.p95} ms ${mark(f.p95 <= OVERVIEW_TARGET_P95_MS)} |`,
    ),
  ];
  fs.mkdirSync('bench/results', { recursive: true });
  const files = [`bench/results/overview-${stamp}.json`, `bench/results/overview-${stamp}.md`];
  fs.writeFileSync(files[0]!, `${JSON.stringify({ at: new Date().toISOString(), figures }, null, 2)}\n`);
  fs.writeFileSync(files[1]!, `${lines.join('\n')}\n`);
  return files;
}
