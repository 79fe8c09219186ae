// Retention of the history tables: what each keeps and for how long (environment variables, see
// docs/data-lifecycle.md), and the pruning that removes the rest. Row tables are trimmed in small batches,
// each its own short statement, so no lock is held for long and requests interleave; the partitioned tables
// lose whole past months (server/data-lifecycle/partitions.ts).
import type { Db } from '@/server/platform/db/client';
import type { Env } from '@/server/platform/env';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { eraseInactiveParticipants } from './contact-retention';
import { REMEMBER_DELIVERED } from './statements';
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

const HOUR_MS = 3_600_000;
const before = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS);

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

/**
 * A row table's retention rule: the condition (and order) that finds its expired rows, oldest first through
 * an index where there are many, and the key columns a batch deletes them by.
 */
interface RowRule {
  table: string;
  key: string;
  expired: (now: Date, s: RetentionSettings) => Prisma.Sql;
  /**
   * What must outlive the rows: a statement reading the batch's deleted rows (CTE `gone`), run in the same
   * statement as the DELETE, so the rows and what they leave behind change at one commit.
   */
  remember?: Prisma.Sql;
}

const ROW_RULES: RowRule[] = [
  {
    // Ended deliveries, found from the oldest (created_at index): ended before the cutoff implies created
    // before it. Their attempts go with them (ON DELETE CASCADE).
    table: 'webhook_delivery',
    key: 'id',
    expired: (now, s) => {
      const cutoff = before(now, s.webhookDeliveryDays * 24);
      return Prisma.sql`created_at < ${cutoff} AND status <> 'pending' AND updated_at < ${cutoff} ORDER BY created_at`;
    },
    remember: REMEMBER_DELIVERED,
  },
  {
    // Never before the record expired (a replay must still find it), whatever the setting.
    table: 'idempotency_record',
    key: 'api_key_id, key',
    expired: (now, s) =>
      Prisma.sql`expires_at <= ${now} AND created_at < ${before(now, s.idempotencyHours)} ORDER BY expires_at`,
  },
  {
    // A bucket idle that long is full again: removing it changes nothing a key can observe.
    table: 'rate_limit_bucket',
    key: 'api_key_id',
    expired: (now, s) => Prisma.sql`updated_at < ${before(now, s.rateLimitBucketIdleHours)}`,
  },
  {
    // The rows of finished or abandoned imports; the import itself (its counts) stays.
    table: 'participant_import_row',
    key: 'import_id, row_number',
    expired: (now, s) => Prisma.sql`import_id IN (
      SELECT id FROM participant_import
      WHERE status <> 'running' AND coalesce(finished_at, created_at) < ${before(now, s.importRowDays * 24)})`,
  },
  {
    table: 'api_key_request',
    key: 'id',
    expired: (now, s) => Prisma.sql`at < ${before(now, s.apiKeyRequestLogDays * 24)} ORDER BY at`,
  },
  {
    table: 'api_key_usage_hour',
    key: 'key_id, hour',
    expired: (now, s) => Prisma.sql`hour < ${before(now, s.apiKeyRequestLogDays * 24)} ORDER BY hour`,
  },
  {
    table: 'admin_form_submission',
    key: 'admin_user_id, submission_id',
    expired: (now, s) => Prisma.sql`created_at < ${before(now, s.formSubmissionHours)} ORDER BY created_at`,
  },
];

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_BATCHES_MS));

async function countExpired(db: Db, rule: RowRule, now: Date, s: RetentionSettings): Promise<number> {
  const expired = rule.expired(now, s);
  const [row] = await db.$queryRaw<{ n: bigint | number }[]>`
    SELECT count(*) AS n FROM (SELECT 1 FROM ${Prisma.raw(rule.table)} WHERE ${expired}) AS expired`;
  return Number(row?.n ?? 0);
}

/** Deletes one batch of expired rows (and writes what they leave behind); returns how many went. */
async function deleteBatch(db: Db, rule: RowRule, now: Date, s: RetentionSettings): Promise<number> {
  const batch = Prisma.sql`
    DELETE FROM ${Prisma.raw(rule.table)} WHERE (${Prisma.raw(rule.key)}) IN (
      SELECT ${Prisma.raw(rule.key)} FROM ${Prisma.raw(rule.table)}
      WHERE ${rule.expired(now, s)} LIMIT ${PRUNE_BATCH_SIZE})`;
  if (!rule.remember) return db.$executeRaw`${batch}`;
  const [row] = await db.$queryRaw<{ n: number }[]>`
    WITH gone AS (${batch} RETURNING *), remembered AS (${rule.remember})
    SELECT count(*)::int AS n FROM gone`;
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
  const [rule] = ROW_RULES;
  const [row] = await db.$queryRaw<{ n: bigint | number }[]>`
    SELECT count(*) AS n FROM webhook_delivery_attempt
    WHERE attempted_at >= ${droppedBefore}
      AND delivery_id IN (SELECT id FROM webhook_delivery WHERE ${rule!.expired(now, s)})`;
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
    for (const partition of await partitionsPast(db, table, before(now, days * 24))) {
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
