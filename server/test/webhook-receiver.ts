// A real HTTP receiver for tests, the e2e suite and QA (`npm run webhook-receiver`): records every request
// (raw body, headers, arrival time) and answers what the test tells it to. With `logPath`, a GET on that path
// answers the requests recorded so far as JSON, so a test running elsewhere can read what arrived.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

interface ReplyPlan {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export type Responder = (request: ReceivedRequest, index: number) => ReplyPlan;

export interface TestReceiver {
  url: string;
  /** The address of the request log, when started with `logPath`. */
  logUrl?: string;
  port: number;
  requests: ReceivedRequest[];
  /** The most requests it held unanswered at once (the sender's concurrency). */
  maxConcurrent: () => number;
  /** Changes the answer for the following requests. */
  respond: (responder: Responder) => void;
  /** Resolves once `count` requests have arrived (or rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedRequest[]>;
  close: () => Promise<void>;
}

export async function startTestReceiver(
  responder: Responder = () => ({ status: 200, body: 'ok' }),
  options: { host?: string; port?: number; path?: string; logPath?: string } = {},
): Promise<TestReceiver> {
  let current = responder;
  const requests: ReceivedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let open = 0;
  let maxOpen = 0;

  const server = http.createServer((req, res) => {
    if (options.logPath && req.method === 'GET' && req.url === options.logPath) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(requests));
      return;
    }
    const chunks: Buffer[] = [];
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on('close', () => open--);
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      const plan = current(received, requests.length);
      requests.push(received);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve();
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(plan.status, { 'content-type': 'text/plain', ...plan.headers });
        res.end(plan.body ?? '');
      };
      if (plan.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, plan.delayMs);
        timers.add(timer);
      } else {
        answer();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url: `${origin}${options.path ?? '/hook'}`,
    logUrl: options.logPath ? `${origin}${options.logPath}` : undefined,
    port,
    requests,
    maxConcurrent: () => maxOpen,
    respond: (next) => {
      current = next;
    },
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        if (requests.length >= count) return resolve(requests.slice(0, count));
        const timer = setTimeout(
          () => reject(new Error(`Expected ${count} requests, received ${requests.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests.slice(0, count));
          },
        });
      }),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
