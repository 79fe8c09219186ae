// The Admin pages while the database is gone: never Next.js's 500 (Prisma P2010), nor for the sign-in page
// of a visitor with a session cookie. With the server's PostgreSQL stopped (a PostgreSQL of the test's own on
// port 5491, never the shared one), an Admin page answers 503 with Retry-After and a plain page without a
// stack trace; once it is back, pages are served.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@/server/platform/db/client';
import { createOwnPostgres, type OwnPostgres } from '@/server/test/own-postgres';
import { ADMIN_OUTAGE_TEXT, ADMIN_OUTAGE_TITLE, createAdminOutageGate } from './admin-outage';

const PAGE = '<html><body>the Admin page</body></html>';

describe('Admin pages during a database outage', () => {
  let postgres: OwnPostgres;
  let database: Database;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    postgres = createOwnPostgres(5491);
    postgres.start();
    database = createDatabase(postgres.url, 2);
    const gate = createAdminOutageGate({ db: () => database.prisma, probes: true });
    // Stands in for Next.js: the page itself reads the database, as the Admin layout does.
    server = http.createServer((req, res) => {
      void gate(req, res).then(async (answered) => {
        if (answered) return;
        try {
          await database.prisma.$queryRaw`SELECT 1`;
          res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
        } catch (error) {
          res.writeHead(500).end((error as Error).stack);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    postgres.remove();
  });

  it('serves pages while the database answers, 503 with a clear page while it is down, pages again after', async () => {
    expect((await fetch(`${base}/admin/questionnaires/x`)).status).toBe(200);

    postgres.stop();
    for (const path of ['/admin', '/admin/questionnaires/x/api-keys', '/admin?tab=1']) {
      const res = await fetch(base + path);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('content-type')).toContain('text/html');
      const body = await res.text();
      expect(body).toContain(`<h1>${ADMIN_OUTAGE_TITLE}</h1>`);
      expect(body).toContain(ADMIN_OUTAGE_TEXT);
      expect(body).not.toMatch(/at .*\.(ts|js):\d+|ECONNREFUSED|Prisma|P\d{4}/);
    }
    const head = await fetch(`${base}/admin`, { method: 'HEAD' });
    expect(head.status).toBe(503);
    // Not an Admin page: passed on untouched (here the stand-in's own 500).
    expect((await fetch(`${base}/login`)).status).toBe(500);
    // The sign-in page, the password change and the enrolment read the database for a visitor with a session
    // cookie (the sign-in page sends a signed-in Admin on): the same 503 for them, the form for anyone else.
    for (const [path, cookie] of [
      ['/login', 'next-auth.session-token=claimed'],
      ['/login?callbackUrl=%2Fadmin%2Faccount', 'theme=dark; __Secure-next-auth.session-token.0=claimed'],
      ['/change-password', 'next-auth.session-token=claimed'],
      ['/two-factor-setup', 'next-auth.session-token=claimed'],
    ] as const) {
      const res = await fetch(base + path, { headers: { cookie } });
      expect(res.status, path).toBe(503);
      expect(await res.text()).toContain(ADMIN_OUTAGE_TEXT);
    }
    const withoutSession = await fetch(`${base}/login`, { headers: { cookie: 'theme=dark' } });
    expect(withoutSession.status).toBe(500);

    postgres.start();
    await expect.poll(async () => (await fetch(`${base}/admin`)).status, { timeout: 15_000 }).toBe(200);
    expect(await (await fetch(`${base}/admin`)).text()).toBe(PAGE);
  }, 60_000);
});
