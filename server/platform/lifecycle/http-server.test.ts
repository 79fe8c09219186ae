import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, drainHttpServer, type DrainableServer } from './http-server';
import { beginDraining } from './state';

const TIMEOUTS = { HTTP_HEADERS_TIMEOUT_MS: 1000, HTTP_REQUEST_TIMEOUT_MS: 2000 };
let running: DrainableServer | undefined;

async function listen(handle: http.RequestListener): Promise<number> {
  running = createHttpServer(TIMEOUTS, handle);
  await new Promise<void>((resolve) => running!.server.listen(0, '127.0.0.1', resolve));
  return (running.server.address() as AddressInfo).port;
}

afterEach(() => {
  running?.server.closeAllConnections();
  running?.server.close();
  running = undefined;
});

/** Milliseconds until the server closes a connection that sends `start` and then trickles a byte at a time. */
function closedAfter(port: number, start: string): Promise<number> {
  return new Promise((resolve) => {
    const began = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
    const trickle = setInterval(() => socket.writable && socket.write('a'), 200);
    socket.resume();
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(trickle);
      resolve(Date.now() - began);
    });
    setTimeout(() => socket.destroy(), 8000);
  });
}

describe('the server `npm start` runs', () => {
  it('cuts off a client that sends nothing, its headers slowly, or its body slowly', async () => {
    const port = await listen((req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    const [idle, headers, body] = await Promise.all([
      closedAfter(port, ''),
      closedAfter(port, 'POST / HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      closedAfter(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n'),
    ]);
    expect(idle).toBeLessThan(4000);
    expect(headers).toBeLessThan(4000);
    expect(body).toBeLessThan(5000);
  }, 20_000);

  it('drains: refuses new connections, answers the request in flight with Connection: close, closes idle keep-alive connections', async () => {
    let release: () => void = () => undefined;
    const port = await listen((req, res) => {
      if (req.url === '/slow') release = () => res.end('slow done');
      else res.end('quick');
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const get = (path: string) =>
      new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', path, agent }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () =>
              resolve({ status: res.statusCode!, body, connection: res.headers.connection }),
            );
          })
          .on('error', reject);
      });
    // One keep-alive connection left idle, one with a request in flight.
    expect((await get('/quick')).body).toBe('quick');
    const slow = get('/slow');
    await new Promise((resolve) => setTimeout(resolve, 100));

    beginDraining();
    const drained = drainHttpServer(running!, { notReadyMs: 0, deadline: Date.now() + 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(
      new Promise((resolve, reject) =>
        net.connect(port, '127.0.0.1', () => resolve('connected')).on('error', reject),
      ),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    release();
    // Received before the drain began, answered after: its client must not send another request on it.
    expect(await slow).toEqual({ status: 200, body: 'slow done', connection: 'close' });
    expect(await drained).toBe(0);
    agent.destroy();
  });

  it('keeps accepting for notReadyMs after the signal (each answer closing its connection), then refuses', async () => {
    const port = await listen((req, res) => res.end('answered'));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', path: '/', agent }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ body, connection: res.headers.connection }));
          })
          .on('error', reject);
      });
    beginDraining();
    const drained = drainHttpServer(running!, { notReadyMs: 600, deadline: Date.now() + 5000 });
    // Within the window: new connections are answered, each closed after its answer.
    expect(await get()).toEqual({ body: 'answered', connection: 'close' });
    expect(await get()).toEqual({ body: 'answered', connection: 'close' });
    expect(await drained).toBe(0);
    await expect(get()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  });

  it('cuts off what is still running at the deadline and says how many', async () => {
    const port = await listen(() => undefined); // never answers
    const answered = new Promise((resolve) =>
      http.get({ port, host: '127.0.0.1', path: '/' }, resolve).on('error', (error) => resolve(error)),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const began = Date.now();
    expect(await drainHttpServer(running!, { notReadyMs: 0, deadline: Date.now() + 500 })).toBe(1);
    expect(Date.now() - began).toBeLessThan(2000);
    expect(await answered).toMatchObject({ code: 'ECONNRESET' });
  });
});
