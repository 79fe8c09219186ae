// Property-based fuzzing of the whole REST door with fast-check: every route, any JSON (wrong types, nulls,
// arrays, huge and odd Unicode strings: lone surrogates, NUL, right-to-left marks, emoji), raw bytes, odd
// headers (Content-Type variants, huge or repeated Authorization, odd Idempotency-Key), odd methods and
// paths. Whatever arrives: never a 5xx, always the documented body shape for the endpoint (participant shape
// with a UTC DD-MM-YYYY HH:MM:SS timestamp, or the API-key endpoints' `{error}`), no permissive CORS header,
// and a refused request changes no row anywhere.
import fc from 'fast-check';
import { oddString } from '@/server/test/odd-strings';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalizePath } from 'trpc-to-openapi';
import { testDatabaseKinds } from '@/server/test/database';
import { isApiKeyErrorBody, isParticipantErrorBody, rowCounts } from '@/server/test/row-counts';
import { participantRecordSchema } from '@/server/participants/rest-view';
import { createRestHandler } from './handler';
import { expectDocumented } from '@/server/test/documented-response';
import { errorStyleOf } from './routes';
import { BASE, restSuite, type Seeded } from '@/server/test/rest-harness';
import { REST_BODY_FIELDS } from '@/server/test/rest-body-fields';

const RUNS = 150;
const PARTICIPANT_RECORD_KEYS = Object.keys(participantRecordSchema.shape).sort().join();
const API_KEY_RECORD_KEYS = [
  'api_key,create_ts,id,key_name,questionnaire_id,scopes,update_ts',
  'api_key,create_ts,id,key_name,permissions,questionnaire_id,update_ts',
];

interface Sent {
  method: string;
  path: string;
  headers?: Headers | Record<string, string>;
  body?: string | Uint8Array;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** The shape an error answer to this path must have, whatever its status: `{error}` anywhere under /v1/tenants/. */
function expectedErrorStyle(path: string): 'participant' | 'apikey' {
  return errorStyleOf(normalizePath(new URL(`${BASE}${path}`).pathname.replace(/^\/questionnaire/, '')));
}

const oddStrings = oddString();

describe.each(testDatabaseKinds())('REST fuzzing (%s)', (kind) => {
  const { h, q, key } = restSuite(kind, { door: { rateLimitPerMinute: 1_000_000 } });
  let other: Seeded;
  let otherKey: { id: string; value: string };
  let siblingKey: { id: string; value: string };
  let readOnlyKey: { id: string; value: string };
  let participantIds: string[];
  let otherParticipantId: string;

  beforeAll(async () => {
    other = await h.seed();
    otherKey = await h.createKey(other.questionnaireId);
    // Same tenant, another questionnaire: its key must get 403 on our participants.
    siblingKey = await h.createKey((await h.seed({ tenantId: q.tenantId })).questionnaireId);
    readOnlyKey = await h.createKey(q.questionnaireId, ['participant:read']);
    participantIds = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.call('POST', '/v1/participant', {
        key: key.value,
        body: { project_uuid: q.questionnaireId, interview_ref_num: `FUZZ-SEED-${kind}-${i}` },
      });
      participantIds.push(res.body.participant_uuid as string);
    }
    const theirs = await h.call('POST', '/v1/participant', {
      key: otherKey.value,
      body: { project_uuid: other.questionnaireId, interview_ref_num: `FUZZ-OTHER-${kind}` },
    });
    otherParticipantId = theirs.body.participant_uuid as string;
  });
  async function send(request: Sent): Promise<Answer> {
    const response = await h.handler(
      new Request(`${BASE}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body as BodyInit | undefined,
      }),
    );
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, text, body };
  }

  /** Statuses seen by the current property: proof that the generators reach past the first refusal. */
  let seen = new Set<number>();
  beforeEach(() => {
    seen = new Set();
  });
  const expectSeen = (...statuses: number[]) => {
    for (const status of statuses) expect([...seen], `some run answered ${status}`).toContain(status);
    seen = new Set();
  };

  /** Sends the request and checks every promise the door makes about any answer. */
  async function checkAnswer(request: Sent): Promise<Answer> {
    const before = await rowCounts(h.db.prisma);
    const res = await send(request);
    seen.add(res.status);
    const where = `${request.method} ${request.path.slice(0, 120)} → ${res.status} ${res.text.slice(0, 200)}`;
    expect(res.status, where).toBeGreaterThanOrEqual(200);
    expect(res.status, where).toBeLessThan(500);
    expect(res.headers.get('access-control-allow-origin'), where).toBeNull();
    // Whatever the fuzzer provokes must be an answer the OpenAPI document lists for the operation.
    expectDocumented(
      request.method,
      new URL(`${BASE}${request.path}`).pathname.replace(/^\/questionnaire/, ''),
      res,
    );
    if (res.status >= 400) {
      expect(res.headers.get('cache-control'), where).toBe('no-store');
      const style = expectedErrorStyle(request.path);
      const ok =
        style === 'apikey' ? isApiKeyErrorBody(res.body) : isParticipantErrorBody(res.body, res.status);
      expect(ok, `${where} should have the ${style} error shape`).toBe(true);
      expect(res.text, where).not.toMatch(/\bat .+\.(ts|js):\d+|Prisma|stack/i);
      const after = await rowCounts(h.db.prisma);
      expect(after, `${where} must write nothing`).toEqual(before);
    } else if (res.status === 204) {
      expect(res.text, where).toBe('');
    } else {
      const keys = Object.keys(res.body as object)
        .sort()
        .join();
      expect([PARTICIPANT_RECORD_KEYS, ...API_KEY_RECORD_KEYS, ''], where).toContain(
        Array.isArray(res.body) ? '' : keys,
      );
    }
    return res;
  }

  const fieldName = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.constantFrom(...REST_BODY_FIELDS),
    },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const value = () =>
    fc.oneof(
      { weight: 4, arbitrary: oddStrings },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, 1.5) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          q.questionnaireId,
          other.questionnaireId,
          q.questionnaireId.toUpperCase(),
          ...participantIds,
          otherParticipantId,
          '2026-03-01T10:00:00+05:30',
          'someone@example.com',
          '+44 20 7946 0958',
        ),
      },
      { weight: 1, arbitrary: fc.uuid() },
      {
        weight: 1,
        arbitrary: fc.array(
          fc.oneof(
            fc.constantFrom('participant:write', 'apikey:write', 'apikey:delete', 'bogus', ''),
            oddStrings,
          ),
          { maxLength: 4 },
        ),
      },
    );
  /** A body the endpoint would accept, with a few fuzzed fields mixed in (which may spoil it). */
  const nearlyValid = (kind: BodyKind) => {
    const valid = {
      participant: fc.record({
        project_uuid: fc.constant(q.questionnaireId),
        interview_ref_num: fc.oneof(fc.uuid(), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 })),
      }),
      outcome: fc.record({ outcome: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) }),
      apikey: fc.record({
        key_name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
        scopes: fc.subarray(['participant:write', 'participant:read', 'apikey:write'], { minLength: 1 }),
      }),
    }[kind];
    return fc
      .tuple(valid, fc.dictionary(fieldName, value(), { maxKeys: 2 }), fc.integer({ min: 0, max: 2 }))
      .map(([base, extra, spoil]) => (spoil === 0 ? { ...base, ...extra } : base) as Record<string, unknown>);
  };
  type BodyKind = 'participant' | 'outcome' | 'apikey';
  const jsonBody = (kind?: BodyKind) =>
    fc.oneof(
      { weight: kind ? 6 : 0, arbitrary: kind ? nearlyValid(kind) : fc.constant({}) },
      { weight: 6, arbitrary: fc.dictionary(fieldName, value(), { maxKeys: 8 }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
      { weight: 1, arbitrary: fc.array(value(), { maxLength: 4 }) },
      { weight: 1, arbitrary: value() },
    );
  const json = (v: unknown) => JSON.stringify(v) ?? 'null';
  const jsonHeaders = (apiKey: string) => ({ authorization: apiKey, 'content-type': 'application/json' });
  const segment = () =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(...participantIds, otherParticipantId, participantIds[0]!.toUpperCase()),
      },
      { weight: 1, arbitrary: fc.uuid() },
      {
        weight: 2,
        // Percent-encoded as a client would send it; lone surrogates cannot be encoded at all.
        arbitrary: oddStrings
          .filter((s) => s.length < 300)
          .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))),
      },
    );
  // Weighted by hand: fc.constantFrom favours the first and last values.
  const apiKeyPick = () =>
    fc.oneof(
      { weight: 10, arbitrary: fc.constant(key.value) },
      ...[otherKey.value, siblingKey.value, readOnlyKey.value, 'pais_live_unknown', '', 'x'.repeat(600)].map(
        (value) => ({ weight: 1, arbitrary: fc.constant(value) }),
      ),
    );

  it('POST /v1/participant: any JSON body, any key', async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody('participant'), apiKeyPick(), async (body, apiKey) => {
        await checkAnswer({
          method: 'POST',
          path: '/v1/participant',
          headers: jsonHeaders(apiKey),
          body: json(body),
        });
      }),
      {
        numRuns: RUNS,
        // Run first, so that the answers expectSeen asks for do not depend on the random draw: a creation
        // that succeeds, a project that does not exist (another questionnaire's is a 403 since rule 5) and a
        // body over 64 KiB.
        examples: [
          [{ project_uuid: q.questionnaireId, interview_ref_num: 'FUZZ-EXAMPLE' }, key.value],
          [
            { project_uuid: '00000000-0000-4000-8000-000000000000', interview_ref_num: 'FUZZ-404' },
            key.value,
          ],
          [{ project_uuid: q.questionnaireId, interview_ref_num: 'x'.repeat(70 * 1024) }, key.value],
        ],
      },
    );
    expectSeen(200, 400, 401, 403, 404, 413);
  });

  it('PUT, GET and DELETE /v1/participant/{participant_id}: any body, any id segment', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PUT', 'PUT', 'GET', 'DELETE'),
        segment(),
        jsonBody('outcome'),
        apiKeyPick(),
        async (method, id, body, apiKey) => {
          await checkAnswer({
            method,
            path: `/v1/participant/${id}`,
            headers: jsonHeaders(apiKey),
            body: method === 'PUT' ? json(body) : undefined,
          });
        },
      ),
      {
        numRuns: RUNS,
        // Run first (random DELETEs soon erase the three seeded participants): a read that succeeds and an erasure.
        examples: [
          ['GET', participantIds[0]!, {}, key.value],
          // Not 1 or 2: the header test below reads and updates those.
          ['DELETE', participantIds[0]!, {}, key.value],
          // A participant that does not exist: 404 (another questionnaire's is a 403 since rule 5).
          ['GET', '00000000-0000-4000-8000-000000000000', {}, key.value],
        ],
      },
    );
    expectSeen(200, 204, 400, 401, 403, 404);
  });

  it('API-key endpoints: any body, any tenant, questionnaire and key segment', async () => {
    const ids = () =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant({ tenant: q.tenantId, questionnaire: q.questionnaireId }) },
        {
          weight: 1,
          arbitrary: fc.constant({ tenant: other.tenantId, questionnaire: other.questionnaireId }),
        },
        { weight: 1, arbitrary: fc.constant({ tenant: q.tenantId, questionnaire: other.questionnaireId }) },
        { weight: 2, arbitrary: fc.record({ tenant: segment(), questionnaire: segment() }) },
      );
    // The fuzzing keys themselves are never named for deletion (that would only end the run early).
    const keySegment = segment().filter((s) => s !== key.id && s !== otherKey.id);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 3, arbitrary: fc.constant('POST') },
          { weight: 1, arbitrary: fc.constant('GET') },
          { weight: 2, arbitrary: fc.constant('DELETE') },
        ),
        ids(),
        fc.option(keySegment, { nil: undefined }),
        jsonBody('apikey'),
        apiKeyPick(),
        async (method, path, keyId, body, apiKey) => {
          const base = `/v1/tenants/${path.tenant}/questionnaires/${path.questionnaire}/apikeys`;
          await checkAnswer({
            method,
            path: method === 'DELETE' ? `${base}/${keyId ?? ''}` : base,
            headers: jsonHeaders(apiKey),
            body: method === 'POST' ? json(body) : undefined,
          });
        },
      ),
      { numRuns: RUNS },
    );
    expectSeen(200, 201, 400, 401, 403, 404);
  });

  it('odd headers: Content-Type variants, huge or repeated Authorization, odd Idempotency-Key', async () => {
    // Weighted by hand so that a good share of requests gets through to the endpoint.
    const contentType = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(undefined, 'application/json', 'APPLICATION/JSON; charset=UTF-8'),
      },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          'application/json; charset=utf-16',
          'application/json, text/plain',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/merge-patch+json',
          ';;;',
          'application/json; boundary="',
        ),
      },
    );
    const authorization = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(key.value, `Bearer ${key.value}`, `bearer   ${key.value}  `) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          undefined,
          `${key.value}, ${key.value}`,
          `Basic ${Buffer.from('a:b').toString('base64')}`,
          'Bearer',
          ' ',
          'pais_live_',
        ),
      },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 513, max: 16_000 }).map((n) => `pais_live_${'A'.repeat(n)}`),
      },
      {
        weight: 1,
        arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((s) => s.replace(/[\r\n\0]/g, '')),
      },
    );
    const idempotencyKey = fc.option(
      fc.oneof(
        fc.string({ unit: 'binary-ascii', maxLength: 300 }).map((s) => s.replace(/[\r\n\0]/g, '')),
        fc.constant('x'.repeat(256)),
        fc.constant('\u00e9t\u00e9'),
      ),
      // Half the runs send none: with an odd key a write is refused, so the 200s and 201s come from these.
      { nil: undefined, freq: 2 },
    );
    const routes = fc.oneof(
      jsonBody('participant').map((body) => ({ method: 'POST', path: () => '/v1/participant', body })),
      jsonBody('outcome').map((body) => ({
        method: 'PUT',
        path: () => `/v1/participant/${participantIds[1]}`,
        body,
      })),
      fc.constant({ method: 'GET', path: () => `/v1/participant/${participantIds[2]}`, body: undefined }),
      jsonBody('apikey').map((body) => ({
        method: 'POST',
        path: () => `/v1/tenants/${q.tenantId}/questionnaires/${q.questionnaireId}/apikeys`,
        body,
      })),
      fc.constant({
        method: 'GET',
        path: () => `/v1/tenants/${q.tenantId}/questionnaires/${q.questionnaireId}/apikeys`,
        body: undefined,
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        routes,
        contentType,
        authorization,
        // A repeated Authorization header is refused: one run in four, so that enough keep a usable key.
        fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        idempotencyKey,
        async (route, type, auth, repeatAuth, idem) => {
          const headers = new Headers();
          if (type !== undefined) headers.set('content-type', type);
          if (auth !== undefined) {
            headers.append('authorization', auth);
            if (repeatAuth) headers.append('authorization', auth);
          }
          if (idem !== undefined)
            headers.set('idempotency-key', Buffer.from(idem, 'utf8').toString('latin1'));
          headers.set('x-forwarded-for', 'not-an-address, 10.0.0.1');
          await checkAnswer({
            method: route.method,
            path: route.path(),
            headers,
            body: route.body === undefined ? undefined : json(route.body),
          });
        },
      ),
      // Twice the runs: a 200 needs a readable route, a usable key, no repeated header and a valid or no
      // Idempotency-Key at once, and a CI run of 150 once saw none.
      { numRuns: 2 * RUNS },
    );
    expectSeen(200, 400, 401, 415);
  });

  it('odd methods and paths anywhere under /questionnaire', async () => {
    const pathSegment = fc.oneof(
      fc.constantFrom(
        'v1',
        'V1',
        'participant',
        'tenants',
        'questionnaires',
        'apikeys',
        '',
        '.',
        '..',
        '%2e%2e',
      ),
      fc.constantFrom(q.tenantId, q.questionnaireId, participantIds[0]!, key.value),
      fc.webSegment(),
      fc.constantFrom('%00', '%ZZ', '%', '%C0%AF', '%F0%9F%98%80', '%E2%80%AE', ';x=1', 'a?b=c', '#frag'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'patch', 'Delete'),
        fc.oneof(
          fc.array(pathSegment, { maxLength: 8 }).map((segments) => `/${segments.join('/')}`),
          // The real routes, so that wrong methods on them are tried too.
          fc.constantFrom(
            '/v1/participant',
            `/v1/participant/${participantIds[0]}`,
            `/v1/tenants/${q.tenantId}/questionnaires/${q.questionnaireId}/apikeys`,
            `/V1/Tenants/${q.tenantId}/questionnaires/${q.questionnaireId}/APIKEYS/${readOnlyKey.id}`,
          ),
        ),
        fc.boolean(),
        async (method, route, trailingSlash) => {
          const path = `${route}${trailingSlash ? '/' : ''}`;
          const withBody = !['GET', 'HEAD'].includes(method.toUpperCase());
          await checkAnswer({
            method,
            path,
            headers: jsonHeaders(key.value),
            body: withBody ? '{}' : undefined,
          });
        },
      ),
      { numRuns: RUNS },
    );
    expectSeen(404, 405);
  });

  it('raw bodies: broken UTF-8, truncated or mangled JSON, binary', async () => {
    const valid = JSON.stringify({
      project_uuid: q.questionnaireId,
      interview_ref_num: 'RAW',
      email: 'a@b.co',
    });
    const raw = fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      fc.integer({ min: 0, max: valid.length }).map((n) => new TextEncoder().encode(valid.slice(0, n))),
      fc
        .tuple(fc.integer({ min: 0, max: valid.length - 1 }), fc.integer({ min: 0, max: 255 }))
        .map(([at, byte]) => {
          const bytes = new TextEncoder().encode(valid);
          bytes[at] = byte;
          return bytes;
        }),
      fc.constantFrom(
        new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
        new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
        new Uint8Array([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d]),
        new TextEncoder().encode('['.repeat(5000)),
        new TextEncoder().encode(`{"a":${'['.repeat(100)}1${']'.repeat(100)}}`),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          { method: 'POST', path: '/v1/participant' },
          { method: 'PUT', path: () => `/v1/participant/${participantIds[0]}` },
          {
            method: 'POST',
            path: () => `/v1/tenants/${q.tenantId}/questionnaires/${q.questionnaireId}/apikeys`,
          },
        ),
        raw,
        async (route, bytes) => {
          const path = typeof route.path === 'function' ? route.path() : route.path;
          await checkAnswer({ method: route.method, path, headers: jsonHeaders(key.value), body: bytes });
        },
      ),
      { numRuns: RUNS },
    );
    expectSeen(400);
  });

  it('over the rate limit every endpoint answers in its own error shape', async () => {
    // The same database behind a handler whose keys may make one request a minute.
    const limited = createRestHandler({ db: h.db.prisma, rateLimitPerMinute: 1 });
    const limitedKey = await h.createKey(q.questionnaireId);
    const keys = `/v1/tenants/${q.tenantId}/questionnaires/${q.questionnaireId}/apikeys`;
    const call = async (method: string, path: string) => {
      const res = await limited(
        new Request(`${BASE}${path}`, {
          method,
          headers: jsonHeaders(limitedKey.value),
          body: method === 'POST' ? '{}' : undefined,
        }),
      );
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect((await call('GET', keys)).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/v1/participant'],
      ['GET', keys],
      ['DELETE', `${keys}/${limitedKey.id}`],
    ] as const) {
      const res = await call(method, path);
      expect(res.status).toBe(429);
      if (expectedErrorStyle(path) === 'apikey') expect(isApiKeyErrorBody(res.body)).toBe(true);
      else expect(isParticipantErrorBody(res.body, 429)).toBe(true);
    }
  });
});
