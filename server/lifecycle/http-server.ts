// The one HTTP server `npm start` runs, and how it stops: no new connections, idle keep-alive connections
// closed, requests in flight answered (each on a connection that then closes), all of it bounded by a deadline.
import http from 'node:http';
import type { Env } from '@/server/env';
import { isDraining } from './state';

/**
 * headersTimeout and requestTimeout from the validated configuration: a client that sends its headers or its
 * body slowly (or nothing at all) is cut off with 408 instead of holding a connection open.
 */
function httpServerOptions(
  env: Pick<Env, 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS'>,
): http.ServerOptions {
  const requestTimeout = env.HTTP_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(env.HTTP_HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    headersTimeout,
    requestTimeout,
    // Node checks both deadlines on this interval (default 30 s): often enough for short timeouts.
    connectionsCheckingInterval: Math.min(30_000, Math.max(250, headersTimeout / 4)),
  };
}

export interface DrainableServer {
  server: http.Server;
  /** Requests received and not yet answered. */
  inFlight: () => number;
}

export function createHttpServer(
  env: Pick<Env, 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS'>,
  handle: http.RequestListener,
): DrainableServer {
  let inFlight = 0;
  const server = http.createServer(httpServerOptions(env), (req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
    // Answered while draining: the connection closes after this response instead of waiting for another.
    if (isDraining()) res.setHeader('Connection', 'close');
    handle(req, res);
  });
  return { server, inFlight: () => inFlight };
}

/**
 * Stops accepting, closes idle connections (again as each keep-alive connection falls idle after its answer)
 * and resolves once every connection is closed, or at the deadline (ms since epoch), when what is left is cut
 * off. Resolves with the number of requests cut off unanswered.
 */
export function drainHttpServer({ server, inFlight }: DrainableServer, deadline: number): Promise<number> {
  return new Promise((resolve) => {
    let cut = 0;
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const timer = setTimeout(
      () => {
        cut = inFlight();
        server.closeAllConnections();
      },
      Math.max(0, deadline - Date.now()),
    );
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(timer);
      resolve(cut);
    });
    server.closeIdleConnections();
  });
}
