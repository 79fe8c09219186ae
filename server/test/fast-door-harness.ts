// Tests' way through the fast door: a real node:http server (on a free port) with createFastRestDoor in front of
// its own REST core, built from the same options as the route's handler, dispatching like scripts/start.ts
// (paths the fast door declines go to the route's handler, as Next.js would route them). Every REST suite runs
// this way by default, as `npm start` serves production; `REST_TEST_DOOR=route` runs them through the App Router
// route's handler instead (the door of hosts that run only `next start`).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { env } from '@/server/platform/env';
import { loadSecurityHeaders } from '@/server/platform/http/header-rules';
import { createFastRestDoor, servedByFastDoor } from '@/server/doors/rest/fast-door';
import { createRestCore, type RestHandlerOptions } from '@/server/doors/rest/handler';

type FetchHandler = (req: Request) => Promise<Response>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

export function restTestDoor(): 'fast' | 'route' {
  const door = process.env.REST_TEST_DOOR ?? 'fast';
  if (door !== 'fast' && door !== 'route')
    throw new Error(`REST_TEST_DOOR must be fast or route, not ${door}`);
  return door;
}

export interface FastDoorServer {
  /** Sends a fetch Request (any origin) to the fast door over HTTP and returns its answer. */
  handler: FetchHandler;
  close: () => Promise<void>;
}

/** `handler` (the route's) answers what the fast door declines (and what cannot be sent over HTTP). */
export async function startFastDoorServer(
  options: RestHandlerOptions,
  handler: FetchHandler,
): Promise<FastDoorServer> {
  // The security headers `npm start` adds: next.config.js's rules and the run-time HSTS.
  const serve = createFastRestDoor({
    core: createRestCore(options),
    securityHeaders: await loadSecurityHeaders(env.PUBLIC_BASE_URL),
  });
  // Node's parser answers 431 itself for headers over 16 KiB, before any door (the same in front of Next.js);
  // the fuzz suite's huge headers are meant for the door, so this test server admits them.
  const server = http.createServer({ maxHeaderSize: 1024 * 1024 }, (req, res) => void serve(req, res));
  // The client (undici) closes an idle connection after 4 s; were the server to close it first, a request sent
  // on it at that moment fails with "other side closed" (a test artefact: no client is told to retry).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    async handler(req) {
      const url = new URL(req.url);
      if (!servedByFastDoor(req.method, `${url.pathname}${url.search}`)) return handler(req);
      // A method Node's HTTP parser does not know (fetch upper-cases only the six standard ones, so "patch" is
      // sent as is) is refused by Node with a bare 400 before any door, in front of Next.js the same; the fuzz
      // suite still gets the handler's answer to it.
      if (!http.METHODS.includes(req.method)) return handler(req);
      // A header value with control characters cannot be sent over HTTP (the client refuses it), so it never
      // reaches a door that way; the fuzz suite still gets the handler's answer to it, as the route would give.
      if ([...req.headers.values()].some((value) => CONTROL.test(value))) return handler(req);
      // The body streams through as the caller sends it (a test counts the chunks the door pulls).
      return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        duplex: 'half',
      } as RequestInit).catch((error: unknown) => {
        // A header value the HTTP client refuses to send (empty, control characters) never reaches any
        // door over HTTP; the fuzz suite still gets the handler's answer to it, as the route would give.
        if ((error as { cause?: { code?: string } }).cause?.code === 'UND_ERR_INVALID_ARG')
          return handler(req);
        throw error;
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
