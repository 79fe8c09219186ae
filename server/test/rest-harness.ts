// What the REST door's tests share: a fresh database, the real handler on it, seeding helpers (a tenant, a
// questionnaire, a key: server/test/questionnaire-fixture.ts), a request helper that also checks every answer
// against the OpenAPI document, exact checks of the spec's two error bodies, and useRestHarness and restSuite,
// the setup REST test files need once per describe block.
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import type { ApiKeyScope, ScopeField } from '@/server/api-keys/api-keys';
import { expectDocumented } from './documented-response';
import { createRestHandler, type RestHandlerOptions } from '@/server/doors/rest/handler';
import { restTestDoor, startFastDoorServer } from './fast-door-harness';
import {
  seedApiKey,
  seedQuestionnaire,
  type QuestionnaireSeed,
  type SeededKey,
  type SeededQuestionnaire,
} from './questionnaire-fixture';
import { createServiceClient, type ServiceClient } from '@/client';

export interface RestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when there is none. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

interface CallOptions {
  /** The Authorization header: a key's value, or a seeded key; null sends none. */
  key?: string | Pick<SeededKey, 'value'> | null;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (takes precedence over body). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

export type Seeded = SeededQuestionnaire;

export interface RestHarness {
  db: TestDatabase;
  handler: (req: Request) => Promise<Response>;
  /** A questionnaire (in a new tenant unless `seed.tenantId` names one). */
  seed: (seed?: QuestionnaireSeed) => Promise<Seeded>;
  /** A key to the questionnaire, with every scope of the service unless `scopes` says otherwise. */
  createKey: (questionnaireId: string, scopes?: ApiKeyScope[], scopeField?: ScopeField) => Promise<SeededKey>;
  call: (method: string, path: string, options?: CallOptions) => Promise<RestResponse>;
  close: () => Promise<void>;
}

export const BASE = 'http://localhost/questionnaire';

export async function createRestHarness(
  kind: 'pglite' | 'postgresql',
  options: Omit<RestHandlerOptions, 'db'> = {},
): Promise<RestHarness> {
  const db = await createTestDatabase(kind);
  const handlerOptions = { ...options, db: db.prisma };
  const routeHandler = createRestHandler(handlerOptions);
  // By default every request goes over HTTP through the fast door of `npm start`; REST_TEST_DOOR=route: the route's.
  const fastDoor = restTestDoor() === 'fast' ? await startFastDoorServer(handlerOptions, routeHandler) : null;
  const handler = fastDoor?.handler ?? routeHandler;
  return {
    db,
    handler,
    seed: (seed) => seedQuestionnaire(db.prisma, seed),
    createKey: (questionnaireId, scopes, scopeField) =>
      seedApiKey(db.prisma, questionnaireId, { scopes, scopeField }),
    async call(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.key !== null && options.key !== undefined)
        headers.authorization = typeof options.key === 'string' ? options.key : options.key.value;
      let body: BodyInit | undefined;
      if (options.rawBody !== undefined) body = options.rawBody as BodyInit;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] = 'application/json';
      Object.assign(headers, options.headers);
      const response = await handler(new Request(`${BASE}${path}`, { method, headers, body }));
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      const res = { status: response.status, headers: response.headers, text, body: parsed };
      // Whatever a test provokes must be an answer the OpenAPI document lists for the operation.
      expectDocumented(method, path, res);
      return res;
    },
    close: async () => {
      await fastDoor?.close();
      await db.close();
    },
  };
}

/**
 * A harness on a fresh database of `kind` for a describe block: made before the block's tests (beforeAll) and
 * closed after them (afterAll). Call it in the describe block, before the block's own hooks, which may then use
 * it. The harness is a stand-in for what beforeAll makes, so it can be named at once: read it inside tests and
 * hooks (before that, it throws).
 */
export function useRestHarness(
  kind: 'pglite' | 'postgresql',
  door: Omit<RestHandlerOptions, 'db'> = {},
): RestHarness {
  let harness: RestHarness | undefined;
  const opened = () => {
    if (!harness) throw new Error('useRestHarness: its harness is made by beforeAll; read it inside a test');
    return harness;
  };
  beforeAll(async () => {
    harness = await createRestHarness(kind, door);
  });
  afterAll(() => harness?.close());
  return {
    get db() {
      return opened().db;
    },
    get handler() {
      return opened().handler;
    },
    seed: (seed) => opened().seed(seed),
    createKey: (...args) => opened().createKey(...args),
    call: (...args) => opened().call(...args),
    close: () => opened().close(),
  };
}

export interface RestSuiteOptions {
  /** The REST handler's options (rate limits, deadlines). */
  door?: Omit<RestHandlerOptions, 'db'>;
  /** The questionnaire's settings. */
  seed?: QuestionnaireSeed;
  /** The key's scopes: every scope of the service by default. */
  scopes?: ApiKeyScope[];
}

export interface RestSuite {
  h: RestHarness;
  q: Seeded;
  key: SeededKey;
}

/**
 * The setup most REST test files share, once for a describe block: a harness on a fresh database of `kind`
 * (useRestHarness), a questionnaire in a new tenant and a key to it, made before the block's tests
 * (beforeAll) and closed after them (afterAll). Call it in the describe block, before the block's own hooks,
 * which may then use it:
 *
 *   const { h, q, key } = restSuite(kind);
 *
 * The three are stand-ins for what beforeAll makes, so they can be named at once: read them inside tests and
 * hooks (before that, they throw).
 */
export function restSuite(kind: 'pglite' | 'postgresql', options: RestSuiteOptions = {}): RestSuite {
  const h = useRestHarness(kind, options.door);
  let made: { q: Seeded; key: SeededKey } | undefined;
  const opened = () => {
    if (!made)
      throw new Error('restSuite: its questionnaire and key are made by beforeAll; read them inside a test');
    return made;
  };
  beforeAll(async () => {
    const q = await h.seed(options.seed);
    made = { q, key: await h.createKey(q.questionnaireId, options.scopes) };
  });
  return {
    h,
    q: {
      get tenantId() {
        return opened().q.tenantId;
      },
      get questionnaireId() {
        return opened().q.questionnaireId;
      },
    },
    key: {
      get id() {
        return opened().key.id;
      },
      get value() {
        return opened().key.value;
      },
    },
  };
}

const TIMESTAMP = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const TIMESTAMP_MATCHER: unknown = expect.stringMatching(TIMESTAMP);

/** The participant-endpoint error body, exactly: four fields, status equal to the HTTP status, UTC timestamp. */
export function expectParticipantError(res: RestResponse, status: number, error: string, message: string) {
  const body = res.body as Record<string, unknown> | undefined;
  expect({ status: res.status, body }).toEqual({
    status,
    body: { error, status, message, timestamp: TIMESTAMP_MATCHER },
  });
  expect(Object.keys(body ?? {})).toEqual(['error', 'status', 'message', 'timestamp']);
  const [, d, mo, y, h, mi, s] = (TIMESTAMP.exec(String(body?.timestamp)) ?? []).map(Number);
  const sent = Date.UTC(y!, mo! - 1, d, h, mi, s);
  // Written in UTC: within seconds of now, whatever the process's time zone.
  expect(Math.abs(Date.now() - sent)).toBeLessThan(10_000);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
}

/** The API-key endpoint error body, exactly: `{ error: message }` and nothing else. */
export function expectApiKeyError(res: RestResponse, status: number, message: string) {
  expect({ status: res.status, body: res.body as unknown }).toEqual({ status, body: { error: message } });
}

export const keysPath = (s: Seeded) =>
  `/v1/tenants/${s.tenantId}/questionnaires/${s.questionnaireId}/apikeys`;

/** A database trigger that makes every insert into `table` fail: a real failure in the middle of a write. */
export async function failInsertsInto(db: TestDatabase, table: string) {
  await db.prisma.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION test_fail_insert() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'simulated failure'; END; $$ LANGUAGE plpgsql`);
  await db.prisma.$executeRawUnsafe(
    `CREATE TRIGGER test_fail_insert BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION test_fail_insert()`,
  );
  return () => db.prisma.$executeRawUnsafe(`DROP TRIGGER test_fail_insert ON ${table}`);
}

/** The typed client on a harness's door, with `apiKey`; every answer is also checked against the document. */
export function documentedClient(h: Pick<RestHarness, 'handler'>, apiKey: string): ServiceClient {
  return createServiceClient({
    baseUrl: BASE,
    apiKey,
    fetch: async (request) => {
      const response = await h.handler(request);
      const text = await response.clone().text();
      expectDocumented(request.method, new URL(request.url).pathname.replace('/questionnaire', ''), {
        status: response.status,
        body: text ? JSON.parse(text) : undefined,
      });
      return response;
    },
  });
}
