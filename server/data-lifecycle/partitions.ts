// Month partitions of the append-heavy history tables (migration history_partitions): audit_log by `at`,
// webhook_delivery_attempt by `attempted_at`. Each partition, <table>_pYYYYMM, holds one UTC calendar month.
// The maintenance creates them ahead of time and retention drops the ones wholly past it: a catalogue change
// of milliseconds instead of a DELETE of millions of rows.
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { recordAudit } from '@/server/audit/audit-log';
import { createPartitionStatement, partitionNamesStatement, partitionRowsStatement } from './statements';

export const PARTITIONED_TABLES = ['audit_log', 'webhook_delivery_attempt'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** How many months after the current one get their partition in advance. */
export const MONTHS_AHEAD = 3;

/**
 * A drop or a creation waits this long at most for its lock on the parent table (it needs a brief exclusive
 * one): behind a long query it gives up and the next run tries again, rather than queueing every insert
 * behind itself.
 */
const LOCK_TIMEOUT = '2s';

export interface MonthPartition {
  name: string;
  /** First instant of the month (UTC), inclusive. */
  from: Date;
  /** First instant of the next month, exclusive. */
  to: Date;
}

const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const addMonths = (d: Date, months: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));

/** The table's month partitions (its DEFAULT partition aside), oldest first. */
export async function listMonthPartitions(db: Db, table: PartitionedTable): Promise<MonthPartition[]> {
  const rows = await db.$queryRaw<{ name: string }[]>(partitionNamesStatement(table));
  const prefix = `${table}_p`;
  return rows
    .map((r) => r.name)
    .filter((name) => name.startsWith(prefix) && /^\d{6}$/.test(name.slice(prefix.length)))
    .sort()
    .map((name) => {
      const month = name.slice(prefix.length);
      const from = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)) - 1, 1));
      return { name, from, to: addMonths(from, 1) };
    });
}

/**
 * Creates the missing month partitions from `from`'s month through MONTHS_AHEAD months after `now`'s; returns
 * the names created. A month whose rows already sit in the DEFAULT partition (the maintenance did not run for
 * months) cannot get its partition: it is skipped and its rows stay in DEFAULT, still append-only.
 */
export async function createMonthPartitions(
  db: Db,
  table: PartitionedTable,
  now: Date,
  from: Date = now,
): Promise<string[]> {
  const created: string[] = [];
  for (let month = monthStart(from); month < addMonths(now, MONTHS_AHEAD + 1); month = addMonths(month, 1)) {
    try {
      const made = await inTransaction(db, async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
        const [row] = await tx.$queryRaw<{ made: boolean }[]>(createPartitionStatement(table, month));
        return row?.made === true;
      });
      if (made) created.push(partitionName(table, month));
    } catch (error) {
      if (!isDefaultPartitionConflict(error)) throw error;
    }
  }
  return created;
}

const partitionName = (table: PartitionedTable, month: Date) =>
  `${table}_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

const isDefaultPartitionConflict = (error: unknown) =>
  /default partition .* would be violated/i.test(String((error as Error).message));

/** Month partitions that end on or before `cutoff`: every row in them is older than the retention. */
export async function partitionsPast(
  db: Db,
  table: PartitionedTable,
  cutoff: Date,
): Promise<MonthPartition[]> {
  return (await listMonthPartitions(db, table)).filter((p) => p.to <= cutoff);
}

export async function countRows(db: Db, partition: MonthPartition): Promise<number> {
  const [row] = await db.$queryRaw<{ rows: bigint | number }[]>(partitionRowsStatement(partition.name));
  return Number(row?.rows ?? 0);
}

/**
 * Drops one month partition; returns the rows it held. Dropping an audit-log month is the one way rows leave
 * the audit log, and it is recorded there, in the same transaction, with the range and the number of rows.
 */
export async function dropMonthPartition(
  db: Db,
  table: PartitionedTable,
  partition: MonthPartition,
  retentionDays: number,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    const rows = await countRows(tx, partition);
    if (table === 'audit_log') {
      await recordAudit(tx, {
        actor: { type: 'system', id: 'data-retention' },
        action: 'audit_log.trim',
        targetType: 'audit_log',
        targetId: partition.name,
        details: { from: partition.from, to: partition.to, rows, retentionDays },
      });
    }
    await tx.$executeRawUnsafe(`DROP TABLE "${partition.name}"`);
    return rows;
  });
}
