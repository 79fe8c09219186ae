// The store of the API keys' request log and hourly usage (gathered by server/api-keys/request-log-buffer.ts):
// the flusher that writes each batch with two statements, and the reads of the Admin app's key detail.
import type { Db } from '@/server/platform/db/client';
import { Prisma } from '@/server/generated/prisma/client.ts';
import {
  gatherKeyRequests,
  takeKeyRequestBatch,
  type KeyRequestBatch,
} from '@/server/api-keys/request-log-buffer';
import { failureFields, logger } from '@/server/platform/observability/logger';
import {
  addUsageHoursStatement,
  insertKeyRequestsStatement,
  keyRequestPageStatement,
  type KeyRequestRow,
} from './statements';

/** How often the gathered calls are written: what the Admin app lags behind at most. */
const KEY_REQUEST_FLUSH_MS = 1_000;

/** Writes a batch: the calls with one INSERT, the hourly counts with one upsert that adds them up. */
async function writeKeyRequestBatch(db: Db, batch: KeyRequestBatch): Promise<void> {
  if (batch.requests.length) await db.$executeRaw(insertKeyRequestsStatement(batch.requests));
  if (batch.usage.length) await db.$executeRaw(addUsageHoursStatement(batch.usage));
}

/** Starts gathering and writing the calls (once per server process); `stop` writes what is left. */
export function startKeyRequestLog(db: () => Db, intervalMs = KEY_REQUEST_FLUSH_MS) {
  gatherKeyRequests(true);
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    writing = writing.then(async () => {
      const batch = takeKeyRequestBatch();
      try {
        await writeKeyRequestBatch(db(), batch);
      } catch (error) {
        // The database is away: this second's log is lost, never the calls themselves.
        logger.warn(
          { ...failureFields(error), calls: batch.requests.length },
          'API key request log not written',
        );
      }
    });
    return writing;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    flush,
    stop: async () => {
      clearInterval(timer);
      gatherKeyRequests(false);
      await flush();
    },
  };
}

/** Which calls a key's log shows: all, the failed (4xx and 5xx) or succeeded ones, or one status. */
export type KeyRequestFilter = 'all' | 'failed' | 'succeeded' | number;

export interface KeyRequestPage {
  requests: {
    id: string;
    at: string;
    method: string;
    route: string;
    status: number;
    durationMs: number;
    requestId: string;
  }[];
  /** Pass as `before` for the next (older) page; null at the end. */
  next: string | null;
}

const statusCondition = (filter: KeyRequestFilter) =>
  filter === 'failed'
    ? Prisma.sql`AND status >= 400`
    : filter === 'succeeded'
      ? Prisma.sql`AND status < 400`
      : typeof filter === 'number'
        ? Prisma.sql`AND status = ${filter}`
        : Prisma.empty;

/** The calls older than a page's last one: its time, then its id among calls of the same millisecond. */
function cursorCondition(cursor: string | null | undefined) {
  const match = cursor ? /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_(\d{1,19})$/.exec(cursor) : null;
  return match
    ? Prisma.sql`AND (at, id) < (${new Date(match[1]!)}::timestamptz, ${BigInt(match[2]!)})`
    : Prisma.empty;
}

/** A key's calls of the last `days` days, newest first, a page at a time. */
export async function listKeyRequests(
  db: Db,
  keyId: string,
  options: { filter: KeyRequestFilter; days: number; before?: string | null; limit: number; now?: Date },
): Promise<KeyRequestPage> {
  const since = new Date((options.now ?? new Date()).getTime() - options.days * 86_400_000);
  const before = cursorCondition(options.before);
  const rows = await db.$queryRaw<KeyRequestRow[]>(
    keyRequestPageStatement(
      keyId,
      since,
      Prisma.sql`${statusCondition(options.filter)} ${before}`,
      options.limit,
    ),
  );
  const page = rows.slice(0, options.limit);
  return {
    requests: page.map((r) => ({
      id: String(r.id),
      at: r.at.toISOString(),
      method: r.method,
      route: r.route,
      status: Number(r.status),
      durationMs: Number(r.duration_ms),
      requestId: r.request_id,
    })),
    next: rows.length > options.limit ? `${page.at(-1)!.at.toISOString()}_${page.at(-1)!.id}` : null,
  };
}

/** A key's calls per hour over the last `days` days (hours without calls left out), oldest first. */
export async function keyUsageHours(db: Db, keyId: string, days: number, now = new Date()) {
  const rows = await db.apiKeyUsageHour.findMany({
    where: { keyId, hour: { gte: new Date(now.getTime() - days * 86_400_000) } },
    orderBy: { hour: 'asc' },
  });
  return rows.map((r) => ({
    hour: r.hour.toISOString(),
    requests: r.requests,
    failed: r.failed,
    rateLimited: r.rateLimited,
  }));
}
