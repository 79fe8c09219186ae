// Outbox figures for the metrics: pending and failed deliveries and the age of the oldest pending one, shared
// by every instance, so read from the database; cached a few seconds so that frequent scrapes (or several
// scrapers) cost one small query.
import { Gauge } from 'prom-client';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { processSingleton, type Slot } from '@/server/platform/process-registry';
import { metrics } from '../platform/observability/metrics';

declare module '@/server/platform/process-registry' {
  interface ProcessSingletons {
    /** The database the outbox gauges read, and their cached figures. */
    outboxSource: Slot<OutboxSource | undefined>;
  }
}

const OUTBOX_CACHE_MS = 5_000;

interface OutboxFigures {
  pending: number;
  failed: number;
  oldestPendingAgeSeconds: number;
  /** Webhook endpoints (not archived) by state (server/webhooks/endpoint-health.ts). */
  endpoints: Record<'healthy' | 'failing' | 'disabled', number>;
}

async function readOutboxFigures(db: PrismaClient, now = new Date()): Promise<OutboxFigures> {
  const [row] = await db.$queryRaw<
    {
      pending: bigint;
      failed: bigint;
      oldest: Date | null;
      healthy: bigint;
      failing: bigint;
      disabled: bigint;
    }[]
  >`
    SELECT count(*) FILTER (WHERE status = 'pending') AS pending,
           count(*) FILTER (WHERE status = 'failed') AS failed,
           min(created_at) FILTER (WHERE status = 'pending') AS oldest,
           (SELECT count(*) FROM webhook_endpoint
            WHERE archived_at IS NULL AND active AND breaker_opened_at IS NULL) AS healthy,
           (SELECT count(*) FROM webhook_endpoint
            WHERE archived_at IS NULL AND active AND breaker_opened_at IS NOT NULL) AS failing,
           (SELECT count(*) FROM webhook_endpoint WHERE archived_at IS NULL AND NOT active) AS disabled
    FROM webhook_delivery
    WHERE status IN ('pending', 'failed')`;
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingAgeSeconds: row?.oldest ? Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000) : 0,
    endpoints: {
      healthy: Number(row?.healthy ?? 0),
      failing: Number(row?.failing ?? 0),
      disabled: Number(row?.disabled ?? 0),
    },
  };
}

interface OutboxSource {
  db: () => PrismaClient;
  cacheMs: number;
  cached?: { at: number; figures: Promise<OutboxFigures> };
}

const outboxSource = processSingleton('outboxSource', () => ({ value: undefined }));

/**
 * Points the outbox gauges at a database (the gauges themselves are registered once per process; a later
 * call, e.g. another test's database, replaces the source and drops the cached figures).
 */
export function registerOutboxGauges(db: () => PrismaClient, cacheMs = OUTBOX_CACHE_MS): void {
  const registered = outboxSource.value !== undefined;
  outboxSource.value = { db, cacheMs };
  if (!registered) createOutboxGauges();
}

function figures(): Promise<OutboxFigures> {
  const source = outboxSource.value!;
  if (!source.cached || Date.now() - source.cached.at >= source.cacheMs) {
    const read = readOutboxFigures(source.db());
    source.cached = { at: Date.now(), figures: read };
    // A failed read is not kept: the next scrape tries again.
    read.catch(() => (source.cached = undefined));
  }
  return source.cached.figures;
}

function createOutboxGauges(): void {
  const gauge = (name: string, help: string, pick: (f: OutboxFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [metrics.registry],
      async collect() {
        this.set(pick(await figures()));
      },
    });
  new Gauge({
    name: 'webhook_endpoint_state',
    help: 'Webhook endpoints by state: healthy, failing (circuit breaker open) or disabled (all instances)',
    labelNames: ['state'] as const,
    registers: [metrics.registry],
    async collect() {
      const { endpoints } = await figures();
      for (const [state, count] of Object.entries(endpoints)) this.set({ state }, count);
    },
  });
  gauge('webhook_outbox_pending', 'Webhook deliveries waiting to be sent (all instances)', (f) => f.pending);
  gauge(
    'webhook_outbox_failed',
    'Webhook deliveries that gave up after every retry (all instances)',
    (f) => f.failed,
  );
  gauge(
    'webhook_outbox_oldest_pending_age_seconds',
    'Age of the oldest pending webhook delivery, 0 when none is pending',
    (f) => f.oldestPendingAgeSeconds,
  );
}
