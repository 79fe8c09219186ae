// OpenTelemetry traces exported over OTLP/HTTP to a real receiver on 127.0.0.1 (decoding the JSON export):
// the request's span continues the incoming `traceparent`, database statements and the webhook send are its
// children, and the webhook carries a `traceparent` naming the send's span. Off, nothing is exported or sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@/server/platform/db/client';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { startTestReceiver, type TestReceiver } from '@/server/test/webhook-receiver';
import { observeRequests } from './observe-request';
import { sampleResult, seedParticipant, testSettings } from '@/server/test/webhook-fixtures';
import { publishResult } from '@/server/results/results';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { configureWebhook } from '@/server/webhooks/config';
import { sendTestEvent } from '@/server/webhooks/test-event';
import { startTracing, startWebhookSendSpan, stopTracing } from './tracing';
import { spanAttribute as attribute, startOtlpReceiver } from '@/server/test/otlp-receiver';

const INCOMING_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const INCOMING_SPAN = '00f067aa0ba902b7';

describe.each(testDatabaseKinds())('OpenTelemetry traces (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let hook: TestReceiver;
  let questionnaireId: string;
  let participantId: string;
  beforeAll(async () => {
    hook = await startTestReceiver(() => ({ status: 204 }));
    ({ questionnaireId, participantId } = await seedParticipant(db.prisma));
    await configureWebhook(db.prisma, questionnaireId, { url: hook.url }, { settings: testSettings() });
  });
  afterAll(async () => {
    await hook.close();
  });

  /** A route handler that reads the database and sends a webhook, as the Admin's "send test event" does. */
  const handlerOn = (database: Database) =>
    observeRequests('/api/example/{id}', async () => {
      await database.prisma.$queryRawUnsafe('SELECT count(*) FROM webhook_delivery');
      // The dispatcher's own send, as the Admin's button makes it.
      await sendTestEvent(database.prisma, questionnaireId, { settings: testSettings(), timeoutMs: 5_000 });
      return Response.json({ ok: true });
    });

  it('exports the request, its statements and the webhook send, continuing the incoming traceparent', async () => {
    const otlp = await startOtlpReceiver();
    startTracing({ tracesUrl: otlp.url, serviceName: 'pais-test' });
    // Opened with tracing on, so its connections are traced (PostgreSQL; PGlite has no pg connections).
    const database =
      kind === 'postgresql' ? createDatabase(db.url, 2) : { prisma: db.prisma, close: async () => {} };
    try {
      const res = await handlerOn(database)(
        new Request('http://localhost/api/example/1', {
          headers: { traceparent: `00-${INCOMING_TRACE}-${INCOMING_SPAN}-01` },
        }),
      );
      expect(res.status).toBe(200);
    } finally {
      await stopTracing();
      await database.close();
      await otlp.close();
    }
    const server = otlp.spans.find((s) => s.name === 'GET /api/example/{id}');
    expect(server).toMatchObject({ traceId: INCOMING_TRACE, parentSpanId: INCOMING_SPAN });
    expect(attribute(server, 'http.route')).toBe('/api/example/{id}');
    expect(attribute(server, 'http.response.status_code')).toBe(200);

    const send = otlp.spans.find((s) => s.name === 'POST webhook');
    expect(send).toMatchObject({ traceId: INCOMING_TRACE, parentSpanId: server!.spanId });
    expect(attribute(send, 'http.response.status_code')).toBe(204);
    expect(hook.requests.at(-1)!.headers.traceparent).toBe(`00-${INCOMING_TRACE}-${send!.spanId}-01`);

    if (kind === 'postgresql') {
      const statement = otlp.spans.find((s) =>
        attribute(s, 'db.query.text')?.toString().includes('SELECT count(*) FROM webhook_delivery'),
      );
      expect(statement).toMatchObject({
        traceId: INCOMING_TRACE,
        parentSpanId: server!.spanId,
        name: 'SELECT',
      });
    }
  });

  it('links the webhook send, made later by the dispatcher, to the request that published the result', async () => {
    const otlp = await startOtlpReceiver();
    startTracing({ tracesUrl: otlp.url, serviceName: 'pais-test' });
    try {
      const publish = observeRequests('/api/internal/results', async () => {
        await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
        return Response.json({ ok: true });
      });
      const res = await publish(
        new Request('http://localhost/api/internal/results', {
          method: 'POST',
          headers: { traceparent: `00-${INCOMING_TRACE}-${INCOMING_SPAN}-01` },
        }),
      );
      expect(res.status).toBe(200);
      // The dispatcher, outside any request: its send starts a trace of its own.
      expect((await flushWebhooks(db.prisma, { settings: testSettings(), timeoutMs: 5_000 })).succeeded).toBe(
        1,
      );
    } finally {
      await stopTracing();
      await otlp.close();
    }
    const request = otlp.spans.find((s) => s.name === 'POST /api/internal/results');
    const send = otlp.spans.find((s) => s.name === 'POST webhook');
    expect(request).toMatchObject({ traceId: INCOMING_TRACE });
    expect(send!.traceId).not.toBe(INCOMING_TRACE);
    expect(send!.links).toEqual([
      expect.objectContaining({ traceId: INCOMING_TRACE, spanId: request!.spanId }),
    ]);
  });

  it('off (no OTLP endpoint): no span, no traceparent on the webhook', async () => {
    const res = await handlerOn({ prisma: db.prisma } as Database)(
      new Request('http://localhost/api/example/1', {
        headers: { traceparent: `00-${INCOMING_TRACE}-${INCOMING_SPAN}-01` },
      }),
    );
    expect(res.status).toBe(200);
    expect(hook.requests.at(-1)!.headers.traceparent).toBeUndefined();
    expect(startWebhookSendSpan(hook.url, 'delivery-2')).toBeNull();
  });
});
