// Results feed isolation: another tenant's reads of one participant, alone and while four readers pull maximal
// feed pages (GET /v1/results?limit=1000, close to 1 MiB each) at once, through the REST core in this process.
// The figure is the ratio of the other tenant's two p95s, in alternating rounds so that the machine's own load
// weighs on both sides alike; the median round is reported beside every round. What buys it is that feed
// pages take turns and fill at most a fifth of the time (server/results/feed.ts); the test
// (server/results/feed-isolation.test.ts) checks that mechanism, this measures its effect.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { createRestHandler } from '@/server/doors/rest/handler';
import { redirectLogs } from '@/server/platform/observability/logger';
import { addParticipant, publishFullFeedPages } from '@/server/test/webhook-fixtures';
import { percentiles } from './http-load';

export interface FeedIsolationFigures {
  readers: number;
  samplesPerRound: number;
  /** Each round: the other tenant's p95 alone, then beside the readers, and their ratio. */
  rounds: { baselineP95Ms: number; besideReadersP95Ms: number; ratio: number }[];
  /** Pages the readers were served, and their mean size. */
  pages: number;
  meanPageBytes: number;
  /** The median round's ratio: the figure. */
  beside_readers_vs_alone_p95: number;
}

interface FeedIsolationOptions {
  db: PrismaClient;
  /** The readers' questionnaire and key (every scope), and the other tenant's. */
  reader: { questionnaireId: string; apiKey: string };
  other: { questionnaireId: string; apiKey: string };
  readers?: number;
  samples?: number;
  rounds?: number;
}

const BASE = 'http://127.0.0.1';
const twoPlaces = (ratio: number) => Math.round(ratio * 100) / 100;

export async function measureFeedIsolation({
  db,
  reader,
  other,
  readers = 4,
  samples = 60,
  rounds = 3,
}: FeedIsolationOptions): Promise<FeedIsolationFigures> {
  // Each request is logged as the server logs it (the work counts), into nothing: the terminal shows figures.
  const restoreLogs = redirectLogs(() => undefined);
  try {
    return await measure({ db, reader, other, readers, samples, rounds });
  } finally {
    restoreLogs();
  }
}

async function measure({
  db,
  reader,
  other,
  readers,
  samples,
  rounds,
}: Required<FeedIsolationOptions>): Promise<FeedIsolationFigures> {
  const handler = createRestHandler({ db, rateLimitPerMinute: 1_000_000 });
  const get = async (path: string, key: string) => {
    const response = await handler(new Request(`${BASE}${path}`, { headers: { authorization: key } }));
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return bytes;
  };

  await publishFullFeedPages(db, reader.questionnaireId);
  const otherPath = `/v1/participant/${(await addParticipant(db, other.questionnaireId)).participantId}`;

  const otherTenantP95 = async () => {
    const durations: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await get(otherPath, other.apiKey);
      durations.push(performance.now() - started);
    }
    return percentiles(durations).p95;
  };
  const pageSizes: number[] = [];
  const otherTenantP95BesideReaders = async () => {
    let reading = true;
    const pulling = Array.from({ length: readers }, async () => {
      while (reading) pageSizes.push(await get('/v1/results?limit=1000', reader.apiKey));
    });
    try {
      // Every reader has had a page before the other tenant's requests are timed.
      while (pageSizes.length < readers) await new Promise((resolve) => setTimeout(resolve, 20));
      return await otherTenantP95();
    } finally {
      reading = false;
      await Promise.all(pulling);
    }
  };

  await otherTenantP95(); // warm up: connections, statement plans, the key cache
  const measured: FeedIsolationFigures['rounds'] = [];
  for (let round = 0; round < rounds; round++) {
    const baselineP95Ms = await otherTenantP95();
    const besideReadersP95Ms = await otherTenantP95BesideReaders();
    measured.push({
      baselineP95Ms,
      besideReadersP95Ms,
      ratio: twoPlaces(besideReadersP95Ms / baselineP95Ms),
    });
  }
  const ratios = measured.map((r) => r.ratio).sort((a, b) => a - b);
  return {
    readers,
    samplesPerRound: samples,
    rounds: measured,
    pages: pageSizes.length,
    meanPageBytes: Math.round(pageSizes.reduce((sum, bytes) => sum + bytes, 0) / pageSizes.length),
    beside_readers_vs_alone_p95: ratios[Math.floor(ratios.length / 2)]!,
  };
}
