// Webhook dispatch throughput: signed deliveries per second from the outbox to a local receiver, against a
// plain HTTP POST loop of the same bodies to the same receiver, at the pool's concurrency (20) and at the
// per-endpoint cap's (the most the dispatcher sends to one endpoint at once).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { configureWebhook } from '@/server/webhooks/config';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { enqueueDeliveries } from '@/server/webhooks/outbox';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { defaultEndpointHealthPolicy } from '@/server/webhooks/endpoint-health';
import { resultDeliveryPayload, RESULT_DELIVERY_EVENT } from '@/server/test/result-delivery';
import { metrics } from '@/server/platform/observability/metrics';

export interface DispatchFigures {
  deliveries: number;
  dispatchPerSecond: number;
  rawPostPerSecond: number;
  /** Against the plain loop at 20 requests at once (the pool's size). */
  dispatch_vs_raw_ratio: number;
  /** The per-endpoint cap: the dispatcher's own concurrency to this one endpoint. */
  perEndpointCap: number;
  rawAtCapPerSecond: number;
  /** Against the plain loop at the cap's concurrency. */
  dispatch_vs_raw_at_cap_ratio: number;
  /**
   * This process's CPU per delivery while dispatching: dispatcher, receiver and (embedded) the database; on
   * PostgreSQL the server's own CPU is not in it. Unlike the rates it hardly moves when the machine is busy.
   */
  dispatchCpuUsPerDelivery: number;
  /** The same for the plain loop at the cap's concurrency: the client's and the receiver's share. */
  rawAtCapCpuUsPerPost: number;
  /**
   * Where a slot's time went, per attempt (the dispatcher's own histograms, webhook_send_duration_seconds and
   * webhook_settle_duration_seconds): signing and sending it until the receiver answered, then settling it
   * (its group's statement, which also hands the slot its next delivery) until that committed.
   */
  sendMsPerAttempt: number;
  settleMsPerAttempt: number;
}

/** Called around the dispatch phase alone (a CPU profile of the dispatcher, tmp scripts). */
export interface DispatchPhaseHooks {
  onDispatchStart?: () => void;
  onDispatchEnd?: () => Promise<void>;
}

/** CPU microseconds this process used since `since` (process.cpuUsage()). */
const cpuUsSince = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

const BATCH_SIZE = 20;

type Histogram = typeof metrics.webhookSendDuration;

/** A histogram's sum and count so far in this process (to take one phase's mean from two readings). */
async function histogramTotals(histogram: Histogram): Promise<{ sum: number; count: number }> {
  const { values } = await histogram.get();
  const total = (suffix: string) => values.find((v) => v.metricName?.endsWith(suffix))?.value ?? 0;
  return { sum: total('_sum'), count: total('_count') };
}

/** The mean in milliseconds of what `histogram` observed since `before`. */
async function meanMsSince(histogram: Histogram, before: { sum: number; count: number }) {
  const after = await histogramTotals(histogram);
  const count = after.count - before.count;
  return count === 0 ? 0 : Math.round(((after.sum - before.sum) / count) * 1000 * 100) / 100;
}

async function startSink(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received: () => count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function measureDispatch(
  db: PrismaClient,
  questionnaireId: string,
  deliveries: number,
  hooks: DispatchPhaseHooks = {},
): Promise<DispatchFigures> {
  const sink = await startSink();
  const settings = {
    secretBox: createSecretBox(randomBytes(32).toString('base64url')),
    allowPrivateUrls: true,
  };
  try {
    await configureWebhook(db, questionnaireId, { url: sink.url }, { settings });
    const payload = resultDeliveryPayload(questionnaireId);
    for (let i = 0; i < deliveries; i += 100) {
      await db.$transaction(async (tx) => {
        for (let j = i; j < Math.min(i + 100, deliveries); j++) {
          await enqueueDeliveries(tx, { questionnaireId, eventType: RESULT_DELIVERY_EVENT, payload });
        }
      });
    }
    hooks.onDispatchStart?.();
    const sendsBefore = await histogramTotals(metrics.webhookSendDuration);
    const settlesBefore = await histogramTotals(metrics.webhookSettleDuration);
    const dispatchCpu = process.cpuUsage();
    const dispatchStarted = performance.now();
    let sent = 0;
    while (sent < deliveries) {
      const counts = await flushWebhooks(db, { settings, batchSize: BATCH_SIZE, maxBatches: 1_000 });
      if (counts.claimed === 0) break;
      sent += counts.succeeded;
    }
    const dispatchSeconds = (performance.now() - dispatchStarted) / 1000;
    const dispatchCpuUs = cpuUsSince(dispatchCpu);
    await hooks.onDispatchEnd?.();
    const sendMsPerAttempt = await meanMsSince(metrics.webhookSendDuration, sendsBefore);
    const settleMsPerAttempt = await meanMsSince(metrics.webhookSettleDuration, settlesBefore);

    const body = JSON.stringify(payload);
    let rawCpuUs = 0;
    const rawPerSecond = async (concurrency: number) => {
      const rawCpu = process.cpuUsage();
      const rawStarted = performance.now();
      let next = 0;
      const worker = async () => {
        while (next < deliveries) {
          next++;
          const response = await fetch(sink.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          await response.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      rawCpuUs = cpuUsSince(rawCpu);
      return Math.round(deliveries / ((performance.now() - rawStarted) / 1000));
    };
    const rawPostPerSecond = await rawPerSecond(BATCH_SIZE);
    // The dispatcher sends to one endpoint at most WEBHOOK_ENDPOINT_MAX_IN_FLIGHT at once (docs/webhooks.md).
    const cap = defaultEndpointHealthPolicy().maxInFlightPerEndpoint;
    const rawAtCapPerSecond = await rawPerSecond(cap);

    const dispatchPerSecond = Math.round(sent / dispatchSeconds);
    const ratio = (raw: number) => Math.round((dispatchPerSecond / raw) * 100) / 100;
    return {
      deliveries: sent,
      dispatchPerSecond,
      rawPostPerSecond,
      dispatch_vs_raw_ratio: ratio(rawPostPerSecond),
      perEndpointCap: cap,
      rawAtCapPerSecond,
      dispatch_vs_raw_at_cap_ratio: ratio(rawAtCapPerSecond),
      dispatchCpuUsPerDelivery: Math.round(dispatchCpuUs / sent),
      rawAtCapCpuUsPerPost: Math.round(rawCpuUs / deliveries),
      sendMsPerAttempt,
      settleMsPerAttempt,
    };
  } finally {
    await sink.close();
  }
}
