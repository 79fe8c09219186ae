// Every method on every path of the real `npm start` server, through both doors (the fast REST door and
// Next.js), and a request target that is not a path: always an answer under 500, 405 with Allow where the path
// exists, in the shape the path uses, never a stack trace. Sent over raw sockets:
// fetch refuses TRACE and CONNECT and cannot send "*"; HTTP/1.0 keeps the answers unchunked.
import net from 'node:net';
import tls from 'node:tls';
import { expect, signedOutTest as test } from './fixtures';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function send(baseURL: string, method: string, target: string): Promise<RawAnswer> {
  const { hostname, host, protocol, port } = new URL(baseURL);
  const secure = protocol === 'https:';
  // A deployment behind TLS: the same bytes inside a TLS connection.
  const connect = (onConnect: () => void) =>
    secure
      ? tls.connect({ host: hostname, port: Number(port || 443), servername: hostname }, onConnect)
      : net.connect(Number(port || 80), hostname, onConnect);
  return new Promise((resolve, reject) => {
    const socket = connect(() =>
      socket.write(
        `${method} ${target} HTTP/1.0\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      ),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(15_000, () => socket.destroy(new Error(`${method} ${target}: no answer`)));
  });
}

const ODD_METHODS = [
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'PURGE',
  'REPORT',
  'QUERY',
  'M-SEARCH',
  'SUBSCRIBE',
];
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', ...ODD_METHODS];

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
/** Paths of the fast door (REST API) and of Next.js (pages, route handlers, the REST documents, nothing). */
const REST_PARTICIPANT_PATHS = [
  '/questionnaire/v1/participant',
  `/questionnaire/v1/participant/${ZERO_UUID}`,
];
const REST_KEY_PATHS = [`/questionnaire/v1/tenants/${ZERO_UUID}/questionnaires/${ZERO_UUID}/apikeys`];
const NEXT_PATHS = [
  '/',
  '/login',
  '/admin',
  `/admin/questionnaires/${ZERO_UUID}/participant-imports`,
  '/api/health',
  '/api/trpc/tenant.list',
  '/api/internal/results',
  '/api/metrics',
  '/api/cron/flush-webhooks',
  '/api/auth/session',
  '/questionnaire/v1/openapi.json',
  '/questionnaire/v1/docs',
  '/no-such-page',
];

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+/;

test('every method on every path answers under 500; odd methods get 405 with Allow in the path’s shape', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const switchedOff = new Set<string>();
  for (const path of NEXT_PATHS)
    if ((await send(baseURL!, 'GET', path)).body.includes('This endpoint is switched off'))
      switchedOff.add(path);
  for (const path of [...REST_PARTICIPANT_PATHS, ...REST_KEY_PATHS, ...NEXT_PATHS])
    for (const method of ALL_METHODS) {
      const answer = await send(baseURL!, method, path);
      const where = `${method} ${path}`;
      expect(answer.status, where).toBeGreaterThanOrEqual(200);
      // A machine door whose token is unset is switched off by design (503, saying so) for its own methods.
      if (!(switchedOff.has(path) && answer.status === 503 && !ODD_METHODS.includes(method)))
        expect(answer.status, where).toBeLessThan(500);
      expect(answer.body, where).not.toMatch(STACK_TRACE);
      if (!ODD_METHODS.includes(method)) continue;
      expect(answer.status, where).toBe(405);
      expect(answer.headers.allow, where).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
      expect(answer.headers.allow, where).not.toContain(method);
      expect(answer.headers['content-type'], where).toMatch(/^application\/json/);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      if (REST_PARTICIPANT_PATHS.includes(path) && method !== 'CONNECT')
        expect(body, where).toMatchObject({ error: 'METHOD_NOT_ALLOWED', status: 405 });
      else expect(Object.keys(body), where).toEqual(['error']);
    }
});

test('the REST API’s 405 lists the endpoint’s own methods', async ({ baseURL }) => {
  const trace = await send(baseURL!, 'TRACE', '/questionnaire/v1/participant');
  expect(trace.headers.allow).toBe('POST, GET');
  const propfind = await send(baseURL!, 'PROPFIND', REST_KEY_PATHS[0]!);
  expect(propfind.headers.allow).toBe('POST, GET');
  expect(propfind.body).toBe('{"error":"Method PROPFIND is not allowed here; use POST or GET"}');
});

test('a request target that is not a path ("*", a URL, an authority) is a 400 in plain JSON', async ({
  baseURL,
}) => {
  for (const [method, target] of [
    ['OPTIONS', '*'],
    ['GET', '*'],
    ['TRACE', '*'],
    ['GET', 'http://evil.test/questionnaire/v1/participant'],
    ['CONNECT', 'evil.test:443'],
  ] as const) {
    const answer = await send(baseURL!, method, target);
    expect(answer.status, `${method} ${target}`).toBe(400);
    expect(answer.body, `${method} ${target}`).toContain(
      '{"error":"The request target must be a path, such as /questionnaire/v1/participant"}',
    );
  }
});
