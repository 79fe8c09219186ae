// The requests both REST doors must answer alike, and how two answers are made comparable: shared by
// server/doors/rest/door-compare.test.ts (the route's handler in-process against the fast door over HTTP) and
// e2e/door-compare.spec.ts (two real `npm start` servers on one production build and one database: one with the
// fast door, one with REST_FAST_DOOR=false, where Next.js serves the App Router route). Plain TypeScript with no
// server import, so that the Playwright suite can load it.

export type Door = 'route' | 'fast';
export const DOORS: readonly Door[] = ['route', 'fast'];

/** What the cases need from the database; filled in by the suite before the first case runs. */
export interface CompareSetup {
  tenantId: string;
  questionnaireId: string;
  /** A key of the questionnaire with every scope. */
  key: string;
  /** A key of the questionnaire with participant:read only. */
  readOnlyKey: string;
  /** A participant of the questionnaire, IRN CMP-EXISTING. */
  participantId: string;
  /** Per door: a participant that door erases. */
  erasable: Record<Door, string>;
  /** Per door: a key limited to one request a minute. */
  limitedKey: Record<Door, string>;
  /** Per door: a key (with every scope) that door deletes. */
  deletableKey: Record<Door, string>;
  /** A sandbox questionnaire's key (pais_test_…) and, per door, a participant to publish a test result for. */
  sandbox: { key: string; participant: Record<Door, string> };
  /**
   * With `tooManyKeys`: a questionnaire with as many live keys as it may hold, and one of them (apikey:write);
   * one more is a 409.
   */
  full?: { tenantId: string; questionnaireId: string; key: string };
}

/** A case's request for one door (`door` keeps writes from colliding); the path is below /questionnaire. */
type CompareRequest = [method: string, path: string, init?: RequestInit];
export type CompareCase = [name: string, make: (door: Door) => CompareRequest];

/** The API key collection of a questionnaire. */
const keysPathOf = (s: { tenantId: string; questionnaireId: string }) =>
  `/v1/tenants/${s.tenantId}/questionnaires/${s.questionnaireId}/apikeys`;

const auth = (value: string) => ({ authorization: value });

/** A body in three chunks: sent with Transfer-Encoding: chunked over HTTP. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const third = Math.ceil(bytes.length / 3);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += third) controller.enqueue(bytes.slice(i, i + third));
      controller.close();
    },
  });
}

/**
 * The cases, in the order they run (some depend on earlier ones: the replay, the second erasure, the 429).
 * `s` is read when a request is made, so the list can be built before the setup is done.
 */
export function compareCases(s: CompareSetup, options: { tooManyKeys?: boolean } = {}): CompareCase[] {
  const json = (body: unknown, extra: Record<string, string> = {}): RequestInit => ({
    headers: { authorization: s.key, 'content-type': 'application/json', ...extra },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const createBody = (irn: string) => ({ project_uuid: s.questionnaireId, interview_ref_num: irn });
  const keysPath = () => keysPathOf(s);
  const cases: CompareCase[] = [
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
        { ...json('{}'), headers: { authorization: s.key, 'content-type': 'text/plain' } },
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
      'a malformed Idempotency-Key',
      (door) => [
        'POST',
        '/v1/participant',
        json(createBody(`BADIDEM-${door}`), { 'idempotency-key': 'k'.repeat(256) }),
      ],
    ],
    ['read a participant', () => ['GET', `/v1/participant/${s.participantId}`, { headers: auth(s.key) }]],
    [
      'read with a query string',
      () => ['GET', `/v1/participant/${s.participantId}?x=1`, { headers: auth(s.key) }],
    ],
    [
      'read with query keys an object has (constructor, __proto__, toString)',
      () => [
        'GET',
        `/v1/participant/${s.participantId}?constructor=1&__proto__=x&toString=2&toString=3`,
        { headers: auth(s.key) },
      ],
    ],
    [
      'find by IRN, the IRN given twice and beside constructor',
      () => [
        'GET',
        '/v1/participant?interview_ref_num=CMP-EXISTING&interview_ref_num=CMP-EXISTING&constructor=1',
        { headers: auth(s.key) },
      ],
    ],
    [
      'find by IRN',
      () => ['GET', '/v1/participant?interview_ref_num=CMP-EXISTING&constructor=1', { headers: auth(s.key) }],
    ],
    [
      'read an unknown participant',
      () => ['GET', '/v1/participant/00000000-0000-4000-8000-000000000000', { headers: auth(s.key) }],
    ],
    [
      'read with a key of participant:read only',
      () => ['GET', `/v1/participant/${s.participantId}`, { headers: auth(s.readOnlyKey) }],
    ],
    [
      'outcome update',
      () => [
        'PUT',
        `/v1/participant/${s.participantId}`,
        json({ outcome: 'DONE', outcome_ts: '2026-01-02T03:04:05Z' }),
      ],
    ],
    [
      'outcome update with a bad timestamp',
      () => ['PUT', `/v1/participant/${s.participantId}`, json({ outcome: 'DONE', outcome_ts: 'yesterday' })],
    ],
    [
      'outcome update of a malformed id',
      () => ['PUT', '/v1/participant/not-a-uuid', json({ outcome: 'DONE' })],
    ],
    [
      'erase an unknown participant',
      () => ['DELETE', '/v1/participant/00000000-0000-4000-8000-000000000000', { headers: auth(s.key) }],
    ],
    ['an unknown path', () => ['GET', '/v1/nothing-here', { headers: auth(s.key) }]],
    ['a method the path does not take', () => ['PATCH', '/v1/participant', json({})]],
    ['a CORS preflight', () => ['OPTIONS', '/v1/participant', {}]],
    [
      'create an API key',
      (door) => ['POST', keysPath(), json({ key_name: `compare-${door}`, scopes: ['participant:read'] })],
    ],
    ['list API keys', () => ['GET', keysPath(), { headers: auth(s.key) }]],
    ['API key endpoint with an unknown key', () => ['GET', keysPath(), { headers: auth('nope') }]],
    [
      'delete an API key (204)',
      (door) => ['DELETE', `${keysPath()}/${s.deletableKey[door]}`, { headers: auth(s.key) }],
    ],
    [
      'delete it again',
      (door) => ['DELETE', `${keysPath()}/${s.deletableKey[door]}`, { headers: auth(s.key) }],
    ],
    [
      'create with a key without participant:write (403)',
      () => ['POST', '/v1/participant', json(createBody('CMP-403'), auth(s.readOnlyKey))],
    ],
    [
      'API key endpoint with a key without apikey:write (403)',
      () => ['POST', keysPath(), json({ key_name: 'x', scopes: ['participant:read'] }, auth(s.readOnlyKey))],
    ],
    [
      'API key endpoint of an unknown questionnaire',
      () => [
        'GET',
        keysPathOf({ tenantId: s.tenantId, questionnaireId: '00000000-0000-4000-8000-000000000000' }),
        { headers: auth(s.key) },
      ],
    ],
    [
      'retake an existing participant',
      () => [
        'POST',
        '/v1/participant',
        json({ ...createBody('CMP-EXISTING'), participant_uuid: s.participantId, email: 'b@example.com' }),
      ],
    ],
    [
      'retake with another IRN',
      () => [
        'POST',
        '/v1/participant',
        json({ ...createBody('CMP-NOT-ITS-IRN'), participant_uuid: s.participantId }),
      ],
    ],
    [
      'erase a participant',
      (door) => ['DELETE', `/v1/participant/${s.erasable[door]}`, { headers: auth(s.key) }],
    ],
    ['erase it again', (door) => ['DELETE', `/v1/participant/${s.erasable[door]}`, { headers: auth(s.key) }]],
    [
      'a test result in a sandbox (202)',
      (door) => [
        'POST',
        `/v1/participant/${s.sandbox.participant[door]}/test-result`,
        { headers: auth(s.sandbox.key) },
      ],
    ],
    [
      'a test result with a live key (403)',
      () => ['POST', `/v1/participant/${s.participantId}/test-result`, json({})],
    ],
    [
      'recover webhook deliveries',
      () => ['POST', '/v1/webhooks/recover', json({ since: '2026-01-01T00:00:00Z' })],
    ],
    ['recover without since', () => ['POST', '/v1/webhooks/recover', json({})]],
    ['the results feed', () => ['GET', '/v1/results?limit=5', { headers: auth(s.key) }]],
    [
      "a participant's result (none yet)",
      () => ['GET', `/v1/participant/${s.participantId}/result`, { headers: auth(s.key) }],
    ],
    [
      'the first request of a key limited to one a minute',
      (door) => ['GET', `/v1/participant/${s.participantId}`, { headers: auth(s.limitedKey[door]) }],
    ],
    [
      'its second request (429)',
      (door) => ['GET', `/v1/participant/${s.participantId}`, { headers: auth(s.limitedKey[door]) }],
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
        `/v1/participant/${s.participantId}`,
        { headers: { ...auth(s.key), 'x-forwarded-proto': 'https' } },
      ],
    ],
    [
      'X-Forwarded-Proto: HTTPS, http',
      () => [
        'GET',
        `/v1/participant/${s.participantId}`,
        { headers: { ...auth(s.key), 'x-forwarded-proto': 'HTTPS, http' } },
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
        {
          ...json('{}'),
          headers: { authorization: s.key, 'content-type': 'application/json; charset=utf-8' },
        },
      ],
    ],
    [
      'a form-encoded body',
      () => [
        'POST',
        '/v1/participant',
        {
          ...json('a=1'),
          headers: { authorization: s.key, 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
    ],
    [
      'a body with a content type but no key',
      () => ['POST', '/v1/participant', { headers: { 'content-type': 'application/json' }, body: '{}' }],
    ],
  ];
  if (options.tooManyKeys)
    cases.push([
      'one API key more than a questionnaire may hold (409)',
      (door) => [
        'POST',
        keysPathOf(s.full!),
        {
          headers: { authorization: s.full!.key, 'content-type': 'application/json' },
          body: JSON.stringify({ key_name: `one-too-many-${door}`, scopes: ['participant:read'] }),
        },
      ],
    ]);
  return cases;
}

/** Transport headers that only an HTTP answer has (door-compare.test.ts's route side is no HTTP answer). */
export const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const SPEC_TIMESTAMP = /\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/g;
const RFC3339 = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;
const GUIDE_TOKEN = /\/guide\/[A-Za-z0-9_-]+/g;
const DOOR_SUFFIX = /-(?:route|fast)\b/g;

/**
 * What is generated per request (ids, timestamps, guide tokens, key values) masked, and the doors' names where
 * a case writes them into a request (IRNs and key names end in -route / -fast; a list shows both).
 */
function mask(text: string): string {
  let masked = text
    .replace(UUID, '<uuid>')
    .replace(SPEC_TIMESTAMP, '<timestamp>')
    .replace(RFC3339, '<timestamp>')
    .replace(GUIDE_TOKEN, '/guide/<token>')
    .replace(DOOR_SUFFIX, '-<door>');
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

/**
 * Headers whose values count or refill between the two doors' requests (they share the key's bucket); only
 * that they are there is compared. Retry-After counts only on a 429 (the seconds until the bucket refills).
 */
const isCountingHeader = (name: string, status: number) =>
  name === 'ratelimit-remaining' || name === 'ratelimit-reset' || (name === 'retry-after' && status === 429);

export interface ComparableAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** An answer with every header but `skip`'s, counting values as <n> and generated values masked. */
export async function comparable(
  response: Response,
  skip: (name: string, status: number) => boolean = (name) => TRANSPORT.has(name),
): Promise<ComparableAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (skip(name, response.status)) return;
    headers[name] = isCountingHeader(name, response.status) ? '<n>' : mask(value);
  });
  return { status: response.status, headers, body: mask(await response.text()) };
}
