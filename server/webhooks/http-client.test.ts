import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postOutbound } from './http-client';
import { agentCount, agentFor, closeAllAgents, MAX_AGENTS } from './agent-pool';

interface Server {
  url: string;
  port: number;
  /** Connections opened and closed so far. */
  opened: () => number;
  closed: () => number;
  requests: () => number;
  close: () => Promise<void>;
}

/** A real local receiver that counts connections; `answer` handles each request (default 204). */
async function startServer(
  answer: (req: http.IncomingMessage, res: http.ServerResponse, index: number) => void = (_req, res) =>
    res.writeHead(204).end(),
): Promise<Server> {
  let opened = 0;
  let closed = 0;
  let requests = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(req, res, requests++));
  });
  server.on('connection', (socket) => {
    opened++;
    socket.on('close', () => closed++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    opened: () => opened,
    closed: () => closed,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const allowPrivate = { allowPrivateUrls: true };
const post = (url: string, policy = allowPrivate, timeoutMs = 2_000) =>
  postOutbound({ url, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs }, policy);

describe('outbound HTTP client', () => {
  const servers: Server[] = [];
  const server = async (...args: Parameters<typeof startServer>) => {
    const started = await startServer(...args);
    servers.push(started);
    return started;
  };
  afterEach(async () => {
    closeAllAgents();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('sends consecutive requests to the same receiver over one kept-alive connection', async () => {
    const receiver = await server();
    for (let i = 0; i < 3; i++)
      expect(await post(receiver.url)).toMatchObject({ statusCode: 204, error: null });
    expect(receiver.requests()).toBe(3);
    expect(receiver.opened()).toBe(1);
  });

  it('still refuses a URL the guard rejects after a successful request to the same receiver', async () => {
    const receiver = await server();
    expect(await post(receiver.url)).toMatchObject({ statusCode: 204 });
    const publicOnly = { allowPrivateUrls: false };
    expect(await post(receiver.url, publicOnly)).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(/^Refused: The URL must use https/),
    });
    expect(await post(`https://127.0.0.1:${receiver.port}/hook`, publicOnly)).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(/^Refused: .*non-public address \(127\.0\.0\.1\)/),
    });
    expect(receiver.requests()).toBe(1);
    expect(receiver.opened()).toBe(1);
  });

  it('pins each agent to its checked address, whatever a request asks for', async () => {
    const receiver = await server();
    const url = new URL(`http://pinned.invalid:${receiver.port}/hook`);
    const agent = agentFor({ url, address: '127.0.0.1', family: 4 });
    expect(agentFor({ url, address: '127.0.0.1', family: 4 })).toBe(agent);
    // A new DNS answer for the same host is a new address, hence another agent and other connections.
    expect(agentFor({ url, address: '127.0.0.2', family: 4 })).not.toBe(agent);
    // The request's own lookup points elsewhere; the agent's pinned lookup wins.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          lookup: (_host, _options, callback) => callback(new Error('must not be asked'), '', 4),
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(204);
    expect(receiver.requests()).toBe(1);
  });

  it('closes the connection after an oversized or late answer, and the next request opens a new one', async () => {
    const receiver = await server((_req, res, index) => {
      if (index === 0) res.writeHead(200).end('x'.repeat(64 * 1024));
      else if (index === 1) setTimeout(() => res.writeHead(200).end('late'), 500);
      else res.writeHead(204).end();
    });
    const oversized = await post(receiver.url);
    expect(oversized).toMatchObject({ statusCode: 200, error: null });
    expect(oversized.snippet).toHaveLength(1024);
    expect(await post(receiver.url, allowPrivate, 200)).toMatchObject({
      statusCode: null,
      error: 'Timed out after 200 ms waiting for a response',
    });
    expect(await post(receiver.url)).toMatchObject({ statusCode: 204, error: null });
    expect(receiver.opened()).toBe(3);
  });

  it('sends once more on a fresh connection when the receiver dropped the kept one unanswered', async () => {
    const perSocket = new WeakMap<object, number>();
    const receiver = await server((req, res) => {
      const seen = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, seen);
      // The second request on a connection finds it closed, as when an idle timeout races the reuse.
      if (seen === 2) req.socket.destroy();
      else res.writeHead(204).end();
    });
    expect(await post(receiver.url)).toMatchObject({ statusCode: 204 });
    expect(await post(receiver.url)).toMatchObject({ statusCode: 204, error: null });
    expect(receiver.opened()).toBe(2);
  });

  it('keeps a bounded number of agents and closes the idle connections of the ones it drops', async () => {
    const receiver = await server();
    expect(await post(receiver.url)).toMatchObject({ statusCode: 204 });
    expect(receiver.closed()).toBe(0);
    for (let i = 0; i < MAX_AGENTS; i++) {
      agentFor({ url: new URL(`http://other-${i}.invalid/`), address: '127.0.0.1', family: 4 });
    }
    expect(agentCount()).toBe(MAX_AGENTS);
    await expect.poll(() => receiver.closed()).toBe(1);
  });
});
