import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postOutbound } from './http-client';
import { PINNED_INVALID_CERT, PINNED_INVALID_KEY } from '@/server/test/self-signed-tls';
import { closeAllPools, MAX_POOLS, poolCount, poolFor } from './connection-pools';

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
    await closeAllPools();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('sends consecutive requests to the same receiver over kept-alive connections', async () => {
    const receiver = await server();
    for (let i = 0; i < 12; i++)
      expect(await post(receiver.url)).toMatchObject({ statusCode: 204, error: null });
    expect(receiver.requests()).toBe(12);
    // undici's pool opens a second connection for the request right after its first (the first connection
    // still counts as busy then); from there on both are reused.
    expect(receiver.opened()).toBeLessThanOrEqual(2);
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

  it('pins each pool to its checked address, whatever the host name resolves to', async () => {
    const receiver = await server();
    const url = new URL(`http://pinned.invalid:${receiver.port}/hook`);
    const pool = poolFor({ url, address: '127.0.0.1', family: 4 });
    expect(poolFor({ url, address: '127.0.0.1', family: 4 })).toBe(pool);
    // A new DNS answer for the same host is a new address, hence another pool and other connections.
    expect(poolFor({ url, address: '127.0.0.2', family: 4 })).not.toBe(pool);
    // `.invalid` never resolves (RFC 6761): the pool's connections go to the pinned address without asking DNS.
    const { statusCode, body } = await pool.request({ path: '/hook', method: 'POST', body: '{}' });
    await body.dump();
    expect(statusCode).toBe(204);
    expect(receiver.requests()).toBe(1);
  });

  it('speaks TLS to the pinned address, names the host for SNI and verifies its certificate', async () => {
    const named: string[] = [];
    const context = tls.createSecureContext({ cert: PINNED_INVALID_CERT, key: PINNED_INVALID_KEY });
    const tlsServer = https.createServer(
      {
        SNICallback: (servername, callback) => {
          named.push(servername);
          callback(null, context);
        },
      },
      (_req, res) => res.writeHead(204).end(),
    );
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = tlsServer.address() as AddressInfo;
      const pool = poolFor({
        url: new URL(`https://pinned.invalid:${port}/hook`),
        address: '127.0.0.1',
        family: 4,
      });
      // The certificate is right for the name but signed by no one this process trusts: refused.
      await expect(pool.request({ path: '/hook', method: 'POST', body: '{}' })).rejects.toMatchObject({
        code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      });
      expect(named).toEqual(['pinned.invalid']);
    } finally {
      await new Promise((resolve) => tlsServer.close(resolve));
    }
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

  it('sends once more on a fresh connection when the receiver dropped a kept one unanswered', async () => {
    const perSocket = new WeakMap<object, number>();
    let dropped = 0;
    const receiver = await server((req, res) => {
      const seen = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, seen);
      // The second request on a connection finds it closed, as when an idle timeout races the reuse: in
      // turns closed (FIN) and reset (RST), which reach the client as different errors.
      if (seen === 2) {
        if (dropped++ % 2 === 0) req.socket.destroy();
        else req.socket.resetAndDestroy();
      } else res.writeHead(204).end();
    });
    for (let i = 0; i < 6; i++)
      expect(await post(receiver.url)).toMatchObject({ statusCode: 204, error: null });
    expect(dropped).toBeGreaterThan(1);
    expect(receiver.requests()).toBe(6 + dropped);
  });

  it('does not send again when a fresh connection is dropped unanswered', async () => {
    const receiver = await server((req) => req.socket.destroy());
    expect(await post(receiver.url)).toMatchObject({
      statusCode: null,
      error: `Connection reset by 127.0.0.1:${receiver.port}`,
    });
    expect(receiver.requests()).toBe(1);
  });

  it('reports a header the client cannot send, and sends nothing', async () => {
    const receiver = await server();
    const withUpgrade = { 'content-type': 'application/json', upgrade: 'websocket' };
    expect(
      await postOutbound(
        { url: receiver.url, headers: withUpgrade, body: '{}', timeoutMs: 2_000 },
        allowPrivate,
      ),
    ).toMatchObject({
      statusCode: null,
      error: 'The request could not be sent: invalid upgrade header',
    });
    expect(receiver.requests()).toBe(0);
  });

  it('keeps a bounded number of pools and closes the idle connections of the ones it drops', async () => {
    const receiver = await server();
    expect(await post(receiver.url)).toMatchObject({ statusCode: 204 });
    expect(receiver.closed()).toBe(0);
    for (let i = 0; i < MAX_POOLS; i++) {
      poolFor({ url: new URL(`http://other-${i}.invalid/`), address: '127.0.0.1', family: 4 });
    }
    expect(poolCount()).toBe(MAX_POOLS);
    await expect.poll(() => receiver.closed()).toBe(1);
  });
});
