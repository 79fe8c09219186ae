// The data lifecycle's raw SQL: the row tables pruning trims (each by its description's key) and the batch
// that deletes their expired rows, what pruning a delivered result's delivery leaves behind
// (webhook_result_delivered), the participants past their questionnaire's personal data retention, and the
// month partitions of the history tables. Columns come from ONE description per table: a column added to the
// model is a tsc error there until it is described, then in the statement until it is given a value.
// statements.test.ts compares them with the migrated database (PGlite and PostgreSQL).
import { Prisma, type WebhookResultDelivered } from '@/server/generated/prisma/client.ts';
import { Table, type TableColumns } from '@/server/platform/db/table-columns';
import { FORM_SUBMISSION } from '@/server/admins/statements';
import { IDEMPOTENCY_RECORD, KEY_REQUEST, RATE_LIMIT_BUCKET, USAGE_HOUR } from '@/server/api-keys/statements';
import { IMPORT_ROW } from '@/server/imports/statements';
import { PARTICIPANT } from '@/server/participants/statements';
import { DELIVERY } from '@/server/webhooks/outbox';
import type { RetentionSettings } from './prune';

/** The webhook_result_delivered table, field by field. */
const RESULT_DELIVERED_COLUMNS = {
  webhookId: { name: 'webhook_id', type: 'uuid' },
  resultId: { name: 'result_id', type: 'uuid' },
  revisionId: { name: 'revision_id', type: 'uuid' },
  revisionCreatedAt: { name: 'revision_created_at', type: 'timestamptz' },
  deliveredAt: { name: 'delivered_at', type: 'timestamptz' },
} as const satisfies TableColumns<WebhookResultDelivered>;

export const RESULT_DELIVERED = new Table<WebhookResultDelivered, typeof RESULT_DELIVERED_COLUMNS>(
  'webhook_result_delivered',
  RESULT_DELIVERED_COLUMNS,
);

/** Each column of a remembered delivery, from the delivery that is `gone` and its revision `rv`. */
const REMEMBERED: { readonly [F in keyof WebhookResultDelivered]: Prisma.Sql } = {
  webhookId: Prisma.sql`gone.webhook_id`,
  resultId: Prisma.sql`rv.result_id`,
  revisionId: Prisma.sql`rv.id`,
  revisionCreatedAt: Prisma.sql`rv.created_at`,
  deliveredAt: Prisma.sql`gone.delivered_at`,
};
/** The columns naming a remembered delivery; the others move on to a newer revision. */
export const RESULT_DELIVERED_KEY = ['webhookId', 'resultId'] as const;

/**
 * A succeeded delivery of a result revision leaves, per endpoint and result, the newest revision delivered
 * (webhook_result_delivered): recovery (server/webhooks/recovery.ts) must not send it again once the
 * delivery is gone. Not taken from the attempts: their month partitions are dropped on their own schedule.
 * Reads the CTE `gone`, the deleted deliveries.
 */
export const REMEMBER_DELIVERED = Prisma.sql`
  INSERT INTO webhook_result_delivered AS m (${RESULT_DELIVERED.columnList(RESULT_DELIVERED.fields)})
  SELECT DISTINCT ON (gone.webhook_id, rv.result_id)
    ${Prisma.join(RESULT_DELIVERED.fields.map((field) => REMEMBERED[field]))}
  FROM gone
  JOIN result_revision rv ON rv.id = gone.result_revision_id
  WHERE gone.status = 'succeeded'
  ORDER BY gone.webhook_id, rv.result_id, rv.created_at DESC, rv.id DESC
  ON CONFLICT (webhook_id, result_id) DO UPDATE
  SET ${Prisma.raw(
    RESULT_DELIVERED.fieldsExcept(RESULT_DELIVERED_KEY)
      .map((field) => `${RESULT_DELIVERED.column(field)} = EXCLUDED.${RESULT_DELIVERED.column(field)}`)
      .join(', '),
  )}
  WHERE (EXCLUDED.revision_created_at, EXCLUDED.revision_id) > (m.revision_created_at, m.revision_id)`;

// ---------------------------------------------------------------------------------------------------------------
// The row tables pruning trims, in small batches.

const HOUR_MS = 3_600_000;
/** The instant `hours` before `now`. */
export const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS);

/**
 * A row table's retention rule: the condition (and order) that finds its expired rows, oldest first through
 * an index where there are many, and the key columns a batch deletes them by.
 */
export interface RowRule {
  table: string;
  /** The table's primary key, from its description. */
  key: readonly string[];
  expired: (now: Date, s: RetentionSettings) => Prisma.Sql;
  /**
   * What must outlive the rows: a statement reading the batch's deleted rows (CTE `gone`), run in the same
   * statement as the DELETE, so the rows and what they leave behind change at one commit.
   */
  remember?: Prisma.Sql;
}

/** The rule of a described table, deleting by the key `key`. */
function rowRule<Model, C extends TableColumns<Model>>(
  table: Table<Model, C>,
  key: readonly (keyof Model)[],
  rule: Pick<RowRule, 'expired' | 'remember'>,
): RowRule {
  return { table: table.name, key: key.map((field) => table.column(field)), ...rule };
}

/** The webhook deliveries past retention: ended before the cutoff (their attempts go with them). */
const expiredDeliveries: RowRule['expired'] = (now, s) => {
  const cutoff = hoursBefore(now, s.webhookDeliveryDays * 24);
  return Prisma.sql`created_at < ${cutoff} AND status <> 'pending' AND updated_at < ${cutoff} ORDER BY created_at`;
};

export const ROW_RULES: readonly RowRule[] = [
  // Ended deliveries, found from the oldest (created_at index): ended before the cutoff implies created
  // before it. Their attempts go with them (ON DELETE CASCADE).
  rowRule(DELIVERY, ['id'], { expired: expiredDeliveries, remember: REMEMBER_DELIVERED }),
  // Never before the record expired (a replay must still find it), whatever the setting.
  rowRule(IDEMPOTENCY_RECORD, ['apiKeyId', 'key'], {
    expired: (now, s) =>
      Prisma.sql`expires_at <= ${now} AND created_at < ${hoursBefore(now, s.idempotencyHours)} ORDER BY expires_at`,
  }),
  // A bucket idle that long is full again: removing it changes nothing a key can observe.
  rowRule(RATE_LIMIT_BUCKET, ['apiKeyId'], {
    expired: (now, s) => Prisma.sql`updated_at < ${hoursBefore(now, s.rateLimitBucketIdleHours)}`,
  }),
  // The rows of finished or abandoned imports; the import itself (its counts) stays.
  rowRule(IMPORT_ROW, ['importId', 'rowNumber'], {
    expired: (now, s) => Prisma.sql`import_id IN (
      SELECT id FROM participant_import
      WHERE status <> 'running' AND coalesce(finished_at, created_at) < ${hoursBefore(now, s.importRowDays * 24)})`,
  }),
  rowRule(KEY_REQUEST, ['id'], {
    expired: (now, s) => Prisma.sql`at < ${hoursBefore(now, s.apiKeyRequestLogDays * 24)} ORDER BY at`,
  }),
  rowRule(USAGE_HOUR, ['keyId', 'hour'], {
    expired: (now, s) => Prisma.sql`hour < ${hoursBefore(now, s.apiKeyRequestLogDays * 24)} ORDER BY hour`,
  }),
  rowRule(FORM_SUBMISSION, ['adminUserId', 'submissionId'], {
    expired: (now, s) =>
      Prisma.sql`created_at < ${hoursBefore(now, s.formSubmissionHours)} ORDER BY created_at`,
  }),
];

/** How many of the rule's rows `expired` finds (its condition, from rule.expired). */
export const countExpiredStatement = (rule: RowRule, expired: Prisma.Sql): Prisma.Sql => Prisma.sql`
    SELECT count(*) AS n FROM (SELECT 1 FROM ${Prisma.raw(rule.table)} WHERE ${expired}) AS expired`;

/** Deletes up to `size` of the rows `expired` finds, by the table's key. */
export function deleteBatchStatement(rule: RowRule, expired: Prisma.Sql, size: number): Prisma.Sql {
  const key = Prisma.raw(rule.key.join(', '));
  return Prisma.sql`
    DELETE FROM ${Prisma.raw(rule.table)} WHERE (${key}) IN (
      SELECT ${key} FROM ${Prisma.raw(rule.table)}
      WHERE ${expired} LIMIT ${size})`;
}

/** A batch (deleteBatchStatement) and what its rows leave behind, in one statement; reads how many went. */
export const deleteAndRememberStatement = (batch: Prisma.Sql, remember: Prisma.Sql): Prisma.Sql => Prisma.sql`
    WITH gone AS (${batch} RETURNING *), remembered AS (${remember})
    SELECT count(*)::int AS n FROM gone`;

/**
 * The attempts of the deliveries `expiredDeliveries` finds (they leave with them through the cascade), but
 * for those in partitions dropped before `droppedBefore` (already counted there).
 */
export function cascadedAttemptsStatement(now: Date, s: RetentionSettings, droppedBefore: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT count(*) AS n FROM webhook_delivery_attempt
    WHERE attempted_at >= ${droppedBefore}
      AND delivery_id IN (SELECT id FROM webhook_delivery WHERE ${expiredDeliveries(now, s)})`;
}

// ---------------------------------------------------------------------------------------------------------------
// Personal data retention (contact-retention.ts).

/**
 * Participants of the questionnaire not yet erased whose last activity (the participant's own changes, its
 * attempts' creation, start and completion, its results' updates) is before `cutoff`.
 */
const inactiveSince = (questionnaireId: string, cutoff: Date) => Prisma.sql`
  FROM participant p
  WHERE p.questionnaire_id = ${questionnaireId}::uuid AND p.erased_at IS NULL AND p.updated_at < ${cutoff}
    AND NOT EXISTS (SELECT 1 FROM attempt a WHERE a.participant_id = p.id
                    AND greatest(a.created_at, a.started_at, a.completed_at) >= ${cutoff})
    AND NOT EXISTS (SELECT 1 FROM result r WHERE r.participant_id = p.id AND r.updated_at >= ${cutoff})`;

/** How many participants of the questionnaire were inactive since `cutoff` (inactiveSince). */
export const countInactiveStatement = (questionnaireId: string, cutoff: Date): Prisma.Sql => Prisma.sql`
    SELECT count(*) AS n ${inactiveSince(questionnaireId, cutoff)}`;

/** The ids of up to `limit` participants of the questionnaire inactive since `cutoff`. */
export const inactiveIdsStatement = (questionnaireId: string, cutoff: Date, limit: number): Prisma.Sql =>
  Prisma.sql`
    SELECT ${PARTICIPANT.columnList(['id'], { alias: 'p' })} ${inactiveSince(questionnaireId, cutoff)} LIMIT ${limit}`;

// ---------------------------------------------------------------------------------------------------------------
// Month partitions (partitions.ts): catalogue reads and changes, naming no column of a described table.

/** The partitions of `table`, by name (the system catalogue's). */
export const partitionNamesStatement = (table: string): Prisma.Sql => Prisma.sql`
    SELECT c.relname AS name
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN pg_class p ON p.oid = i.inhparent
    JOIN pg_namespace n ON n.oid = p.relnamespace AND n.nspname = current_schema()
    WHERE p.relname = ${table}`;

/** Creates the month partition of `table` for `month` unless it exists (migration history_partitions). */
export const createPartitionStatement = (table: string, month: Date): Prisma.Sql => Prisma.sql`
    SELECT history_partition_create(${table}, ${month}::timestamptz) AS made`;

/** The rows of a partition (its name from partitionNamesStatement, quoted). */
export const partitionRowsStatement = (name: string): Prisma.Sql =>
  Prisma.sql`SELECT count(*) AS rows FROM ${Prisma.raw(`"${name}"`)}`;
