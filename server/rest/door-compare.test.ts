// Both doors give the same answers: every request below goes once through the App Router route's handler (a
// fetch Request, as Next.js hands it over, with the headers Next.js adds from next.config.js, decided by
// Next.js's own matchers) and once over HTTP through the fast door of `npm start` (the node:http request
// itself, with its security headers), on the same database, and the two answers must agree: status, every
// header but the transport's, and the body byte for byte. Only
// what is generated per request is masked first (ids, guide tokens, key values, timestamps), and writes that must
// not collide get a door-specific IRN or Idempotency-Key, masked the same way.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/db/client';
import { testDatabaseKinds } from '@/server/test/database';
import { nextConfigRules, nextHeadersFor } from '@/server/test/next-config-headers';
import type { HeaderRule } from '@/server/http/security-headers.js';
import { servedByFastDoor } from './fast-door';
import { startFastDoorServer, type FastDoorServer } from '@/server/test/fast-door-harness';
import { createRestHandler } from './handler';
import {
  BASE,
  createRestHarness,
  failInsertsInto,
  keysPath,
  type RestHarness,
  type Seeded,
} from '@/server/test/rest-harness';

type Door = 'route' | 'fast';

const configRules = await nextConfigRules();

/** The route's handler with the headers Next.js sets around it (the route's own win, as in Next.js). */
function asNextServes(handler: (req: Request) => Promise<Response>, rules: HeaderRule[]) {
  return async (req: Request): Promise<Response> => {
    const response = await handler(req);
    const headers = new Headers(
      nextHeadersFor(rules, new URL(req.url).pathname, Object.fromEntries(req.headers)),
    );
    response.headers.forEach((value, name) => headers.set(name, value));
    return new Response(response.body, { status: response.status, headers });
  };
}

/** Transport headers that only an HTTP answer has; everything else must match. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const SPEC_TIMESTAMP = /\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/g;
const RFC3339 = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;
const GUIDE_TOKEN = /\/guide\/[A-Za-z0-9_-]+/g;

function mask(text: string, door: Door): string {
  let masked = text
    .replace(UUID, '<uuid>')
    .replace(SPEC_TIMESTAMP, '<timestamp>')
    .replace(RFC3339, '<timestamp>')
    .replace(GUIDE_TOKEN, '/guide/<token>')
    .replaceAll(door, '<door>');
  try {
    const parsed = JSON.parse(masked) as unknown;
    const hide = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(hide)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value).map(([k, v]) => [k, k === 'api_key' ? '<key>' : hide(v)]),
            )
          : value;
    masked = JSON.stringify(hide(parsed)) === masked ? masked : JSON.stringify(hide(parsed));
  } catch {
    // not JSON: compared as text
  }
  return masked;
}

async function answer(response: Response, door: Door) {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (TRANSPORT.has(name)) return;
    // The shared bucket counts down (and refills) between the two calls.
    // (and a 429's Retry-After, the seconds until it refills).
    const counting =
      name === 'ratelimit-remaining' ||
      name === 'ratelimit-reset' ||
      (name === 'retry-after' && response.status === 429);
    headers[name] = counting ? '<n>' : mask(value, door);
  });
  return { status: response.status, headers, body: mask(await response.text(), door) };
}

describe.each(testDatabaseKinds())('the fast door and the App Router route on %s', (kind) => {
  let h: RestHarness;
  let q: Seeded;
  let key: string;
  let route: (req: Request) => Promise<Response>;
  let fast: FastDoorServer;
  let participantId: string;
  /** Per door: a participant that door erases, a key limited to one request a minute. */
  const erasable = {} as Record<Door, string>;
  const limitedKey = {} as Record<Door, string>;
  let readOnlyKey: string;

  beforeAll(async () => {
    h = await createRestHarness(kind);
    q = await h.seed({ guideTexts: { English: 'Call us.' } });
    key = (await h.createKey(q.questionnaireId)).value;
    route = asNextServes(createRestHandler({ db: h.db.prisma }), configRules);
    fast = await startFastDoorServer({ db: h.db.prisma }, route);
    const created = await h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: 'CMP-EXISTING', email: 'a@example.com' },
    });
    participantId = (created.body as { participant_uuid: string }).participant_uuid;
    for (const door of ['route', 'fast'] as const) {
      const victim = await h.call('POST', '/v1/participant', {
        key,
        body: { project_uuid: q.questionnaireId, interview_ref_num: `ERASE-${door}` },
      });
      erasable[door] = (victim.body as { participant_uuid: string }).participant_uuid;
      const limited = await h.createKey(q.questionnaireId);
      await h.db.prisma.apiKey.update({ where: { id: limited.id }, data: { rateLimitPerMinute: 1 } });
      limitedKey[door] = limited.value;
    }
    readOnlyKey = (await h.createKey(q.questionnaireId, ['participant:read'])).value;
  }, 180_000);
  afterAll(async () => {
    await fast?.close();
    await h?.close();
  });

  /** A request of the case for one door: `door` lets writes that must not collide differ. */
  type Case = [name: string, make: (door: Door) => [method: string, path: string, init?: RequestInit]];
  const json = (body: unknown, extra: Record<string, string> = {}): RequestInit => ({
    headers: { authorization: key, 'content-type': 'application/json', ...extra },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const createBody = (irn: string) => ({ project_uuid: q.questionnaireId, interview_ref_num: irn });

  const cases: Case[] = [
    ['create without a key', () => ['POST', '/v1/participant', { body: '{}' }]],
    [
      'create with an unknown key',
      () => ['POST', '/v1/participant', { ...json({}), headers: { authorization: 'nope' } }],
    ],
    ['create with invalid JSON', () => ['POST', '/v1/participant', json('{"project_uuid":')]],
    [
      'create with text/plain',
      () => [
        'POST',
        '/v1/participant',
        { ...json('{}'), headers: { authorization: key, 'content-type': 'text/plain' } },
      ],
    ],
    ['create over 64 KiB', () => ['POST', '/v1/participant', json({ padding: 'x'.repeat(70_000) })]],
    ['create with an array body', () => ['POST', '/v1/participant', json([1, 2])]],
    ['create with no fields', () => ['POST', '/v1/participant', json({})]],
    [
      'create',
      (door) => ['POST', '/v1/participant', json({ ...createBody(`CMP-${door}`), email: 'x@example.com' })],
    ],
    ['create with a taken IRN', () => ['POST', '/v1/participant', json(createBody('CMP-EXISTING'))]],
    [
      'create with an Idempotency-Key',
      (door) => [
        'POST',
        '/v1/participant',
        json(createBody(`IDEM-${door}`), { 'idempotency-key': `key-${door}` }),
      ],
    ],
    [
      'the same Idempotency-Key again (replay)',
      (door) => [
        'POST',
        '/v1/participant',
        json(createBody(`IDEM-${door}`), { 'idempotency-key': `key-${door}` }),
      ],
    ],
    [
      'the same Idempotency-Key with another body',
      (door) => [
        'POST',
        '/v1/participant',
        json(createBody(`OTHER-${door}`), { 'idempotency-key': `key-${door}` }),
      ],
    ],
    [
      'read a participant',
      () => ['GET', `/v1/participant/${participantId}`, { headers: { authorization: key } }],
    ],
    [
      'read with a query string',
      () => ['GET', `/v1/participant/${participantId}?x=1`, { headers: { authorization: key } }],
    ],
    [
      'read with query keys an object has (constructor, __proto__, toString)',
      () => [
        'GET',
        `/v1/participant/${participantId}?constructor=1&__proto__=x&toString=2&toString=3`,
        { headers: { authorization: key } },
      ],
    ],
    [
      'find by IRN, the IRN given twice and beside constructor',
      () => [
        'GET',
        '/v1/participant?interview_ref_num=CMP-EXISTING&interview_ref_num=CMP-EXISTING&constructor=1',
        { headers: { authorization: key } },
      ],
    ],
    [
      'find by IRN',
      () => [
        'GET',
        '/v1/participant?interview_ref_num=CMP-EXISTING&constructor=1',
        { headers: { authorization: key } },
      ],
    ],
    [
      'read an unknown participant',
      () => ['GET', `/v1/participant/${randomUUID()}`, { headers: { authorization: key } }],
    ],
    [
      'outcome update',
      () => [
        'PUT',
        `/v1/participant/${participantId}`,
        json({ outcome: 'DONE', outcome_ts: '2026-01-02T03:04:05Z' }),
      ],
    ],
    [
      'outcome update with a bad timestamp',
      () => ['PUT', `/v1/participant/${participantId}`, json({ outcome: 'DONE', outcome_ts: 'yesterday' })],
    ],
    [
      'outcome update of a malformed id',
      () => ['PUT', '/v1/participant/not-a-uuid', json({ outcome: 'DONE' })],
    ],
    [
      'erase an unknown participant',
      () => ['DELETE', `/v1/participant/${randomUUID()}`, { headers: { authorization: key } }],
    ],
    ['an unknown path', () => ['GET', '/v1/nothing-here', { headers: { authorization: key } }]],
    ['a method the path does not take', () => ['PATCH', '/v1/participant', json({})]],
    ['a CORS preflight', () => ['OPTIONS', '/v1/participant', {}]],
    ['create an API key', (door) => ['POST', keysPath(q), json({ key_name: `compare ${door}` })]],
    ['list API keys', () => ['GET', keysPath(q), { headers: { authorization: key } }]],
    [
      'API key endpoint with an unknown key',
      () => ['GET', keysPath(q), { headers: { authorization: 'nope' } }],
    ],
    [
      'create with a key without participant:write (403)',
      () => ['POST', '/v1/participant', { ...json(createBody('CMP-403')), headers: auth(readOnlyKey) }],
    ],
    [
      'API key endpoint with a key without apikey:write (403)',
      () => ['POST', keysPath(q), { ...json({ key_name: 'x' }), headers: auth(readOnlyKey) }],
    ],
    [
      'retake an existing participant',
      () => [
        'POST',
        '/v1/participant',
        json({ ...createBody('CMP-EXISTING'), participant_uuid: participantId, email: 'b@example.com' }),
      ],
    ],
    [
      'erase a participant',
      (door) => ['DELETE', `/v1/participant/${erasable[door]}`, { headers: auth(key) }],
    ],
    ['erase it again', (door) => ['DELETE', `/v1/participant/${erasable[door]}`, { headers: auth(key) }]],
    [
      'the first request of a key limited to one a minute',
      (door) => ['GET', `/v1/participant/${participantId}`, { headers: auth(limitedKey[door]) }],
    ],
    [
      'its second request (429)',
      (door) => ['GET', `/v1/participant/${participantId}`, { headers: auth(limitedKey[door]) }],
    ],
    [
      'a body sent chunked, without a Content-Length',
      (door) => [
        'POST',
        '/v1/participant',
        { ...json(''), body: chunked(JSON.stringify(createBody(`CHUNKED-${door}`))), duplex: 'half' },
      ],
    ],
    [
      'a chunked body over 64 KiB',
      () => [
        'POST',
        '/v1/participant',
        { ...json(''), body: chunked(JSON.stringify({ padding: 'x'.repeat(70_000) })), duplex: 'half' },
      ],
    ],
    ['an empty body', () => ['POST', '/v1/participant', json('')]],
    [
      'behind a TLS proxy (X-Forwarded-Proto: https)',
      () => [
        'GET',
        `/v1/participant/${participantId}`,
        { headers: { ...auth(key), 'x-forwarded-proto': 'https' } },
      ],
    ],
    [
      'X-Forwarded-Proto: HTTPS, http',
      () => [
        'GET',
        `/v1/participant/${participantId}`,
        { headers: { ...auth(key), 'x-forwarded-proto': 'HTTPS, http' } },
      ],
    ],
    ['JSON null', () => ['POST', '/v1/participant', json('null')]],
    ['a JSON string', () => ['POST', '/v1/participant', json('"text"')]],
    ['JSON nested 10,000 deep', () => ['POST', '/v1/participant', json('['.repeat(10_000))]],
    ['a byte-order mark before the JSON', () => ['POST', '/v1/participant', json('\uFEFF{}')]],
    [
      'invalid UTF-8',
      () => ['POST', '/v1/participant', { ...json(''), body: new Uint8Array([0x7b, 0xff, 0x7d]) }],
    ],
    [
      'JSON with a charset',
      () => [
        'POST',
        '/v1/participant',
        { ...json('{}'), headers: { authorization: key, 'content-type': 'application/json; charset=utf-8' } },
      ],
    ],
  ];

  const auth = (value: string) => ({ authorization: value });
  /** A body in three chunks: sent with Transfer-Encoding: chunked over HTTP. */
  const chunked = (text: string) => {
    const bytes = new TextEncoder().encode(text);
    const third = Math.ceil(bytes.length / 3);
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += third) controller.enqueue(bytes.slice(i, i + third));
        controller.close();
      },
    });
  };

  it.each(cases)('%s', async (_name, make) => {
    const send = async (door: Door, handler: (req: Request) => Promise<Response>) => {
      const [method, path, init] = make(door);
      expect(servedByFastDoor(method, `/questionnaire${path}`)).toBe(true);
      return answer(await handler(new Request(`${BASE}${path}`, { method, ...init })), door);
    };
    const viaRoute = await send('route', route);
    const viaFast = await send('fast', fast.handler);
    expect(viaFast).toEqual(viaRoute);
    // No request of these is a server failure (agreeing on a 500 would not do).
    expect(viaRoute.status).toBeLessThan(500);
  });

  it('a write that fails in the database: the same 500 on both', async () => {
    const restore = await failInsertsInto(h.db, 'attempt');
    try {
      const send = async (door: Door, handler: (req: Request) => Promise<Response>) =>
        answer(
          await handler(
            new Request(`${BASE}/v1/participant`, {
              method: 'POST',
              ...json(createBody(`FAIL-${door}`)),
            }),
          ),
          door,
        );
      const viaRoute = await send('route', route);
      expect(viaRoute.status).toBe(500);
      expect(await send('fast', fast.handler)).toEqual(viaRoute);
    } finally {
      await restore();
    }
  });
});

describe('the fast door and the App Router route with the database unreachable', () => {
  it('answer the same 503 with Retry-After', async () => {
    // Nothing listens on port 1: every query fails to connect.
    const unreachable = createDatabase('postgresql://nobody@127.0.0.1:1/none', 1);
    const route = asNextServes(createRestHandler({ db: unreachable.prisma }), configRules);
    const fast = await startFastDoorServer({ db: unreachable.prisma }, route);
    try {
      const send = async (handler: (req: Request) => Promise<Response>, path: string) =>
        answer(
          await handler(
            new Request(`${BASE}${path}`, {
              method: 'POST',
              headers: { authorization: 'pais_live_any', 'content-type': 'application/json' },
              body: '{}',
            }),
          ),
          'route',
        );
      for (const path of [
        '/v1/participant',
        `/v1/tenants/${randomUUID()}/questionnaires/${randomUUID()}/apikeys`,
      ]) {
        const viaRoute = await send(route, path);
        expect(viaRoute.status).toBe(503);
        expect(viaRoute.headers['retry-after']).toBeDefined();
        expect(await send(fast.handler, path)).toEqual(viaRoute);
      }
    } finally {
      await fast.close();
      await unreachable.close();
    }
  });
});

describe('the paths the fast door takes', () => {
  it('leaves to Next.js what it would rewrite or route elsewhere', () => {
    expect(servedByFastDoor('POST', '/questionnaire/v1/participant')).toBe(true);
    for (const target of [
      '/questionnaire/v1/participant/',
      '/questionnaire/v1/openapi.json',
      '/questionnaire/v1/docs',
      '/questionnaire/v1/docs/swagger-ui.css',
      '/questionnaire/v1/./participant',
      '/questionnaire/v1//participant',
      '/questionnaire/v1/participant%2F1',
      '/questionnaire/v2/participant',
      '/admin',
    ])
      expect(servedByFastDoor('GET', target), target).toBe(false);
    expect(servedByFastDoor('HEAD', '/questionnaire/v1/participant')).toBe(false);
  });
});
