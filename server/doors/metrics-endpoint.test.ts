// GET /api/metrics after real traffic: REST requests (created, refused by the rate limit), result ingestion
// and a webhook flush to a real local receiver, on each test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestHarness, type RestHarness, type Seeded } from '@/server/test/rest-harness';
import { configureWebhook } from '@/server/webhooks/config';
import { createResultIngestionHandler } from './result-ingestion';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { startTestReceiver, type TestReceiver } from '@/server/test/webhook-receiver';
import { sampleResult, seedParticipant, testSettings } from '@/server/test/webhook-fixtures';
import { testDatabaseKinds } from '@/server/test/database';
import { createMetricsHandler } from './metrics-endpoint';
import { sample } from '@/server/test/prometheus-sample';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';
const INGESTION_TOKEN = 'internal-token-for-the-tests-0123456789';

describe.each(testDatabaseKinds())('GET /api/metrics (%s)', (kind) => {
  let rest: RestHarness;
  let seeded: Seeded;
  let receiver: TestReceiver;
  let token: string | undefined = METRICS_TOKEN;
  let scrapeHandler: (req: Request) => Promise<Response>;

  const scrape = (authorization?: string) =>
    scrapeHandler(
      new Request('http://localhost/api/metrics', {
        headers: authorization === undefined ? {} : { authorization },
      }),
    );

  beforeAll(async () => {
    rest = await createRestHarness(kind);
    seeded = await rest.seed();
    receiver = await startTestReceiver();
    // Outbox figures cached for 0 ms here, so each scrape sees the database as it is.
    scrapeHandler = createMetricsHandler({ db: () => rest.db.prisma, token: () => token, outboxCacheMs: 0 });
  });
  afterAll(async () => {
    await receiver.close();
    await rest.close();
  });

  it('answers 404 when METRICS_TOKEN is unset and 401 to a missing or wrong token', async () => {
    token = undefined;
    expect((await scrape(`Bearer ${METRICS_TOKEN}`)).status).toBe(404);
    token = METRICS_TOKEN;
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${METRICS_TOKEN}x`)).status).toBe(401);
    expect((await scrape(METRICS_TOKEN)).status).toBe(401);
  });

  it('reports REST requests, key cache, rate-limit refusals, deliveries, batches and the outbox', async () => {
    const before = await (await scrape(`Bearer ${METRICS_TOKEN}`)).text();
    const route = '/questionnaire/v1/participant';
    const createdBefore =
      sample(before, 'http_request_duration_seconds_count', { route, method: 'POST', status: '200' }) ?? 0;

    // Two creations and a refusal by the rate limit (a key allowed one request a minute).
    const key = await rest.createKey(seeded.questionnaireId);
    for (const irn of ['M-1', 'M-2']) {
      const res = await rest.call('POST', '/v1/participant', {
        key: key.value,
        body: { project_uuid: seeded.questionnaireId, interview_ref_num: irn },
      });
      expect(res.status).toBe(200);
    }
    const limited = await rest.createKey(seeded.questionnaireId);
    await rest.db.prisma.apiKey.update({ where: { id: limited.id }, data: { rateLimitPerMinute: 1 } });
    await rest.call('GET', `/v1/participant/${seeded.questionnaireId}`, { key: limited.value });
    expect(
      (await rest.call('GET', `/v1/participant/${seeded.questionnaireId}`, { key: limited.value })).status,
    ).toBe(429);

    // A published result with two webhooks: one delivered now, one failing (nothing listens on port 9).
    const settings = testSettings();
    const { participantId, questionnaireId } = await seedParticipant(rest.db.prisma);
    await configureWebhook(rest.db.prisma, questionnaireId, { url: receiver.url }, { settings });
    await rest.db.prisma.webhookEndpoint.create({
      data: {
        questionnaireId,
        url: 'http://127.0.0.1:9/down',
        secretEncrypted: settings.secretBox.encrypt('whsec_AAAA'),
      },
    });
    const ingest = createResultIngestionHandler({ db: () => rest.db.prisma, token: () => INGESTION_TOKEN });
    const published = await ingest(
      new Request('http://localhost/api/internal/results', {
        method: 'POST',
        headers: { authorization: `Bearer ${INGESTION_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ participant_uuid: participantId, ...sampleResult() }),
      }),
    );
    expect(published.status).toBe(202);
    const queued = await (await scrape(`Bearer ${METRICS_TOKEN}`)).text();
    expect(sample(queued, 'webhook_outbox_pending')).toBeGreaterThanOrEqual(2);
    expect(sample(queued, 'webhook_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);

    await flushWebhooks(rest.db.prisma, { settings });
    await receiver.waitFor(1);

    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = await response.text();
    expect(
      sample(after, 'http_request_duration_seconds_count', { route, method: 'POST', status: '200' }),
    ).toBe(createdBefore + 2);
    expect(
      sample(after, 'http_request_duration_seconds_count', {
        route: '/questionnaire/v1/participant/{participant_id}',
        method: 'GET',
        status: '429',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'http_request_duration_seconds_count', {
        route: '/api/internal/results',
        method: 'POST',
        status: '202',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'rate_limit_refusals_total')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'api_key_cache_requests_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'api_key_cache_requests_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'webhook_deliveries_total', { outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'webhook_deliveries_total', { outcome: 'retried' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'webhook_dispatcher_batches_total')).toBeGreaterThanOrEqual(1);
    // The delivered one left the outbox; the failing one waits for its retry.
    expect(sample(after, 'webhook_outbox_pending')).toBe((sample(queued, 'webhook_outbox_pending') ?? 0) - 1);
    expect(sample(after, 'webhook_outbox_failed')).toBe(0);
    // Default Node.js process metrics.
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('reads the outbox figures from the database at most once per cache period', async () => {
    const cached = createMetricsHandler({
      db: () => rest.db.prisma,
      token: () => token,
      outboxCacheMs: 60_000,
    });
    const read = async () =>
      sample(
        await (
          await cached(
            new Request('http://localhost/api/metrics', {
              headers: { authorization: `Bearer ${METRICS_TOKEN}` },
            }),
          )
        ).text(),
        'webhook_outbox_pending',
      );
    const first = await read();
    const { participantId, questionnaireId } = await seedParticipant(rest.db.prisma);
    await configureWebhook(
      rest.db.prisma,
      questionnaireId,
      { url: 'http://127.0.0.1:9/later' },
      { settings: testSettings() },
    );
    const ingest = createResultIngestionHandler({ db: () => rest.db.prisma, token: () => INGESTION_TOKEN });
    await ingest(
      new Request('http://localhost/api/internal/results', {
        method: 'POST',
        headers: { authorization: `Bearer ${INGESTION_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ participant_uuid: participantId, ...sampleResult() }),
      }),
    );
    expect(await read()).toBe(first);
    expect(await rest.db.prisma.webhookDelivery.count({ where: { status: 'pending' } })).toBe(
      (first ?? 0) + 1,
    );
  });
});
