// The fast REST door against the real Next.js route: two `npm start` servers on the suite's production build
// (NEXT_DIST_DIR, default .next-e2e) and one throw-away PostgreSQL database beside TEST_DATABASE_URL, one with
// the fast door (server/doors/rest/fast-door.ts), one with REST_FAST_DOOR=false, where Next.js routes every request
// to the App Router route (app/questionnaire/v1/[...path]/route.ts) with next.config.js's headers and proxy.ts,
// as a host running only `next start` serves it. Each case of server/test/door-compare-cases.ts goes to both,
// and a failing write (500) and an unreachable database (503) too; the answers must agree: status, body
// (masked where generated per request) and every response header byte for byte, except those in MAY_DIFFER.
// Ports: E2E_PORT + 10 (fast door), + 11 (Next.js), + 12 (the servers' way to PostgreSQL, cut for the 503).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { AdminApi, signInWithPassword } from './fixtures/admin-api';
import { ERROR_NAMES } from '../server/platform/lib/errors';
import { LEASE_TTL_MS } from '../server/api-keys/rate-limit-lease';
import {
  comparable,
  compareCases,
  DOORS,
  type ComparableAnswer,
  type CompareSetup,
  type Door,
} from '../server/test/door-compare-cases';
import { waitUntilReady, type ServerProcess } from './fixtures/server-process';
import { againstDeployment } from './fixtures/credentials';

const distDir = process.env.NEXT_DIST_DIR ?? '.next-e2e';
const serverUrl = process.env.TEST_DATABASE_URL;
const firstPort = Number(process.env.E2E_PORT ?? 3100) + 10;
const ports: Record<Door, number> = { fast: firstPort, route: firstPort + 1 };
const proxyPort = firstPort + 2;
const admin = { email: 'door-compare@example.com', password: 'door-compare-password-123' };
/** Live keys a questionnaire may hold (API_KEYS_PER_QUESTIONNAIRE_MAX): small, so a 409 is cheap to reach. */
const MAX_KEYS = 12;

/**
 * The response headers that may differ between the two doors' answers to the same request, and why; every
 * other header must be the same, byte for byte (after the masking of generated ids and timestamps). Besides
 * these, RateLimit-Remaining, RateLimit-Reset and a 429's Retry-After are compared as present only (the doors
 * share each key's bucket, which counts down and refills between the two requests: isCountingHeader), and
 * X-Request-Id is compared as sent (both doors keep the caller's id; without one each makes a UUID).
 */
const MAY_DIFFER: Record<string, string> = {
  date: 'the clock second each answer was written',
  'content-encoding':
    "Next.js's compression gzips a body when the client accepts gzip (fetch does); the fast door sends it " +
    'as is: the bodies are compared decoded',
  'content-length': 'framing: the fast door sends a body whole, with its length; Next.js streams it',
  'transfer-encoding': "framing: Next.js streams the route's body (chunked); the fast door sends its length",
};
/** On a 413 only: the fast door closes the connection rather than read the rest of a body it refused. */
const MAY_DIFFER_ON_413: Record<string, string> = {
  connection: 'close from the fast door, which leaves the refused body unread (Next.js reads it all)',
  'keep-alive': 'none from the fast door, which closes the connection',
};
const mayDiffer = (name: string, status: number) =>
  name in MAY_DIFFER || (status === 413 && name in MAY_DIFFER_ON_413);

test.describe.configure({ mode: 'serial' });
test.skip(againstDeployment, 'starts two servers of its own on a new database: runs only without BASE_URL');
test.skip(!fs.existsSync(path.join(distDir, 'BUILD_ID')), `no build in ${distDir} (NEXT_DIST_DIR)`);
test.skip(!serverUrl, 'needs TEST_DATABASE_URL (both servers share one PostgreSQL database)');

type Server = ServerProcess;

/** `npm start` (its command, without npm in between) on the suite's build. */
function startServer(door: Door, databaseUrl: string): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      PORT: String(ports[door]),
      // The same public address for both: it is in every guide link.
      PUBLIC_BASE_URL: `http://127.0.0.1:${ports.fast}`,
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: 'door-compare-test-secret-of-at-least-32-characters',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      API_KEYS_PER_QUESTIONNAIRE_MAX: String(MAX_KEYS),
      WEBHOOK_SCHEDULER: 'false',
      LOG_LEVEL: 'warn',
      REST_FAST_DOOR: door === 'fast' ? 'true' : 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, baseUrl: `http://127.0.0.1:${ports[door]}`, output: () => output, exited };
}

async function stop(server: Server | undefined): Promise<void> {
  if (!server) return;
  try {
    process.kill(-server.child.pid!, 'SIGKILL');
  } catch {
    // the whole group is gone already
  }
  await server.exited;
}

async function adminQuery(sql: string, url = serverUrl!): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The servers' way to PostgreSQL: a TCP relay that `cut()` closes (every connection, and the port), so that
 * the database becomes unreachable for both servers at once while the suite still reaches it directly.
 */
async function openRelay(target: URL): Promise<{ cut: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(proxyPort, '127.0.0.1', resolve));
  return {
    cut: () =>
      new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const setup = {
  erasable: {},
  limitedKey: {},
  deletableKey: {},
  sandbox: { participant: {} },
} as CompareSetup;
const servers = {} as Record<Door, Server>;
let databaseName = '';
let directUrl = '';
let relay: { cut: () => Promise<void> } | undefined;
let sequence = 0;
/** Every status the two doors answered alike. */
const compared = new Set<number>();

/** Sends a case's request to one door, with the X-Request-Id both doors get (so that it is compared too). */
async function send(door: Door, method: string, target: string, init: RequestInit, requestId: string | null) {
  const headers = new Headers(init.headers);
  if (requestId !== null && !headers.has('x-request-id')) headers.set('x-request-id', requestId);
  const response = await fetch(`${servers[door].baseUrl}/questionnaire${target}`, {
    ...init,
    method,
    headers,
    redirect: 'manual',
  });
  // What MAY_DIFFER admits, no more: only Next.js encodes, and only with gzip, which the request accepted.
  expect(response.headers.get('content-encoding') ?? 'gzip').toBe('gzip');
  if (door === 'fast') expect(response.headers.get('content-encoding')).toBeNull();
  return comparable(response, mayDiffer);
}

/** Both doors' answers, the route's first; both requests with one X-Request-Id unless `requestId` is null. */
async function both(
  make: (door: Door) => [string, string, RequestInit?],
  requestId: string | null = `door-compare-${++sequence}`,
): Promise<ComparableAnswer[]> {
  const answers: ComparableAnswer[] = [];
  for (const door of ['route', 'fast'] as const) {
    const [method, target, init] = make(door);
    answers.push(await send(door, method, target, init ?? {}, requestId));
  }
  if (answers[0]!.status === answers[1]!.status) compared.add(answers[0]!.status);
  return answers;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  databaseName = `pais_doorcmp_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  const direct = new URL(serverUrl!);
  direct.pathname = `/${databaseName}`;
  directUrl = direct.toString();
  relay = await openRelay(direct);
  const relayed = new URL(directUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(proxyPort);
  // Together, as replicas start (one applies the migrations and creates the Admin, the other waits for them).
  const started = Date.now();
  for (const door of DOORS) servers[door] = startServer(door, relayed.toString());
  await Promise.all(DOORS.map((door) => waitUntilReady(servers[door], 180_000)));
  console.log(`door-compare: both servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const context = await playwrightRequest.newContext({ baseURL: servers.fast.baseUrl });
  try {
    await signInWithPassword(context, admin);
    const api = new AdminApi(context);
    const questionnaire = (name: string, sandbox = false) =>
      api.mutation<{ id: string; tenantId: string }>('questionnaire.create', {
        newTenantName: `${name} tenant`,
        name,
        sandbox,
      });
    const allScopes = [
      'participant:read',
      'participant:write',
      'participant:delete',
      'apikey:write',
      'apikey:delete',
      'webhook:read',
      'webhook:write',
    ];
    const newKey = async (questionnaireId: string, scopes = allScopes) =>
      api.mutation<{ id: string; key: string }>('apiKey.create', {
        questionnaireId,
        name: `key ${++sequence}`,
        scopes,
      });
    const create = async (key: string, projectUuid: string, irn: string) => {
      const response = await fetch(`${servers.fast.baseUrl}/questionnaire/v1/participant`, {
        method: 'POST',
        headers: { authorization: key, 'content-type': 'application/json' },
        body: JSON.stringify({ project_uuid: projectUuid, interview_ref_num: irn, email: 'a@example.com' }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { participant_uuid: string }).participant_uuid;
    };

    const main = await questionnaire('Door compare');
    Object.assign(setup, { tenantId: main.tenantId, questionnaireId: main.id });
    setup.key = (await newKey(main.id)).key;
    setup.readOnlyKey = (await newKey(main.id, ['participant:read'])).key;
    setup.participantId = await create(setup.key, main.id, 'CMP-EXISTING');
    const sandbox = await questionnaire('Door compare sandbox', true);
    setup.sandbox.key = (await newKey(sandbox.id)).key;
    for (const door of DOORS) {
      setup.erasable[door] = await create(setup.key, main.id, `ERASE-${door}`);
      setup.sandbox.participant[door] = await create(setup.sandbox.key, sandbox.id, `SBX-${door}`);
      const limited = await newKey(main.id);
      await api.mutation('apiKey.setRateLimit', {
        questionnaireId: main.id,
        keyId: limited.id,
        perMinute: 1,
      });
      setup.limitedKey[door] = limited.key;
      setup.deletableKey[door] = (await newKey(main.id)).key;
    }
    const full = await questionnaire('Door compare full');
    const fullKey = await newKey(full.id);
    for (let i = 1; i < MAX_KEYS; i++) await newKey(full.id, ['participant:read']);
    setup.full = { tenantId: full.tenantId, questionnaireId: full.id, key: fullKey.key };
  } finally {
    await context.dispose();
  }
});

test.afterAll(async () => {
  await Promise.all(DOORS.map((door) => stop(servers[door])));
  await relay?.cut();
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
});

for (const [name, make] of compareCases(setup, { tooManyKeys: true })) {
  test(name, async () => {
    const [viaRoute, viaFast] = await both(make);
    expect(viaFast).toEqual(viaRoute);
    // No request of these is a server failure (agreeing on a 500 would not do).
    expect(viaRoute!.status).toBeLessThan(500);
  });
}

test('a request without an X-Request-Id: each door makes one, in the same form', async () => {
  const answers = await both(
    () => ['GET', `/v1/participant/${setup.participantId}`, { headers: { authorization: setup.key } }],
    null,
  );
  // ids are masked as <uuid>: both made a UUID
  expect(answers[0]!.headers['x-request-id']).toBe('<uuid>');
  expect(answers[1]).toEqual(answers[0]);
});

test('a write that fails in the database: the same 500 on both', async () => {
  await adminQuery(
    `CREATE OR REPLACE FUNCTION test_fail_insert() RETURNS trigger AS $$
     BEGIN RAISE EXCEPTION 'simulated failure'; END; $$ LANGUAGE plpgsql;
     CREATE TRIGGER test_fail_insert BEFORE INSERT ON attempt FOR EACH ROW EXECUTE FUNCTION test_fail_insert()`,
    directUrl,
  );
  try {
    const [viaRoute, viaFast] = await both((door) => [
      'POST',
      '/v1/participant',
      {
        headers: { authorization: setup.key, 'content-type': 'application/json' },
        body: JSON.stringify({ project_uuid: setup.questionnaireId, interview_ref_num: `FAIL-${door}` }),
      },
    ]);
    expect(viaRoute!.status).toBe(500);
    expect(viaFast).toEqual(viaRoute);
  } finally {
    await adminQuery('DROP TRIGGER test_fail_insert ON attempt', directUrl);
  }
});

test('the database unreachable: the same 503 with Retry-After on both (last: it stays unreachable)', async () => {
  // Both doors verify setup.key from their key cache now, whatever expired since the cases above: the answer
  // depends on it (a key looked up in the database gets its 503 from the lookup).
  const [warmRoute, warmFast] = await both(() => [
    'GET',
    `/v1/participant/${setup.participantId}`,
    { headers: { authorization: setup.key } },
  ]);
  expect([warmRoute!.status, warmFast!.status]).toEqual([200, 200]);
  await relay!.cut();
  // And both have spent or let lapse the rate-limit tokens their warm-up request leased (taken from the
  // database ahead of time, spent locally for up to LEASE_TTL_MS): so each door's rate limit needs the
  // database, and its 503 comes before the RateLimit headers. Otherwise whether a door's lease was still live
  // decided whether its 503 had them: a matter of how long the requests before took, not of the door (the
  // route door, asked first, had them and the fast door did not, in two CI runs under load).
  await new Promise((resolve) => setTimeout(resolve, LEASE_TTL_MS + 200));
  // Valid bodies (key_name, as the spec names it), so that each case is refused for the database alone,
  // whichever step needs it first.
  const post = (key: string, target: string, body: object) => () =>
    [
      'POST',
      target,
      { headers: { authorization: key, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    ] as [string, string, RequestInit];
  const participant = { project_uuid: setup.questionnaireId, interview_ref_num: 'DOWN-1' };
  for (const make of [
    post('pais_live_unknown', '/v1/participant', participant),
    post(setup.key, '/v1/participant', participant),
    post(setup.key, `/v1/tenants/${setup.tenantId}/questionnaires/${setup.questionnaireId}/apikeys`, {
      key_name: 'down',
      scopes: ['participant:read'],
    }),
  ]) {
    const [viaRoute, viaFast] = await both(make);
    expect(viaRoute!.status).toBe(503);
    expect(viaRoute!.headers['retry-after']).toBeDefined();
    expect(viaFast).toEqual(viaRoute);
  }
});

test('every status the REST door can send was compared', () => {
  // The door's success statuses (200, and the routes' successStatus 201, 202, 204) and every error status of
  // server/platform/lib/errors.ts's ERROR_NAMES (a status added there must get a case here).
  const statuses = [200, 201, 202, 204, ...Object.keys(ERROR_NAMES).map(Number)];
  expect(statuses.filter((status) => !compared.has(status))).toEqual([]);
});
