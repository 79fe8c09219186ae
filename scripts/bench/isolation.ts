// Webhook isolation: one customer's broken endpoint must not delay another's results. Endpoint A
// has a backlog of deliveries; B's results are published at a steady rate and we measure publish → B's
// receipt, first with A answering at once, then with A accepting connections and never answering. Both
// phases run in one process with the built-in schedulers (PostgreSQL: two instances, embedded: one), woken
// after each publication as the commit's NOTIFY would.
// Also the many-endpoints throughput: E endpoints × N deliveries each, drained by one instance.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/server/generated/prisma/client.ts';
import { configureWebhook } from '@/server/webhooks/config';
import { createQuestionnaire } from '@/server/questionnaires/questionnaires';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { enqueueDeliveries } from '@/server/webhooks/outbox';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { startWebhookScheduler, type WebhookScheduler } from '@/server/webhooks/scheduler';
import { resultDeliveryPayload, RESULT_DELIVERY_EVENT } from '@/server/test/result-delivery';

export interface IsolationFigures {
  instances: number;
  backlogOnA: number;
  results: number;
  /** Publish → B's receipt while A answers at once. */
  healthyA: { p50Ms: number; p95Ms: number };
  /** The same while A never answers. */
  hangingA: { p50Ms: number; p95Ms: number };
  hanging_vs_healthy_p95: number;
}

export interface ManyEndpointsFigures {
  endpoints: number;
  deliveriesPerEndpoint: number;
  deliveriesPerSecond: number;
}

const settings = {
  secretBox: createSecretBox(randomBytes(32).toString('base64url')),
  allowPrivateUrls: true,
};

/** A receiver that answers at once, or (hang) never; it notes when each webhook-id arrived. */
async function startReceiver(): Promise<{
  url: string;
  hang: (on: boolean) => void;
  arrivals: Map<string, number>;
  count: () => number;
  close: () => Promise<void>;
}> {
  let hanging = false;
  const arrivals = new Map<string, number>();
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      arrivals.set(String(req.headers['webhook-id']), performance.now());
      if (!hanging) res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    hang: (on) => (hanging = on),
    arrivals,
    count: () => count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function queue(db: PrismaClient, questionnaireId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 100) {
    await db.$transaction(async (tx) => {
      for (let j = i; j < Math.min(i + 100, count); j++) {
        ids.push(
          ...(await enqueueDeliveries(tx, {
            questionnaireId,
            eventType: RESULT_DELIVERY_EVENT,
            payload: resultDeliveryPayload(questionnaireId),
          })),
        );
      }
    });
  }
  return ids;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function webhookFor(db: PrismaClient, tenantId: string, name: string, url: string): Promise<string> {
  const questionnaire = await createQuestionnaire(db, { tenantId, name }, { type: 'system' });
  await configureWebhook(db, questionnaire.id, { url }, { settings });
  return questionnaire.id;
}

export async function measureIsolation(options: {
  db: PrismaClient;
  databaseUrl: string;
  tenantId: string;
  instances: number;
  backlog: number;
  results: number;
  ratePerSecond: number;
}): Promise<IsolationFigures> {
  const { db } = options;
  const a = await startReceiver();
  const b = await startReceiver();
  const extra: PrismaClient[] = [];
  const schedulers: WebhookScheduler[] = [];
  try {
    const aId = await webhookFor(db, options.tenantId, 'A', a.url);
    const bId = await webhookFor(db, options.tenantId, 'B', b.url);
    for (let i = 0; i < options.instances; i++) {
      const client =
        i === 0
          ? db
          : new PrismaClient({ adapter: new PrismaPg({ connectionString: options.databaseUrl, max: 10 }) });
      if (client !== db) extra.push(client);
      schedulers.push(
        startWebhookScheduler({ db: () => client, flushOptions: { settings }, processWide: false }),
      );
    }
    const wakeAll = () => schedulers.forEach((s) => s.wake());

    const phase = async (): Promise<{ p50Ms: number; p95Ms: number }> => {
      await queue(db, aId, options.backlog);
      wakeAll();
      await sleep(500);
      const published = new Map<string, number>();
      for (let i = 0; i < options.results; i++) {
        const [id] = await queue(db, bId, 1);
        const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: id! } });
        published.set(delivery.messageId, performance.now());
        wakeAll();
        await sleep(1000 / options.ratePerSecond);
      }
      const deadline = performance.now() + 60_000;
      while ([...published.keys()].some((m) => !b.arrivals.has(m)) && performance.now() < deadline)
        await sleep(50);
      const latencies = [...published].map(([m, at]) => (b.arrivals.get(m) ?? deadline) - at);
      // A's backlog ends here, whatever is left of it.
      await db.webhookDelivery.updateMany({
        where: { status: 'pending', webhook: { questionnaireId: aId } },
        data: { status: 'cancelled' },
      });
      return { p50Ms: percentile(latencies, 50), p95Ms: percentile(latencies, 95) };
    };

    const healthyA = await phase();
    a.hang(true);
    const hangingA = await phase();
    return {
      instances: options.instances,
      backlogOnA: options.backlog,
      results: options.results,
      healthyA,
      hangingA,
      hanging_vs_healthy_p95: Math.round((hangingA.p95Ms / Math.max(1, healthyA.p95Ms)) * 100) / 100,
    };
  } finally {
    await a.close();
    await b.close();
    await Promise.all(schedulers.map((s) => s.stop()));
    await Promise.all(extra.map((c) => c.$disconnect()));
  }
}

/** E endpoints with N deliveries each, drained by one instance's flush; deliveries per second. */
export async function measureManyEndpoints(options: {
  db: PrismaClient;
  tenantId: string;
  endpoints: number;
  perEndpoint: number;
}): Promise<ManyEndpointsFigures> {
  const sink = await startReceiver();
  try {
    for (let e = 0; e < options.endpoints; e++) {
      const id = await webhookFor(options.db, options.tenantId, `many ${e}`, sink.url);
      await queue(options.db, id, options.perEndpoint);
    }
    const total = options.endpoints * options.perEndpoint;
    const started = performance.now();
    let sent = 0;
    while (sent < total) {
      const counts = await flushWebhooks(options.db, { settings, maxDeliveries: total });
      if (counts.claimed === 0) break;
      sent += counts.succeeded;
    }
    return {
      endpoints: options.endpoints,
      deliveriesPerEndpoint: options.perEndpoint,
      deliveriesPerSecond: Math.round(sent / ((performance.now() - started) / 1000)),
    };
  } finally {
    await sink.close();
  }
}
