// "Publish → customer receipt": how long a result the engine publishes takes to reach the customer's receiver,
// with the defaults (the dispatcher in every instance, woken at commit; no cron call). Results are posted to
// /api/internal/results of one instance at a steady rate, open loop (a slow answer does not slow the sender),
// and each is timed from just before its POST until its signed delivery arrives at a receiver on 127.0.0.1.
import { randomBytes, randomUUID } from 'node:crypto';
import { createDatabase } from '@/server/platform/db/client';
import { generateAccessCode, randomToken } from '@/server/platform/lib/secrets';
import { configureWebhook } from '@/server/webhooks/config';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { startTestReceiver } from '@/server/test/webhook-receiver';
import { sampleResult } from '@/server/test/webhook-fixtures';
import { seedQuestionnaire } from './fixtures';
import { startBenchServer, type BenchServer } from './server';

export interface PublishReceiptFigures {
  instances: number;
  resultsPerSecond: number;
  seconds: number;
  published: number;
  received: number;
  /** Deliveries that arrived more than once (should be 0). */
  duplicates: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface PublishReceiptRun {
  databaseUrl: string;
  /** One port per instance; results are published through the first. */
  ports: number[];
  distDir: string;
  resultsPerSecond: number;
  seconds: number;
}

/** Not measured: the first requests compile the route and warm the connection pools. */
const WARMUP_RESULTS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

export async function measurePublishReceipt(run: PublishReceiptRun): Promise<PublishReceiptFigures> {
  const total = Math.round(run.resultsPerSecond * run.seconds);
  const secrets = {
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    INTERNAL_API_TOKEN: randomBytes(24).toString('base64url'),
  };
  const arrivals = new Map<string, number[]>();
  const receiver = await startTestReceiver((request) => {
    const irn = (JSON.parse(request.body) as { interview_ref_num: string }).interview_ref_num;
    arrivals.set(irn, [...(arrivals.get(irn) ?? []), request.receivedAt]);
    return { status: 204 };
  });
  const seeded = await seedQuestionnaire(run.databaseUrl);
  const participants = await seedParticipants(
    run.databaseUrl,
    seeded.questionnaireId,
    WARMUP_RESULTS + total,
    receiver.url,
    secrets.NEXTAUTH_SECRET,
  );
  const servers: BenchServer[] = [];
  try {
    const env = { DATABASE_URL: run.databaseUrl, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', ...secrets };
    for (const port of run.ports) servers.push(await startBenchServer({ port, distDir: run.distDir, env }));
    const publishTo = servers[0]!;
    const publish = async (participant: { id: string; irn: string }) => {
      const response = await fetch(`${publishTo.baseUrl}/api/internal/results`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secrets.INTERNAL_API_TOKEN}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ participant_uuid: participant.id, ...sampleResult() }),
      });
      if (response.status !== 202) throw new Error(`ingestion answered ${response.status}`);
    };

    const warmup = participants.slice(0, WARMUP_RESULTS);
    for (const participant of warmup) await publish(participant);
    await receiver.waitFor(WARMUP_RESULTS, 30_000);

    const measured = participants.slice(WARMUP_RESULTS);
    const postedAt = new Map<string, number>();
    const posts: Promise<void>[] = [];
    const started = performance.now();
    for (const [i, participant] of measured.entries()) {
      // Paced against the start, so a late timer does not stretch the run.
      const due = started + (i * 1000) / run.resultsPerSecond - performance.now();
      if (due > 0) await sleep(due);
      postedAt.set(participant.irn, Date.now());
      posts.push(publish(participant));
    }
    await Promise.all(posts);
    await receiver.waitFor(WARMUP_RESULTS + total, 60_000).catch(() => undefined);
    await sleep(500); // a second copy of a delivery would arrive now

    const delays = measured
      .map((p) => (arrivals.get(p.irn)?.[0] ?? NaN) - postedAt.get(p.irn)!)
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
    return {
      instances: run.ports.length,
      resultsPerSecond: run.resultsPerSecond,
      seconds: run.seconds,
      published: total,
      received: delays.length,
      duplicates: [...arrivals.values()].filter((times) => times.length > 1).length,
      p50Ms: percentile(delays, 50),
      p95Ms: percentile(delays, 95),
      p99Ms: percentile(delays, 99),
      maxMs: delays.at(-1) ?? NaN,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await receiver.close();
  }
}

/** One participant per result (each on its first attempt), and the questionnaire's webhook to the receiver. */
async function seedParticipants(
  databaseUrl: string,
  questionnaireId: string,
  count: number,
  receiverUrl: string,
  appSecret: string,
): Promise<{ id: string; irn: string }[]> {
  const database = createDatabase(databaseUrl, 2);
  try {
    await configureWebhook(
      database.prisma,
      questionnaireId,
      { url: receiverUrl },
      { settings: { secretBox: createSecretBox(appSecret), allowPrivateUrls: true } },
    );
    const participants = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), irn: `RECEIPT-${i}` }));
    await database.prisma.participant.createMany({
      data: participants.map((p) => ({ id: p.id, questionnaireId, irn: p.irn })),
    });
    await database.prisma.attempt.createMany({
      data: participants.map((p) => ({
        participantId: p.id,
        number: 1,
        accessCode: generateAccessCode(),
        guideToken: randomToken(24),
      })),
    });
    return participants;
  } finally {
    await database.close();
  }
}
