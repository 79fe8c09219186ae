// Retention of the history tables: what each keeps and for how long (environment variables, see
// docs/data-lifecycle.md), and the pruning that removes the rest. Row tables are trimmed in small batches,
// each its own short statement, so no lock is held for long and requests interleave; the partitioned tables
// lose whole past months (server/data-lifecycle/partitions.ts).
import type { Db } from '@/server/platform/db/client';
import type { Env } from '@/server/platform/env';
import { eraseInactiveParticipants } from './contact-retention';
import {
  cascadedAttemptsStatement,
  countExpiredStatement,
  deleteAndRememberStatement,
  deleteBatchStatement,
  hoursBefore,
  ROW_RULES,
  type RowRule,
} from './statements';
import {
  countRows,
  createMonthPartitions,
  dropMonthPartition,
  partitionsPast,
  PARTITIONED_TABLES,
} from './partitions';

export interface RetentionSettings {
  /** Ended deliveries (their payload with them) and delivery attempts. */
  webhookDeliveryDays: number;
  idempotencyHours: number;
  rateLimitBucketIdleHours: number;
  importRowDays: number;
  formSubmissionHours: number;
  auditLogDays: number;
  apiKeyRequestLogDays: number;
}

export const retentionFromEnv = (env: Env): RetentionSettings => ({
  webhookDeliveryDays: env.WEBHOOK_DELIVERY_RETENTION_DAYS,
  idempotencyHours: env.IDEMPOTENCY_RETENTION_HOURS,
  rateLimitBucketIdleHours: env.RATE_LIMIT_BUCKET_IDLE_HOURS,
  importRowDays: env.IMPORT_ROW_RETENTION_DAYS,
  formSubmissionHours: env.FORM_SUBMISSION_RETENTION_HOURS,
  auditLogDays: env.AUDIT_LOG_RETENTION_DAYS,
  apiKeyRequestLogDays: env.API_KEY_REQUEST_LOG_RETENTION_DAYS,
});

/** Rows per DELETE: a few milliseconds of work each, so no batch holds its locks for long. */
const PRUNE_BATCH_SIZE = 1000;
/** Between two batches the database serves others (the embedded database has one thread for everything). */
const PAUSE_BETWEEN_BATCHES_MS = 5;

/** Per table: rows removed (or, in a dry run, that would be). */
export type PruneCounts = Record<string, number>;

export interface PruneReport {
  dryRun: boolean;
  at: string;
  removed: PruneCounts;
  /** Month partitions created ahead (none in a dry run). */
  partitionsCreated: string[];
  /** Month partitions dropped (or that would be). */
  partitionsDropped: string[];
}

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_BATCHES_MS));

async function countExpired(db: Db, rule: RowRule, now: Date, s: RetentionSettings): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint | number }[]>(
    countExpiredStatement(rule, rule.expired(now, s)),
  );
  return Number(row?.n ?? 0);
}

/** Deletes one batch of expired rows (and writes what they leave behind); returns how many went. */
async function deleteBatch(db: Db, rule: RowRule, now: Date, s: RetentionSettings): Promise<number> {
  const batch = deleteBatchStatement(rule, rule.expired(now, s), PRUNE_BATCH_SIZE);
  if (!rule.remember) return db.$executeRaw(batch);
  const [row] = await db.$queryRaw<{ n: number }[]>(deleteAndRememberStatement(batch, rule.remember));
  return row?.n ?? 0;
}

async function deleteExpired(db: Db, rule: RowRule, now: Date, s: RetentionSettings): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await deleteBatch(db, rule, now, s);
    total += removed;
    if (removed < PRUNE_BATCH_SIZE) return total;
    await pause();
  }
}

/**
 * Attempts of the deliveries about to be removed (they leave with them through the cascade), but for those
 * in partitions dropped before `droppedBefore` (already counted there).
 */
async function countCascadedAttempts(
  db: Db,
  now: Date,
  s: RetentionSettings,
  droppedBefore: Date,
): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint | number }[]>(
    cascadedAttemptsStatement(now, s, droppedBefore),
  );
  return Number(row?.n ?? 0);
}

const partitionRetentionDays = (table: (typeof PARTITIONED_TABLES)[number], s: RetentionSettings) =>
  table === 'audit_log' ? s.auditLogDays : s.webhookDeliveryDays;

/**
 * One pruning pass: creates the coming months' partitions, drops the months wholly past retention, trims
 * every row table, then erases the personal data of participants past their questionnaire's retention. With dryRun nothing changes and the counts say what would go.
 */
export async function pruneHistory(
  db: Db,
  settings: RetentionSettings,
  options: { now?: Date; dryRun?: boolean } = {},
): Promise<PruneReport> {
  const now = options.now ?? new Date();
  const dryRun = options.dryRun ?? false;
  const report: PruneReport = {
    dryRun,
    at: now.toISOString(),
    removed: {},
    partitionsCreated: [],
    partitionsDropped: [],
  };
  let attemptsDroppedBefore = new Date(0);
  for (const table of PARTITIONED_TABLES) {
    if (!dryRun) report.partitionsCreated.push(...(await createMonthPartitions(db, table, now)));
    const days = partitionRetentionDays(table, settings);
    let rows = 0;
    for (const partition of await partitionsPast(db, table, hoursBefore(now, days * 24))) {
      rows += dryRun ? await countRows(db, partition) : await dropMonthPartition(db, table, partition, days);
      report.partitionsDropped.push(partition.name);
      if (table === 'webhook_delivery_attempt') attemptsDroppedBefore = partition.to;
    }
    report.removed[table] = rows;
  }
  // Counted before the deliveries go: afterwards the cascade has taken them.
  report.removed.webhook_delivery_attempt! += await countCascadedAttempts(
    db,
    now,
    settings,
    attemptsDroppedBefore,
  );
  for (const rule of ROW_RULES) {
    report.removed[rule.table] = dryRun
      ? await countExpired(db, rule, now, settings)
      : await deleteExpired(db, rule, now, settings);
  }
  // Participants past their questionnaire's personal data retention (an Admin setting, off by default).
  report.removed.participant_personal_data = await eraseInactiveParticipants(db, { now, dryRun });
  return report;
}
