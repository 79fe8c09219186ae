// The input the REST door gives a procedure is the input trpc-to-openapi's own (documented) fetch handler would
// give it: a probe router echoes what it received, once through createOpenApiFetchHandler and once through the
// door's procedure caller (openapi-adapter.ts + callTRPCProcedure). An upgrade of trpc-to-openapi that changes
// how a path, query or body becomes input, or which fields are coerced, fails here.
import { initTRPC } from '@trpc/server';
import { createOpenApiFetchHandler, type OpenApiMeta } from 'trpc-to-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import type { RestContext } from '../../api-keys/rest-context';
import { createProcedureCaller } from './procedure-caller';
import { matchRoute, restRoutes } from './routes';

const t = initTRPC.meta<OpenApiMeta>().create();
const echoed = z.object({ input: z.unknown() });
const queryInput = z.object({
  id: z.string(),
  n: z.number().optional(),
  flag: z.boolean().optional(),
  when: z.date().optional(),
  tags: z.array(z.string()).optional(),
  name: z.string().optional(),
});
const bodyInput = z.object({ id: z.string(), a: z.unknown().optional(), n: z.number().optional() });
const echo = ({ input }: { input: unknown }) => ({ input: input ?? '<none>' });

/** A procedure on an OpenAPI route that answers with the input it was given. */
const echoing = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: `/${string}`, input: z.ZodType) =>
  t.procedure.meta({ openapi: { method, path } }).input(input).output(echoed);

const probe = t.router({
  read: echoing('GET', '/v1/probe/{id}', queryInput).query(echo),
  erase: echoing('DELETE', '/v1/probe/{id}', queryInput).mutation(echo),
  write: echoing('POST', '/v1/probe/{id}', bodyInput).mutation(echo),
  replace: echoing('PUT', '/v1/probe/{id}', bodyInput).mutation(echo),
  ping: echoing('GET', '/v1/ping', z.void()).query(echo),
});

const routes = restRoutes(probe);
const callProcedure = createProcedureCaller(probe);

/** status and body (or tRPC error code) through trpc-to-openapi's fetch handler */
async function viaTrpcToOpenapi(method: string, target: string, body?: unknown) {
  const response = await createOpenApiFetchHandler({
    endpoint: '/api',
    router: probe,
    createContext: () => ({}),
    req: new Request(`http://localhost/api${target}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    }),
  });
  const json = (await response.json()) as { code?: string };
  return response.status < 400
    ? { status: response.status, body: json as unknown }
    : { status: response.status, code: json.code };
}

/** The same through the REST door's procedure caller. */
async function viaDoor(method: string, target: string, body?: unknown) {
  const [path, search] = target.split('?');
  const match = matchRoute(routes, method, path!);
  if (match.kind !== 'found') throw new Error(`no route for ${method} ${path}`);
  const result = await callProcedure({
    method,
    path: path!,
    query: search === undefined ? '' : `?${search}`,
    body: body === undefined ? undefined : { value: body },
    context: {} as RestContext,
    route: match.route,
  });
  return result.error
    ? { status: result.status, code: result.error.code }
    : { status: result.status, body: JSON.parse(result.body) as unknown };
}

const cases: [method: string, target: string, body?: unknown][] = [
  ['GET', '/v1/probe/abc'],
  ['GET', '/v1/probe/abc?n=5&flag=true&when=2026-01-02T03:04:05Z&name=x'],
  ['GET', '/v1/probe/abc?tags=one'],
  ['GET', '/v1/probe/abc?tags=one&tags=two'],
  ['GET', '/v1/probe/abc?name=a&name=b'],
  ['GET', '/v1/probe/abc?n=not-a-number'],
  ['GET', '/v1/probe/abc?id=from-query'],
  ['GET', '/v1/probe/abc?unknown=1&other='],
  ['GET', '/v1/probe/ABC/'],
  ['GET', '/V1/PROBE/abc'],
  ['DELETE', '/v1/probe/abc?n=1'],
  ['GET', '/v1/ping?ignored=1'],
  ['POST', '/v1/probe/abc', { a: { nested: [1, 2] }, n: 3 }],
  ['POST', '/v1/probe/abc', { id: 'from-body', a: 'x' }],
  ['POST', '/v1/probe/abc', { n: '3' }],
  ['POST', '/v1/probe/abc?n=9', {}],
  ['PUT', '/v1/probe/abc', { a: null }],
];

describe("the REST door's procedure input against trpc-to-openapi's own handler", () => {
  it.each(cases)('%s %s %j', async (method, target, body) => {
    const expected = await viaTrpcToOpenapi(method, target, body);
    expect(await viaDoor(method, target, body)).toEqual(expected);
  });

  it('sees the cases differ (the probe echoes what it was given)', async () => {
    const a = await viaDoor('GET', '/v1/probe/abc?n=5');
    const b = await viaDoor('GET', '/v1/probe/abc?tags=one');
    expect(a).toEqual({ status: 200, body: { input: { id: 'abc', n: 5 } } });
    expect(b).toEqual({ status: 200, body: { input: { id: 'abc', tags: ['one'] } } });
  });
});
