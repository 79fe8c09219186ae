// The audit log's raw SQL: an entry written by the statement that makes its change (a hot path where a
// transaction's extra round trips cost too much, and the settler's disable of an endpoint), and the skip scan
// of the actions recorded so far. The entry's columns come from ONE description (AUDIT_LOG): a column added to
// the AuditLog model is a tsc error there until it is described, then in every writer until it gives the
// column a value. statements.test.ts compares them with the migrated database (PGlite and PostgreSQL).
import { Prisma, type AuditLog } from '@/server/generated/prisma/client.ts';
import { Table, type TableColumns } from '@/server/platform/db/table-columns';

/** The audit_log table, field by field. */
const AUDIT_LOG_COLUMNS = {
  id: { name: 'id', type: 'uuid' },
  at: { name: 'at', type: 'timestamptz' },
  actorType: { name: 'actor_type', type: 'text' },
  actorId: { name: 'actor_id', type: 'text' },
  action: { name: 'action', type: 'text' },
  targetType: { name: 'target_type', type: 'text' },
  targetId: { name: 'target_id', type: 'text' },
  tenantId: { name: 'tenant_id', type: 'uuid' },
  questionnaireId: { name: 'questionnaire_id', type: 'uuid' },
  sourceIp: { name: 'source_ip', type: 'text' },
  details: { name: 'details', type: 'jsonb' },
} as const satisfies TableColumns<AuditLog>;

export const AUDIT_LOG = new Table<AuditLog, typeof AUDIT_LOG_COLUMNS>('audit_log', AUDIT_LOG_COLUMNS);

/** What an entry's writer gives: every column but its id and time, which the statement makes. */
export type AuditEntrySql = { readonly [F in Exclude<keyof AuditLog, 'id' | 'at'>]: Prisma.Sql };

const MADE_BY_STATEMENT: { readonly [F in 'id' | 'at']: Prisma.Sql } = {
  id: Prisma.sql`gen_random_uuid()`,
  at: Prisma.sql`now()`,
};

/**
 * `INSERT INTO audit_log … SELECT … FROM <source>`: one entry per row of `source` (a FROM clause's tables,
 * with its joins and WHERE), each column as SQL over those rows. Used as a CTE, the entry exists exactly
 * when the change happened.
 */
export function auditInsertStatement(entry: AuditEntrySql, source: Prisma.Sql): Prisma.Sql {
  const values = { ...entry, ...MADE_BY_STATEMENT };
  return Prisma.sql`
    INSERT INTO audit_log (${AUDIT_LOG.columnList(AUDIT_LOG.fields)})
    SELECT ${Prisma.join(AUDIT_LOG.fields.map((field) => values[field]))}
    FROM ${source}`;
}

/**
 * The actions recorded so far, optionally for one questionnaire (server/audit/audit-log.ts, listAuditActions,
 * says why a skip scan of audit_log_action_questionnaire_id_idx, and why the probe is a scalar subquery).
 */
export const auditActionsStatement = (questionnaireId?: string): Prisma.Sql => Prisma.sql`
    WITH RECURSIVE found(action) AS (
      (SELECT action FROM audit_log ORDER BY action LIMIT 1)
      UNION ALL
      SELECT (SELECT a.action FROM audit_log a WHERE a.action > found.action ORDER BY a.action LIMIT 1)
      FROM found WHERE found.action IS NOT NULL
    )
    SELECT action FROM found
    WHERE action IS NOT NULL${
      questionnaireId
        ? Prisma.sql` AND (SELECT true FROM audit_log a
                     WHERE a.action = found.action AND a.questionnaire_id = ${questionnaireId}::uuid LIMIT 1)`
        : Prisma.empty
    }
    ORDER BY action LIMIT 200`;
