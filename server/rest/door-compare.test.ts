// Both doors give the same answers: every request below goes once through the App Router route's handler (a
// fetch Request, as Next.js hands it over; the procedure called through trpc-to-openapi's handler) and once over
// HTTP through the fast door of `npm start` (the node:http request itself; the procedure called through tRPC
// with the input trpc-to-openapi would build), on the same database, and the two answers must agree: status,
// the headers that matter and the body byte for byte. Only
// what is generated per request is masked first (ids, guide tokens, key values, timestamps), and writes that must
// not collide get a door-specific IRN or Idempotency-Key, masked the same way.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { configHeadersFor, loadNextHeaderRules, servedByFastDoor } from './fast-door';
import { startFastDoorServer, type FastDoorServer } from './fast-door-harness';
import { createRestHandler } from './handler';
import { BASE, createRestHarness, keysPath, type RestHarness, type Seeded } from './test-harness';

type Door = 'route' | 'fast';

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
    headers[name] = name === 'ratelimit-remaining' || name === 'ratelimit-reset' ? '<n>' : mask(value, door);
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

  beforeAll(async () => {
    h = await createRestHarness(kind);
    q = await h.seed({ guideTexts: { English: 'Call us.' } });
    key = (await h.createKey(q.questionnaireId)).value;
    route = createRestHandler({ db: h.db.prisma });
    fast = await startFastDoorServer({ db: h.db.prisma }, route);
    const created = await h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: 'CMP-EXISTING', email: 'a@example.com' },
    });
    participantId = (created.body as { participant_uuid: string }).participant_uuid;
  }, 60_000);
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
  ];

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
});

describe('the headers Next.js adds to the route, on the fast door', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

  it('adds next.config.js headers for every path, HSTS only when the rule says so', async () => {
    const rules = await loadNextHeaderRules();
    const plain = configHeadersFor(rules, request({}));
    expect(plain.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Content-Security-Policy', 'X-Frame-Options']),
    );
    const https = configHeadersFor(rules, request({ 'x-forwarded-proto': 'https' }));
    const hstsRule = rules.some((rule) => rule.headers.some((h) => h.key === 'Strict-Transport-Security'));
    if (hstsRule) expect(https.map(([name]) => name)).toContain('Strict-Transport-Security');
  });

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
