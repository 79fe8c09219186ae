// With TRUST_PROXY off (the default, and compose.yaml's), a stranger who fails an Admin's password locks out
// only the address their connection comes from: the lockout counts by the TCP peer, which our HTTP server
// writes into the request (scripts/start.ts), and never by a header the stranger writes. Sign-ins travel over
// real loopback connections from two source addresses (127.0.0.2 the stranger, 127.0.0.1 the owner) through a
// server that stamps the peer as the real one does and checks credentials as the sign-in form's route does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAdmin } from '@/server/admins/options';
import { adminClientAddress, stampPeerAddress } from '@/server/platform/lib/client-address';
import { createAdmin } from '@/server/admins/users';
import { ADDRESS_POLICY } from '@/server/admins/auth-throttle';
import { env } from '@/server/platform/env';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';

const PASSWORD = 'correct horse battery';
const STRANGER = '127.0.0.2';
const OWNER = '127.0.0.1';

describe('the Admin door’s client address', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it('is the first X-Forwarded-For hop only with TRUST_PROXY, and the TCP peer without it', () => {
    const sent = headers({ 'x-forwarded-for': '203.0.113.9, 10.0.0.1', 'x-pais-peer-address': '10.0.0.1' });
    expect(adminClientAddress(sent, true)).toBe('203.0.113.9');
    expect(adminClientAddress(sent, false)).toBe('10.0.0.1');
    expect(adminClientAddress(headers({ 'x-pais-peer-address': '::ffff:192.0.2.4' }), false)).toBe(
      '192.0.2.4',
    );
    expect(adminClientAddress(headers({ 'x-forwarded-for': '203.0.113.9' }), false)).toBeNull();
  });
});

describe.each(testDatabaseKinds())('sign-in lockout without TRUST_PROXY (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let server: http.Server;
  let port: number;
  const trustProxy = env.TRUST_PROXY;

  beforeAll(async () => {
    env.TRUST_PROXY = false;
    server = http.createServer((req, res) => {
      stampPeerAddress(req);
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { email, password } = JSON.parse(body) as { email: string; password: string };
        const requestHeaders = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string') requestHeaders.set(name, value);
        authorizeAdmin(db.prisma, { email, password, sourceIp: adminClientAddress(requestHeaders) }).then(
          () => res.writeHead(200).end('signed in'),
          (error: Error) => res.writeHead(401).end(error.message),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    env.TRUST_PROXY = trustProxy;
    await new Promise((resolve) => server.close(resolve));
  });

  /** A sign-in over a connection from `from`, with whatever headers the client chooses to send. */
  function signIn(from: string, email: string, password: string, extraHeaders: Record<string, string> = {}) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          localAddress: from,
          headers: { 'content-type': 'application/json', ...extraHeaders },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email, password }));
    });
  }

  it('a stranger failing the operator’s password locks out only their own address; forged headers change nothing', async () => {
    await createAdmin(db.prisma, { email: 'operator@example.com', password: PASSWORD, isOperator: true });
    // The stranger claims the owner's address in both headers a client could try; neither is believed.
    const forged = { 'x-forwarded-for': OWNER, 'x-pais-peer-address': OWNER };
    for (let i = 0; i <= ADDRESS_POLICY.free; i++) {
      expect((await signIn(STRANGER, 'operator@example.com', `guess ${i}`, forged)).text).toBe(
        'Email or password is incorrect',
      );
    }
    const locked = await signIn(STRANGER, 'operator@example.com', PASSWORD, forged);
    expect(locked.text).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);

    // The owner, on another address, signs in at once.
    expect(await signIn(OWNER, 'operator@example.com', PASSWORD)).toEqual({ status: 200, text: 'signed in' });
    const counters = await db.prisma.adminAuthThrottle.findMany({ select: { scope: true } });
    expect(counters.map((c) => c.scope)).toContain(STRANGER);
    expect(counters.map((c) => c.scope)).not.toContain('unknown');
  });
});
