// What the REST door's tests share: a fresh database, the real handler on it, seeding helpers (a tenant, a
// questionnaire, a key), a request helper that also checks every answer against the OpenAPI document, and
// exact checks of the spec's two error bodies.
import { expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { insertApiKey, type ApiKeyScope, type ScopeField } from '@/server/api-keys/api-keys';
import { expectDocumented } from './documented-response';
import { createRestHandler, type RestHandlerOptions } from '@/server/doors/rest/handler';
import { restTestDoor, startFastDoorServer } from './fast-door-harness';
import { createServiceClient, type ServiceClient } from '@/client';

export interface RestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when there is none. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

interface CallOptions {
  /** The Authorization header; null sends none. */
  key?: string | null;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (takes precedence over body). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface Seeded {
  tenantId: string;
  questionnaireId: string;
}

export const ALL_SCOPES: ApiKeyScope[] = [
  'participant:read',
  'participant:write',
  'participant:delete',
  'apikey:write',
  'apikey:delete',
];

export interface RestHarness {
  db: TestDatabase;
  handler: (req: Request) => Promise<Response>;
  seed: (options?: {
    tenantId?: string;
    attemptLimit?: number;
    guideTexts?: Record<string, string>;
    phoneNumber?: string;
    name?: string;
    sandbox?: boolean;
  }) => Promise<Seeded>;
  createKey: (
    questionnaireId: string,
    scopes?: ApiKeyScope[],
    scopeField?: ScopeField,
  ) => Promise<{ id: string; value: string }>;
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
  let counter = 0;
  return {
    db,
    handler,
    async seed(options = {}) {
      const tenantId =
        options.tenantId ?? (await db.prisma.tenant.create({ data: { name: `Tenant ${++counter}` } })).id;
      const questionnaire = await db.prisma.questionnaire.create({
        data: {
          tenantId,
          name: options.name ?? `Questionnaire ${++counter}`,
          attemptLimit: options.attemptLimit ?? null,
          guideTexts: options.guideTexts ?? {},
          phoneNumber: options.phoneNumber ?? null,
          sandbox: options.sandbox ?? false,
        },
      });
      return { tenantId, questionnaireId: questionnaire.id };
    },
    async createKey(questionnaireId, scopes = ALL_SCOPES, scopeField = 'scopes') {
      const { key, record } = await insertApiKey(db.prisma, {
        questionnaireId,
        name: `key ${++counter}`,
        scopes,
        scopeField,
      });
      return { id: key.id, value: record.api_key };
    },
    async call(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.key !== null && options.key !== undefined) headers.authorization = options.key;
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
