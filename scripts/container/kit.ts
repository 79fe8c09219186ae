// What the container checks share (scripts/container/test.ts for the image, compose.ts for compose.yaml): the
// docker CLI, a pass/fail line per check, the operator CLI inside a container, and the REST calls they make.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { recordBenchResult } from '../bench/benchmarks-doc';

const run = promisify(execFile);

export async function docker(...args: string[]): Promise<string> {
  return (await run('docker', args, { maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
}

/** A container's log, stdout and stderr together (a start-up failure is on stderr). */
export async function logsOf(name: string): Promise<string> {
  const { stdout, stderr } = await run('docker', ['logs', name], { maxBuffer: 64 * 1024 * 1024 });
  return `${stdout}${stderr}`.trim();
}

let failures = 0;

export function check(what: string, ok: boolean, detail = ''): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures++;
}

export function failedChecks(): number {
  return failures;
}

/**
 * The status /api/ready or /api/health answers, 0 for no answer within 5 s. The timer is an ordinary (ref'd)
 * one: polling a published port whose container does not listen yet, a fetch sometimes never settled and
 * held nothing open, so the process ended mid-test with Node's exit code 13 (unsettled top-level await).
 */
export async function status(url: string): Promise<number> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve(0);
    }, 5000);
  });
  const answered = fetch(url, { signal: abort.signal }).then(
    async (r) => {
      await r.body?.cancel();
      return r.status;
    },
    () => 0,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The operator CLI in the image, started by `command` followed by `prefix` (e.g. docker exec -i NAME, or
 * docker-compose exec -T SERVICE); its --json answer.
 */
export async function cli(
  command: string,
  prefix: string[],
  args: string[],
  input?: string,
): Promise<Record<string, unknown>> {
  const child = spawn(command, [...prefix, 'node', 'dist/server/cli.mjs', ...args, '--json']);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.end(input ?? '');
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`cli ${args.join(' ')}: ${err || out}`);
  return JSON.parse(out) as Record<string, unknown>;
}

export type CliRunner = (args: string[], input?: string) => Promise<Record<string, unknown>>;

/** A tenant, a questionnaire and a participant:write key made with the operator CLI. */
export async function seed(runCli: CliRunner, tag: string) {
  const tenant = await runCli(['tenant:create', '--name', `Container ${tag}`]);
  const questionnaire = await runCli(['questionnaire:create', '--tenant', String(tenant.id), '--name', 'Q']);
  const key = await runCli([
    'apikey:create',
    '--questionnaire',
    String(questionnaire.id),
    '--name',
    'container test',
    '--scopes',
    'participant:write',
  ]);
  return { questionnaireId: String(questionnaire.id), apiKey: String(key.api_key) };
}

export async function createParticipant(
  baseUrl: string,
  apiKey: string,
  questionnaireId: string,
  irn: string,
) {
  const response = await fetch(`${baseUrl}/questionnaire/v1/participant`, {
    method: 'POST',
    headers: { Authorization: apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ project_uuid: questionnaireId, interview_ref_num: irn }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The answer to a second create with the same IRN: 400 "Duplicate IRN" once the first is stored. */
export function isDuplicate(answer: { status: number; body: Record<string, unknown> }): boolean {
  return answer.status === 400 && JSON.stringify(answer.body).includes('Duplicate IRN');
}

/**
 * What the image build took, as run.sh and compose.sh measured it (CONTAINER_* variables) and its log shows:
 * whether `npm ci` and `next build` came from Docker's build cache (the legacy builder's "Using cache", or
 * BuildKit's "CACHED"). Undefined when the script was started without them (e.g. by hand).
 */
export function buildFigures() {
  const env = process.env;
  if (!env.CONTAINER_RUN_STARTED || !env.CONTAINER_BUILD_SECONDS || !env.CONTAINER_BUILD_LOG)
    return undefined;
  const log = fs.readFileSync(env.CONTAINER_BUILD_LOG, 'utf8').split('\n');
  const cached = (step: RegExp): boolean => {
    const legacy = log.findIndex((line) => /^Step \d+\/\d+ : /.test(line) && step.test(line));
    if (legacy >= 0) return log[legacy + 1]?.includes('Using cache') ?? false;
    const id = log.find((line) => /^#\d+ \[/.test(line) && step.test(line))?.split(' ')[0];
    return id !== undefined && log.includes(`${id} CACHED`);
  };
  const npmCiCached = cached(/RUN npm ci/);
  const nextBuildCached = cached(/RUN npx next build/);
  return {
    runStarted: Number(env.CONTAINER_RUN_STARTED),
    /** /proc/loadavg's first three figures when the script started: what else ran on the machine. */
    loadAverageAtStart: (env.CONTAINER_LOAD_AT_START ?? '').split(' ').filter(Boolean).map(Number),
    /** The kind of build, named in the recorded set: each kind keeps its own latest figures. */
    kind: nextBuildCached
      ? 'whole build from the cache'
      : npmCiCached
        ? 'npm ci from the cache, next build run'
        : 'no build cache',
    figures: {
      baseImageSeconds: Number(env.CONTAINER_BASE_SECONDS ?? 0),
      baseImageMadeInThisRun: env.CONTAINER_BASE_MADE === '1',
      buildSeconds: Number(env.CONTAINER_BUILD_SECONDS),
      npmCiFromCache: npmCiCached,
      nextBuildFromCache: nextBuildCached,
    },
  };
}

/**
 * Records a container test's figures as a set of bench/results/latest.json and docs/benchmarks.md (generated
 * files, as the benches' are): `${what}, ${the kind of build}`, so that a cold and a cached run each keep
 * their latest figures. Only after every check passed.
 */
export function recordContainerFigures(
  what: string,
  command: string,
  build: NonNullable<ReturnType<typeof buildFigures>>,
  figures: Record<string, unknown>,
): string[] {
  return recordBenchResult(`${what}, ${build.kind}`, {
    command,
    loadAverageAtStart: build.loadAverageAtStart,
    figures: {
      ...build.figures,
      ...figures,
      totalSeconds: Math.round(Date.now() / 1000 - build.runStarted),
    },
  });
}
