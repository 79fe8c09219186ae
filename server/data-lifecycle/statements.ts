// The data lifecycle's raw SQL that writes a table: what pruning a delivered result's delivery leaves behind
// (webhook_result_delivered). Its columns come from ONE description: a column added to the model is a tsc error
// there until it is described, then in the statement until it is given a value. statements.test.ts compares
// them with the migrated database.
import { Prisma, type WebhookResultDelivered } from '@/server/generated/prisma/client.ts';
import { Table, type TableColumns } from '@/server/platform/db/table-columns';

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
