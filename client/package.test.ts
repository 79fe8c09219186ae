// The client as a customer gets it: packed and installed into a fresh project outside the repository
// (server/test/packed-client.ts). There every TypeScript example of client/README.md compiles against the
// package's own declarations; the examples of its "Every operation" section, which must hold one per operation
// of client/schema.d.ts, run under plain Node.js against a real REST door on each database; and so do
// verifyWebhook and the `pais` command's usage answers (its listen and trigger: client/listen.test.ts).
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/server/doors/rest/openapi';
import { testDatabaseKinds } from '@/server/test/database';
import {
  childEnv,
  installPackedClient,
  readJson,
  serveOverHttp,
  type InstalledClient,
} from '@/server/test/packed-client';
import { createRestHarness, type RestHarness } from '@/server/test/rest-harness';
import { ALL_SCOPES } from '@/server/test/questionnaire-fixture';
import { publishForNewParticipant } from '@/server/test/webhook-api';
import { startTestReceiver } from '@/server/test/webhook-receiver';

const run = promisify(execFile);
const CLIENT = import.meta.dirname;
const ROOT = path.join(CLIENT, '..');
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

interface Manifest {
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The operations the client types, "METHOD /path", from the `paths` interface of client/schema.d.ts. */
async function clientOperations(): Promise<string[]> {
  const file = path.join(CLIENT, 'schema.d.ts');
  const source = ts.createSourceFile(file, await readFile(file, 'utf8'), ts.ScriptTarget.Latest);
  const paths = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'paths',
  );
  if (!paths) throw new Error('client/schema.d.ts has no paths interface');
  return paths.members.flatMap((item) => {
    if (!ts.isPropertySignature(item) || !item.type || !ts.isTypeLiteralNode(item.type)) return [];
    const route = (item.name as ts.StringLiteral).text;
    return item.type.members.flatMap((member) =>
      ts.isPropertySignature(member) &&
      HTTP_METHODS.has((member.name as ts.Identifier).text) &&
      member.type?.kind !== ts.SyntaxKind.NeverKeyword
        ? [`${(member.name as ts.Identifier).text.toUpperCase()} ${route}`]
        : [],
    );
  });
}

interface ReadmeExamples {
  /** The one example under each "### METHOD /path" heading, in the README's order. */
  operations: { operation: string; code: string }[];
  /** Every other TypeScript example: each a module of its own. */
  modules: string[];
}

async function readmeExamples(): Promise<ReadmeExamples> {
  const lines = (await readFile(path.join(CLIENT, 'README.md'), 'utf8')).split('\n');
  const examples: ReadmeExamples = { operations: [], modules: [] };
  let operation: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#')) {
      const heading = /^### (GET|PUT|POST|DELETE|PATCH) (\/\S+)/.exec(line);
      operation = heading ? `${heading[1]} ${heading[2]}` : null;
    } else if (line === '```ts') {
      const end = lines.indexOf('```', i + 1);
      const code = lines.slice(i + 1, end).join('\n');
      i = end;
      if (operation === null) examples.modules.push(code);
      else if (examples.operations.some((e) => e.operation === operation))
        throw new Error(`client/README.md has two examples under ${operation}`);
      else examples.operations.push({ operation, code });
    }
  }
  return examples;
}

/** The operation examples as one program: the values they assume, each example in a block of its own. */
function operationsModule(examples: ReadmeExamples['operations']): string {
  // Deletions last, the last created first, so that every other example still finds what it reads.
  const ordered = [
    ...examples.filter((e) => !e.operation.startsWith('DELETE ')),
    ...examples.filter((e) => e.operation.startsWith('DELETE ')).reverse(),
  ];
  return `import { writeFileSync } from 'node:fs';
import { createServiceClient } from '@pais/client';

const setting = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(\`\${name} is not set\`);
  return value;
};
const client = createServiceClient({ baseUrl: setting('PAIS_BASE_URL'), apiKey: setting('PAIS_API_KEY') });
const tenantId = setting('PAIS_TENANT_ID');
const questionnaireId = setting('PAIS_QUESTIONNAIRE_ID');
const participantUuid = setting('PAIS_PARTICIPANT_UUID');
const interviewRefNum = setting('PAIS_INTERVIEW_REF_NUM');
const apiKeyId = setting('PAIS_API_KEY_ID');
// The listen session's examples: a sandbox questionnaire of their own, where a result waits for a session.
const sandboxClient = createServiceClient({
  baseUrl: setting('PAIS_BASE_URL'),
  apiKey: setting('PAIS_SANDBOX_API_KEY'),
});
const localUrl = setting('PAIS_LOCAL_URL');
let sessionId = '';

const answered: Record<string, number> = {};
for (const used of [client, sandboxClient])
  used.use({
    onResponse({ request, response, schemaPath }) {
      answered[\`\${request.method} \${schemaPath}\`] = response.status;
    },
  });

${ordered.map((e) => `// ${e.operation}\n{\n${e.code}\n}\n`).join('\n')}
writeFileSync(setting('PAIS_REPORT'), JSON.stringify(answered));

// Never called: the type checker must refuse these, or the package's types do not reach the caller.
export function typeErrorsTheClientCatches() {
  // @ts-expect-error: a path the API does not have
  void client.GET('/v1/no-such-path');
  // @ts-expect-error: a create without interview_ref_num
  void client.POST('/v1/participant', { body: { project_uuid: questionnaireId } });
}
`;
}

const VERIFY_MODULE = `import { verifyWebhook, WebhookVerificationError } from '@pais/client';

const { body, headers, secret } = JSON.parse(process.env.PAIS_WEBHOOK ?? '{}') as {
  body: string;
  headers: Record<string, string>;
  secret: string;
};
const fromFetch = verifyWebhook(body, new Headers(headers), secret);
const fromNode = verifyWebhook(Buffer.from(body), { ...headers, 'Webhook-Id': headers['webhook-id'] }, secret);
const refusal = (changed: string): string => {
  try {
    verifyWebhook(changed, headers, secret);
    return 'accepted';
  } catch (error) {
    return error instanceof WebhookVerificationError ? error.message : String(error);
  }
};
console.log(
  JSON.stringify({
    irn: fromFetch.interview_ref_num,
    status: fromNode.status,
    changedBody: refusal(body.replace('Result Published', 'Result Withdrawn')),
  }),
);
`;

let installed: InstalledClient | undefined;
let project: string;
let packed: InstalledClient['packed'];
let examples: ReadmeExamples;
let diagnostics: string;

beforeAll(async () => {
  installed = await installPackedClient();
  ({ project, packed } = installed);

  examples = await readmeExamples();
  const files: Record<string, string> = {
    'operations.ts': operationsModule(examples.operations),
    'verify.ts': VERIFY_MODULE,
    ...Object.fromEntries(examples.modules.map((code, n) => [`readme-${n + 1}.ts`, code])),
  };
  for (const [name, code] of Object.entries(files)) await writeFile(path.join(project, name), code);
  // A customer's strict Node.js project: no DOM library, Node's own types only.
  const program = ts.createProgram(
    Object.keys(files).map((name) => path.join(project, name)),
    {
      strict: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts'],
      types: ['node'],
      typeRoots: [path.join(project, 'node_modules/@types')],
      skipLibCheck: false,
      outDir: path.join(project, 'build'),
      rootDir: project,
    },
  );
  const found = [...ts.getPreEmitDiagnostics(program)];
  diagnostics = ts.formatDiagnostics(found, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => project,
    getNewLine: () => '\n',
  });
  program.emit();
}, 180_000);

afterAll(async () => {
  await installed?.remove();
});

describe('the packed client', () => {
  it('holds its build, README and manifest, and nothing else of the folder', () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'dist/cli.js',
        'dist/index.d.ts',
        'dist/index.js',
        'dist/schema.d.ts',
        'package.json',
      ]),
    );
    for (const file of files) expect(file).toMatch(/^(dist\/|README\.md$|package\.json$)/);
  });

  it('depends on the versions the repository tests it with, and has the OpenAPI document’s version', async () => {
    const manifest = await readJson<Manifest>(path.join(CLIENT, 'package.json'));
    const root = await readJson<Manifest>(path.join(ROOT, 'package.json'));
    for (const [name, range] of Object.entries(manifest.dependencies ?? {}))
      expect(root.dependencies?.[name] ?? root.devDependencies?.[name], name).toBe(range);
    const document = buildOpenApiDocument({
      REGION: 'us',
      PUBLIC_BASE_URL: 'http://localhost:3000',
      US_BASE_URL: undefined,
      UK_BASE_URL: undefined,
    });
    expect(manifest.version).toBe(document.info.version);
  });

  it('has a README example for every operation of the client, and for nothing else', async () => {
    expect(examples.operations.map((e) => e.operation).sort()).toEqual((await clientOperations()).sort());
  });

  it('type-checks every README example against the installed package (and refuses a wrong call)', () => {
    expect(examples.modules.length).toBeGreaterThanOrEqual(3);
    expect(diagnostics).toBe('');
  });

  it('pais prints its version and help, and refuses a command line it cannot run with exit status 2', async () => {
    const pais = path.join(project, 'node_modules/.bin/pais');
    // Neither taken from the test's own environment.
    const env = childEnv();
    delete env.PAIS_API_KEY;
    delete env.PAIS_BASE_URL;
    expect((await run(pais, ['--version'], { env })).stdout.trim()).toBe('1.0.0');
    expect((await run(pais, ['--help'], { env })).stdout).toMatch(/listen[\s\S]*trigger/);
    expect((await run(pais, ['listen', '--help'], { env })).stdout).toMatch(/PAIS_BASE_URL/);
    const forward = ['--forward-to', 'http://localhost:8080/webhooks'];
    for (const [args, message] of [
      [['listen', ...forward], /--api-key <key>' not specified/],
      [['listen', ...forward, '--api-key', 'pais_test_x'], /--base-url <url>' not specified/],
      [
        ['listen', '--api-key', 'pais_test_x', '--base-url', 'http://127.0.0.1:1'],
        /--forward-to <url>' not specified/,
      ],
      [
        ['listen', '--forward-to', 'localhost:8080', '--api-key', 'k', '--base-url', 'http://127.0.0.1:1'],
        /--forward-to must be an http:\/\/ or https:\/\/ URL/,
      ],
      [['trigger', '--api-key', 'k'], /--base-url <url>' not specified/],
      [['nonsense'], /unknown command 'nonsense'/],
      [[], /Usage: pais/],
    ] as const) {
      const refused = await run(pais, [...args], { env }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toMatch(message);
    }
  }, 60_000);

  it('verifyWebhook accepts a delivery signed per Standard Webhooks and refuses a changed body', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const id = `msg_${randomUUID()}`;
    const sentAt = new Date();
    const body = JSON.stringify({
      project_uuid: randomUUID(),
      callback_type: 'Result Update',
      interview_ref_num: 'IRN-7',
      status: 'Result Published',
    });
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, sentAt, body),
    };
    const { stdout } = await run(process.execPath, ['build/verify.js'], {
      cwd: project,
      env: childEnv({ PAIS_WEBHOOK: JSON.stringify({ body, headers, secret }) }),
    });
    expect(JSON.parse(stdout)).toEqual({
      irn: 'IRN-7',
      status: 'Result Published',
      changedBody: 'No matching signature found',
    });
  });
});

describe.each(testDatabaseKinds())(
  'the README’s operation examples, run against the REST door on %s',
  (kind) => {
    let h: RestHarness;
    let door: Awaited<ReturnType<typeof serveOverHttp>>;

    beforeAll(async () => {
      h = await createRestHarness(kind);
      door = await serveOverHttp(h.handler);
    });
    afterAll(async () => {
      await door?.close();
      await h?.close();
    });

    it('every operation answers its success (recovery: 404, the questionnaire has no webhook)', async () => {
      // A sandbox questionnaire, so that the test-result example may run.
      const q = await h.seed({ sandbox: true });
      const key = await h.createKey(q.questionnaireId, ALL_SCOPES);
      const spare = await h.createKey(q.questionnaireId, ['participant:read']);
      const irn = `IRN-${randomUUID().slice(0, 8)}`;
      const participant = await h.call('POST', '/v1/participant', {
        key: key.value,
        body: { project_uuid: q.questionnaireId, interview_ref_num: irn },
      });
      // The listen examples' sandbox questionnaire: a listen endpoint (from an earlier session) with a result
      // waiting for the next session, and a receiver on loopback for them to forward it to.
      const listening = await h.seed({ sandbox: true });
      const sandboxKey = await h.createKey(listening.questionnaireId, ['webhook:write']);
      const earlier = await h.call('POST', '/v1/webhooks/listen', { key: sandboxKey.value });
      expect(earlier.status).toBe(201);
      await publishForNewParticipant(h, listening.questionnaireId, 'waits for a session');
      const receiver = await startTestReceiver(() => ({ status: 204 }));
      const report = path.join(project, `answered-${kind}.json`);
      await run(process.execPath, ['build/operations.js'], {
        cwd: project,
        env: childEnv({
          PAIS_BASE_URL: `${door.url}/questionnaire`,
          PAIS_API_KEY: key.value,
          PAIS_TENANT_ID: q.tenantId,
          PAIS_QUESTIONNAIRE_ID: q.questionnaireId,
          PAIS_PARTICIPANT_UUID: String(participant.body.participant_uuid),
          PAIS_INTERVIEW_REF_NUM: irn,
          PAIS_API_KEY_ID: spare.id,
          PAIS_SANDBOX_API_KEY: sandboxKey.value,
          PAIS_LOCAL_URL: receiver.url,
          PAIS_REPORT: report,
        }),
      }).finally(() => receiver.close());
      // The waiting result went to the local receiver, and its outcome is in the delivery log.
      expect(receiver.requests.map((r) => JSON.parse(r.body) as { summary: string })).toEqual([
        expect.objectContaining({ summary: 'waits for a session' }),
      ]);
      const log = await h.call(
        'GET',
        `/v1/webhooks/endpoints/${String(earlier.body.endpoint_id)}/deliveries`,
        {
          key: sandboxKey.value,
        },
      );
      expect(log.body.deliveries).toEqual([
        expect.objectContaining({
          state: 'succeeded',
          attempts: [expect.objectContaining({ status_code: 204 })],
        }),
      ]);
      const answered = await readJson<Record<string, number>>(report);
      const outcome = (status: number) => (status >= 200 && status < 300 ? 'success' : status);
      expect(
        Object.fromEntries(Object.entries(answered).map(([op, status]) => [op, outcome(status)])),
      ).toEqual(
        Object.fromEntries(
          (await clientOperations()).map((op) => [op, op === 'POST /v1/webhooks/recover' ? 404 : 'success']),
        ),
      );

      // What the deletions did, seen from the door.
      const erased = await h.call('GET', `/v1/participant/${String(participant.body.participant_uuid)}`, {
        key: key.value,
      });
      expect(erased.status).toBe(404);
      const deleted = await h.call('GET', '/v1/results', { key: spare.value });
      expect(deleted.status).toBe(401);
    }, 90_000);
  },
);
