// The one HTTP server `npm start` runs, and how it stops: still accepting for a short while after the signal
// (readiness says 503 meanwhile, so a load balancer stops sending), every answer from then on closing its
// connection, then no new connections, idle keep-alive connections closed, requests in flight answered, all of
// it bounded by a deadline.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Env } from '@/server/platform/env';
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

/** How long a new connection may take to send its first request before draining counts it as idle. */
const FIRST_REQUEST_GRACE_MS = 1_000;

export interface DrainableServer {
  server: http.Server;
  /** Requests received and not yet answered. */
  inFlight: () => number;
  /** Has every request in flight answer with `Connection: close` (those whose headers are not sent yet). */
  closeAfterAnswers: () => void;
  /**
   * Closes the connections with no request in progress, except new ones still within their first
   * FIRST_REQUEST_GRACE_MS: a client that has just connected is about to send its request, and closing the
   * connection under it would reset that request (Node's closeIdleConnections closes those too).
   */
  closeIdleConnections: () => void;
}

interface Connection {
  connectedAt: number;
  served: number;
  busy: boolean;
}

export function createHttpServer(
  env: Pick<Env, 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS'>,
  handle: http.RequestListener,
): DrainableServer {
  const unanswered = new Set<http.ServerResponse>();
  const connections = new Map<Socket, Connection>();
  const server = http.createServer(httpServerOptions(env), (req, res) => {
    unanswered.add(res);
    const connection = connections.get(req.socket);
    if (connection) connection.busy = true;
    res.once('close', () => {
      unanswered.delete(res);
      if (connection) Object.assign(connection, { busy: false, served: connection.served + 1 });
    });
    // Answered while draining: the connection closes after this response instead of waiting for another.
    if (isDraining()) res.setHeader('Connection', 'close');
    handle(req, res);
  });
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { connectedAt: Date.now(), served: 0, busy: false });
    socket.once('close', () => connections.delete(socket));
  });
  return {
    server,
    inFlight: () => unanswered.size,
    closeIdleConnections: () => {
      const now = Date.now();
      for (const [socket, { busy, served, connectedAt }] of connections)
        if (!busy && (served > 0 || now - connectedAt > FIRST_REQUEST_GRACE_MS)) socket.destroy();
    },
    // A request that arrived before the signal: without this its answer would keep the connection alive, the
    // client would send its next request on it, and closing it as idle would reset that request.
    closeAfterAnswers: () => {
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
  };
}

/**
 * Drains the server: answers from now on close their connections; for `notReadyMs` new connections are still
 * served (readiness answers 503 meanwhile); then it stops accepting, closes idle connections (again as each
 * keep-alive connection falls idle after its answer) and resolves once every connection is closed, or at the
 * deadline (ms since epoch), when what is left is cut off. Resolves with the number of requests cut off
 * unanswered.
 */
export async function drainHttpServer(
  drainable: DrainableServer,
  { notReadyMs, deadline }: { notReadyMs: number; deadline: number },
): Promise<number> {
  const { server, inFlight, closeIdleConnections } = drainable;
  drainable.closeAfterAnswers();
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, Math.min(notReadyMs, deadline - Date.now()))),
  );
  return new Promise((resolve) => {
    let cut = 0;
    const sweep = setInterval(closeIdleConnections, 50);
    const timer = setTimeout(
      () => {
        cut = inFlight();
        server.closeAllConnections();
      },
      Math.max(0, deadline - Date.now()),
    );
    // server.close() would close idle connections itself, new ones included: they are closed by the sweep.
    server.closeIdleConnections = () => undefined;
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(timer);
      resolve(cut);
    });
    closeIdleConnections();
  });
}
