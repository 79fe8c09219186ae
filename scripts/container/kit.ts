// What the container checks share (scripts/container/test.ts for the image, compose.ts for compose.yaml): the
// docker CLI, a pass/fail line per check, the operator CLI inside a container, and the REST calls they make.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function docker(...args: string[]): Promise<string> {
  return (await run('docker', args, { maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
}

let failures = 0;

export function check(what: string, ok: boolean, detail = ''): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures++;
}

export function failedChecks(): number {
  return failures;
}

export async function status(url: string): Promise<number> {
  return fetch(url).then(
    (r) => r.status,
    () => 0,
  );
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
