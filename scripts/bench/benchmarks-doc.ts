// The one place bench results go: `bench/results/latest.json` keeps the latest result of
// every figure set (a full run, or one measured alone: floor, publish-receipt, import, prune, overview, and
// any set added later), each with its date, the machine (cores, memory, CPU), the Node.js version and what
// else ran (load average at start and end); `docs/benchmarks.md` is written from it after every run. A new
// run of a set replaces that set only, so git keeps the latest result per figure and nothing else.
// Generic over the figures: whatever JSON a set records is listed leaf by leaf, so a figure added to a
// bench's result object lands in the document without touching this file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LATEST_RESULTS = 'bench/results/latest.json';
const BENCHMARKS_DOC = 'docs/benchmarks.md';

interface Machine {
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  platform: string;
}

export interface RecordedSet {
  /** When the set's run ended (ISO 8601). */
  at: string;
  /** The command that measured it, to repeat it. */
  command: string;
  machine: Machine;
  /** 1, 5 and 15 minute load averages when the run started and ended: what else ran meanwhile. */
  loadAverage: { start: number[]; end: number[] };
  /** The run's settings (connections, seconds, participants …). */
  run?: Record<string, unknown>;
  /** Any JSON: a list of objects with `database` becomes one column per database. */
  figures: unknown;
  /** A table the bench renders itself (targets, ✅/❌), shown above the full list of figures. */
  markdown?: string;
}

export type LatestResults = Record<string, RecordedSet>;

function thisMachine(): Machine {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** The load average now; pass it as `loadAverageAtStart` when the run ends. */
export const loadAverageNow = (): number[] => os.loadavg().map((v) => Math.round(v * 100) / 100);

export function readLatest(file = LATEST_RESULTS): LatestResults {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as LatestResults) : {};
}

/**
 * Records the set `name` as measured now (replacing its previous result) and rewrites docs/benchmarks.md.
 * Returns the files written.
 */
export function recordBenchResult(
  name: string,
  result: Omit<RecordedSet, 'at' | 'machine' | 'loadAverage' | 'command'> & {
    loadAverageAtStart: number[];
    /** What measured it when not `npm run bench` (e.g. `npm run test:container`). */
    command?: string;
  },
  files: { latest?: string; doc?: string } = {},
): string[] {
  const latestFile = files.latest ?? LATEST_RESULTS;
  const docFile = files.doc ?? BENCHMARKS_DOC;
  const { loadAverageAtStart, command, ...rest } = result;
  const latest = readLatest(latestFile);
  latest[name] = {
    at: new Date().toISOString(),
    command:
      command ?? `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: thisMachine(),
    loadAverage: { start: loadAverageAtStart, end: loadAverageNow() },
    ...rest,
  };
  fs.mkdirSync(path.dirname(latestFile), { recursive: true });
  fs.writeFileSync(latestFile, `${JSON.stringify(latest, null, 2)}\n`);
  fs.mkdirSync(path.dirname(docFile), { recursive: true });
  fs.writeFileSync(docFile, renderBenchmarksDoc(latest));
  return [latestFile, docFile];
}

/** Every leaf of a JSON value as [dotted path, value], arrays by index. */
export function flattenFigures(value: unknown, prefix = ''): [string, string][] {
  if (value === null || typeof value !== 'object')
    return prefix ? [[prefix, value === undefined ? '' : JSON.stringify(value).replace(/^"|"$/g, '')]] : [];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  return entries.flatMap(([key, v]) => flattenFigures(v, prefix ? `${prefix}.${key}` : key));
}

const isPerDatabase = (figures: unknown): figures is Record<string, unknown>[] =>
  Array.isArray(figures) &&
  figures.length > 0 &&
  figures.every(
    (f) => f !== null && typeof f === 'object' && typeof (f as { database?: unknown }).database === 'string',
  );

/** All figures of a set as a Markdown table: one column per database, or one value column. */
function figuresTable(figures: unknown): string {
  const escape = (s: string) => s.replace(/\|/g, '\\|');
  if (isPerDatabase(figures)) {
    const columns = figures.map((f) => String(f.database));
    const perColumn = figures.map((f) => new Map(flattenFigures(f).filter(([key]) => key !== 'database')));
    const keys = [...new Set(perColumn.flatMap((m) => [...m.keys()]))];
    return [
      `| figure | ${columns.join(' | ')} |`,
      `| --- | ${columns.map(() => '---').join(' | ')} |`,
      ...keys.map(
        (key) => `| ${escape(key)} | ${perColumn.map((m) => escape(m.get(key) ?? '—')).join(' | ')} |`,
      ),
    ].join('\n');
  }
  return [
    '| figure | value |',
    '| --- | --- |',
    ...flattenFigures(figures).map(([key, value]) => `| ${escape(key)} | ${escape(value)} |`),
  ].join('\n');
}

const loads = (l: number[]) => (l.length ? l.map((v) => v.toFixed(2)).join(' / ') : 'not recorded');

function renderSet(name: string, set: RecordedSet): string {
  const m = set.machine;
  const settings = set.run
    ? `; settings: ${Object.entries(set.run)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ')}`
    : '';
  // Results recorded before the machine was noted (converted from the old bench/results files) say so.
  const memory = m.memoryGiB ? `${m.memoryGiB} GiB memory` : 'memory not recorded';
  return [
    `## ${name}`,
    '',
    `Measured ${set.at.slice(0, 16).replace('T', ' ')} UTC by \`${set.command}\` on ${m.cores} cores (CPU ${m.cpu}), ` +
      `${memory}, platform ${m.platform}, Node.js ${m.node}${settings}. What else ran: load average ` +
      `(1 / 5 / 15 min) ${loads(set.loadAverage.start)} at the start, ${loads(set.loadAverage.end)} at the end. ` +
      `A 1-minute figure near ${m.cores} or more at the start means other work was running; the one at the end ` +
      `includes the bench's own load.`,
    '',
    ...(set.markdown ? [set.markdown, '', '<details><summary>Every figure of this run</summary>', ''] : []),
    figuresTable(set.figures),
    ...(set.markdown ? ['', '</details>'] : []),
    '',
  ].join('\n');
}

/** docs/benchmarks.md: the latest result of every set, the full run first. */
function renderBenchmarksDoc(latest: LatestResults): string {
  const names = Object.keys(latest).sort((a, b) =>
    a === 'full run' ? -1 : b === 'full run' ? 1 : a.localeCompare(b),
  );
  return [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` (scripts/bench/benchmarks-doc.ts) from bench/results/latest.json: do not edit. -->',
    '',
    'The latest result of each figure set, as measured by `npm run bench` (scripts/bench/); each run replaces its',
    'own set here and in `bench/results/latest.json`. How to run them and what they measure: ',
    '[development and testing](development.md#benchmarks). Figures from a busy machine (load average near or',
    'above the core count) are lower than the code allows.',
    '',
    'Where a figure misses its target, a CPU profile says where the rest of the time goes and what would move',
    'it: [a webhook delivery](capacity.md#where-a-webhook-deliverys-cpu-goes) (dispatch_vs_raw) and',
    '[a REST create](capacity.md#where-a-creates-cpu-goes) (create_vs_floor); `npm run bench:profile` makes one.',
    "The dispatch sets here ran on Node.js 20. On Node.js 24 the embedded database's dispatch stays below 0.7:",
    'its profile and what would move it are the next section (the measurements in full:',
    '[capacity.md](capacity.md#nodejs-24-embedded-index-entries-were-not-the-lever-either)).',
    '',
    '## Below its target: embedded dispatch on Node.js 24',
    '',
    'dispatch_vs_raw on the embedded database, Node.js 24.22.3, 2 cores (AMD EPYC), 6,000 deliveries to one',
    'endpoint: 0.57–0.69 over 7 runs, median 0.62 (target 0.7; on Node.js 20 the set below has 0.75). Where the',
    "process's busy time goes (V8's sampling profiler around the dispatch phase alone, 2026-11-29):",
    '',
    '| where | share |',
    '| --- | --- |',
    '| PGlite executing statements (WebAssembly and its JavaScript protocol) | 43 % |',
    "| PGlite's file system calls | 6 % |",
    "| HTTP: undici's client, Node's sockets and streams, the receiver (same process) | 21 % |",
    "| the dispatcher's own code (slots, settler, statements, SSRF check, pools) | 12 % |",
    '| signing (HMAC-SHA256) | 4 % |',
    "| the payload's re-parse (zod) and metrics | 3 % |",
    '| idle, garbage collection | 9 % |',
    '',
    'What would move it: half the one thread is the database, which must also send (and here receive). Leases',
    'written without index entries gained nothing, measured; writing each delivery row once would save 6–8 %',
    '(to about 0.66). The database on the second core would: PGlite in a `worker_threads` worker, crossing',
    'threads once per statement, a change to how the whole embedded database is reached, not to the dispatcher.',
    'PostgreSQL on Node.js 24 reaches its target (0.80–0.89, 0.77–0.81 at the cap).',
    '',
    ...names.map((name) => renderSet(name, latest[name]!)),
  ].join('\n');
}

// `npx tsx scripts/bench/benchmarks-doc.ts`: rewrite docs/benchmarks.md from bench/results/latest.json.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(BENCHMARKS_DOC, renderBenchmarksDoc(readLatest()));
  console.log(`written: ${BENCHMARKS_DOC}`);
}
