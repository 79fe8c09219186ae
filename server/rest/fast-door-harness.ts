// Tests' way through the fast door: a real node:http server (on a free port) with createFastRestDoor in front of
// a REST handler, dispatching like scripts/start.ts (paths the fast door declines go to the handler directly,
// as Next.js's App Router route would take them). `REST_TEST_DOOR=fast` runs every REST suite this way.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFastRestDoor, servedByFastDoor, type FetchHandler } from './fast-door';

export const restTestDoor = (): 'fast' | 'route' =>
  process.env.REST_TEST_DOOR === 'fast' ? 'fast' : 'route';

export interface FastDoorServer {
  /** Sends a fetch Request (any origin) to the fast door over HTTP and returns its answer. */
  handler: FetchHandler;
  close: () => Promise<void>;
}

export async function startFastDoorServer(handler: FetchHandler): Promise<FastDoorServer> {
  const serve = createFastRestDoor({ handler, headerRules: [] });
  const server = http.createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    async handler(req) {
      const url = new URL(req.url);
      if (!servedByFastDoor(req.method, `${url.pathname}${url.search}`)) return handler(req);
      // The body streams through as the caller sends it (a test counts the chunks the door pulls).
      return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        duplex: 'half',
      } as RequestInit);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
