// What an on-call engineer reads: an access line for every request the HTTP server answers (pages, 404s,
// static files, route handlers: one line each), Admin tRPC calls labelled per procedure, pool, wake-listener
// and build-info gauges in GET /api/metrics, and failures logged with what failed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminDoorHandler } from '@/server/doors/admin/admin-door';
import { createMetricsHandler } from '@/server/doors/metrics-endpoint';
import { logUnexpected } from '@/server/platform/lib/log-unexpected';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { sample } from '@/server/test/prometheus-sample';
import { startWebhookScheduler } from '@/server/webhooks/scheduler';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { publishResult } from '@/server/results/results';
import { configureWebhook } from '@/server/webhooks/config';
import {
  publishSampleResult,
  sampleResult,
  seedParticipant,
  seedWebhook,
  testSettings,
} from '@/server/test/webhook-fixtures';
import { startTestReceiver } from '@/server/test/webhook-receiver';
import { failureFields, logger, redirectLogs } from './logger';
import { watchPool } from './metrics';
import { observeRequests, observeServerRequests } from './observe-request';
import { runInRequestContext } from './request-context';

const METRICS_TOKEN = 'metrics-token-for-the-observability-tests-0123';

let lines: Record<string, unknown>[] = [];
let restoreLogs: (() => void) | undefined;
const captureLogs = () => {
  lines = [];
  restoreLogs = redirectLogs((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
};
afterEach(() => restoreLogs?.());

describe.each(testDatabaseKinds())('observability (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let scrapeHandler: (req: Request) => Promise<Response>;
  const scrape = async () =>
    (
      await scrapeHandler(
        new Request('http://localhost/api/metrics', {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        }),
      )
    ).text();

  beforeAll(() => {
    scrapeHandler = createMetricsHandler({
      db: () => db.prisma,
      token: () => METRICS_TOKEN,
      outboxCacheMs: 0,
    });
  });

  describe('the HTTP server writes one access line per request', () => {
    let server: http.Server;
    let base: string;
    // A route handler as the App Router runs it: it names its route and would log on its own.
    const routeHandler = observeRequests('/api/example', () => Promise.resolve(Response.json({ ok: true })));

    beforeAll(async () => {
      // Stands in for Next.js's request handler: pages, static files, a 404, a route handler, a crash.
      const nextLike = async (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (req.url === '/api/example') {
          const answer = await routeHandler(new Request(`http://localhost${req.url}`));
          res.writeHead(answer.status, Object.fromEntries(answer.headers));
          res.end(await answer.text());
        } else if (req.url === '/crash') {
          throw new Error('render failed: questionnaire template missing');
        } else if (req.url === '/login' || req.url?.startsWith('/_next/static/')) {
          // What proxy.ts and the pages read: the id the answer carries.
          res.end(String(req.headers['x-request-id']));
        } else {
          res.statusCode = 404;
          res.end('not found');
        }
      };
      server = http.createServer(observeServerRequests(nextLike));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it("pages, static files, 404s and route handlers: one line each, with the answer's request id", async () => {
      captureLogs();
      const answers = [];
      for (const path of ['/login', '/_next/static/chunks/app.js', '/no/such/page?token=x', '/api/example'])
        answers.push(await fetch(`${base}${path}`));
      const crashed = await fetch(`${base}/crash`);
      await new Promise((r) => setTimeout(r, 50));
      restoreLogs!();
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests.map((l) => [l.path, l.route, l.status])).toEqual([
        ['/login', '{page}', 200],
        ['/_next/static/chunks/app.js', '/_next/static/{file}', 200],
        ['/no/such/page', '{not found}', 404],
        ['/api/example', '/api/example', 200],
        ['/crash', '{page}', 500],
      ]);
      expect(requests.map((l) => l.requestId)).toEqual(
        [...answers, crashed].map((a) => a.headers.get('x-request-id')),
      );
      expect(await answers[0]!.text()).toBe(answers[0]!.headers.get('x-request-id'));
      const failure = lines.find((l) => l.msg === 'request handler failed');
      expect(failure).toMatchObject({
        message: 'render failed: questionnaire template missing',
        path: '/crash',
      });
      const text = await scrape();
      expect(
        sample(text, 'http_request_duration_seconds_count', { route: '{not found}', status: '404' }),
      ).toBeGreaterThan(0);
      expect(
        sample(text, 'http_request_duration_seconds_count', { route: '/api/example', status: '200' }),
      ).toBeGreaterThan(0);
    });

    it('keeps a well-formed incoming X-Request-Id', async () => {
      captureLogs();
      const answer = await fetch(`${base}/login`, { headers: { 'x-request-id': 'lb-1234' } });
      await new Promise((r) => setTimeout(r, 50));
      restoreLogs!();
      expect(answer.headers.get('x-request-id')).toBe('lb-1234');
      expect(lines.find((l) => l.msg === 'request')).toMatchObject({ requestId: 'lb-1234', path: '/login' });
    });
  });

  it('labels Admin tRPC calls per procedure; a batch is one route, a made-up name is {unknown}', async () => {
    const door = observeRequests(
      '/api/trpc',
      createAdminDoorHandler({ db: () => db.prisma, session: () => Promise.resolve(null) }),
    );
    const call = (path: string) => door(new Request(`http://localhost/api/trpc/${path}?batch=1&input={}`));
    const before = await scrape();
    const count = (text: string, route: string) =>
      sample(text, 'http_request_duration_seconds_count', { route, method: 'GET' }) ?? 0;
    const calls = (text: string, procedure: string) =>
      sample(text, 'admin_trpc_procedure_calls_total', { procedure }) ?? 0;
    await call('questionnaire.list');
    await call('questionnaire.list,questionnaire.stats');
    await call('questionnaire.nothingLikeThis');
    const after = await scrape();
    expect(count(after, '/api/trpc/questionnaire.list') - count(before, '/api/trpc/questionnaire.list')).toBe(
      1,
    );
    expect(count(after, '/api/trpc/{batch}') - count(before, '/api/trpc/{batch}')).toBe(1);
    expect(count(after, '/api/trpc/{unknown}') - count(before, '/api/trpc/{unknown}')).toBe(1);
    expect(calls(after, 'questionnaire.list') - calls(before, 'questionnaire.list')).toBe(2);
    expect(calls(after, 'questionnaire.stats') - calls(before, 'questionnaire.stats')).toBe(1);
    expect(after).not.toContain('nothingLikeThis');
    expect(count(after, '/api/trpc')).toBe(0);
  });

  it('reports the build and whether the wake listener is up', async () => {
    const text = await scrape();
    expect(sample(text, 'pais_build_info', { version: '0.1.0', node_version: process.version })).toBe(1);
    if (!db.pglite) return; // the listener on PostgreSQL is covered by the wake tests' own connection
    const scheduler = startWebhookScheduler({
      db: () => db.prisma,
      intervalMs: 60_000,
      wakeSource: { kind: 'pglite', pglite: db.pglite },
    });
    try {
      await expect.poll(async () => sample(await scrape(), 'webhook_wake_listener_up')).toBe(1);
    } finally {
      await scheduler.stop();
    }
  });

  it.runIf(kind === 'postgresql')(
    'reports the pool: connections in use, idle, and requests waiting',
    async () => {
      // The pool the service builds times a waiting request out after 5 s; a scrape under a loaded CI machine can
      // take that long, so this pool waits for as long as the test needs (the gauge reads the same counters).
      const pool = new pg.Pool({ connectionString: db.url, max: 1 });
      watchPool(pool);
      let release = (): void => undefined;
      try {
        // The pool counts a connection as in use from the moment it starts connecting, so the test waits for the
        // connection itself before it queues a second request (and before `release` can let it go).
        const client = await pool.connect();
        const held = new Promise<void>((resolve) => (release = resolve)).then(() => client.release());
        expect(sample(await scrape(), 'db_pool_connections', { state: 'in_use' })).toBe(1);
        const waiting = pool.query('SELECT 1');
        expect(sample(await scrape(), 'db_pool_connections', { state: 'waiting' })).toBe(1);
        release();
        await Promise.all([held, waiting]);
        const text = await scrape();
        expect(sample(text, 'db_pool_connections', { state: 'in_use' })).toBe(0);
        expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBe(1);
      } finally {
        // A checked-out connection would keep the pool from closing.
        release();
        await pool.end();
      }
    },
  );

  it('logs a failing endpoint at info and times publish → delivery once it succeeds', async () => {
    const receiver = await startTestReceiver((_req, index) =>
      index === 0 ? { status: 500 } : { status: 204 },
    );
    const level = logger.level;
    try {
      const seeded = await seedParticipant(db.prisma);
      await configureWebhook(
        db.prisma,
        seeded.questionnaireId,
        { url: receiver.url },
        { settings: testSettings() },
      );
      await publishResult(db.prisma, {
        participantId: seeded.participantId,
        result: sampleResult(),
        source: 'engine',
      });
      const before = sample(await scrape(), 'webhook_publish_to_delivery_seconds_count') ?? 0;
      logger.level = 'info';
      captureLogs();
      const t0 = Date.now();
      await flushWebhooks(db.prisma, { settings: testSettings(), timeoutMs: 2_000 });
      restoreLogs!();
      const failed = lines.find((l) => l.msg === 'webhook delivery attempt failed');
      expect(failed).toMatchObject({ level: 'info', outcome: 'retried', statusCode: 500, error: 'HTTP 500' });
      expect(JSON.stringify(failed)).not.toContain(receiver.url);
      // The first retry is due about 5 s later: flush as if then.
      await flushWebhooks(db.prisma, {
        settings: testSettings(),
        timeoutMs: 2_000,
        now: () => new Date(t0 + 60_000),
      });
      expect(receiver.requests).toHaveLength(2);
      expect(sample(await scrape(), 'webhook_publish_to_delivery_seconds_count')).toBe(before + 1);
    } finally {
      logger.level = level;
      restoreLogs?.();
      await receiver.close();
    }
  });

  it("times each attempt's send (the receiver's answer) and its settlement (the database) apart", async () => {
    // The receiver takes a second: the send's time shows it, and the settlement's does not.
    const receiver = await startTestReceiver(() => ({ status: 204, delayMs: 1_000 }));
    try {
      const seeded = await seedWebhook(db.prisma, receiver.url);
      await publishSampleResult(db.prisma, seeded.participantId);
      const readings = async () => {
        const text = await scrape();
        return {
          sends: sample(text, 'webhook_send_duration_seconds_count') ?? 0,
          sendsWithin1s: sample(text, 'webhook_send_duration_seconds_bucket', { le: '1' }) ?? 0,
          sendSeconds: sample(text, 'webhook_send_duration_seconds_sum') ?? 0,
          settlements: sample(text, 'webhook_settle_duration_seconds_count') ?? 0,
          settlementsWithin1s: sample(text, 'webhook_settle_duration_seconds_bucket', { le: '1' }) ?? 0,
        };
      };
      const before = await readings();
      await flushWebhooks(db.prisma, { settings: testSettings(), timeoutMs: 2_000 });
      const after = await readings();
      expect(receiver.requests).toHaveLength(1);
      expect(after.sends - before.sends).toBe(1);
      expect(after.sendsWithin1s - before.sendsWithin1s).toBe(0);
      expect(after.sendSeconds - before.sendSeconds).toBeGreaterThanOrEqual(1);
      expect(after.settlements - before.settlements).toBe(1);
      expect(after.settlementsWithin1s - before.settlementsWithin1s).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it("logs a failure with what failed (a P2010 names the statement's error), its stack only at debug", async () => {
    const failing = db.prisma.$queryRawUnsafe('SELECT no_such_column FROM webhook_delivery');
    const error = await failing.then(
      () => null,
      (e: unknown) => e,
    );
    const level = logger.level;
    captureLogs();
    try {
      logger.level = 'info';
      runInRequestContext({ requestId: 'r-1' }, () => logUnexpected('example', error));
    } finally {
      logger.level = level;
      restoreLogs!();
    }
    expect(lines[0]).toMatchObject({ msg: 'unexpected failure', where: 'example', code: 'P2010' });
    expect(String(lines[0]!.message)).toContain('column "no_such_column" does not exist');
    expect(lines[0]!.stack).toBeUndefined();
    logger.level = 'debug';
    try {
      expect(failureFields(error).stack).toMatch(/^\w*Error[\s\S]*\n\s+at /);
    } finally {
      logger.level = level;
    }
  });
});
