// The Admin accounts domain's raw SQL: the sign-in throttle's counting (an upsert whose condition Prisma's
// query API cannot state) and the claim of a form submission (an insert that must not fail the transaction on
// a repeat). Each table's columns come from ONE description: a column added to its model is a tsc error there
// until it is described, then in the statement until it is given a value. statements.test.ts compares them
// with the migrated database.
import {
  Prisma,
  type AdminAuthThrottle,
  type AdminFormSubmission,
} from '@/server/generated/prisma/client.ts';
import { Table, type TableColumns } from '@/server/platform/db/table-columns';

/** The admin_auth_throttle table, field by field. */
const THROTTLE_COLUMNS = {
  adminUserId: { name: 'admin_user_id', type: 'uuid' },
  scope: { name: 'scope', type: 'text' },
  failures: { name: 'failures', type: 'int' },
  lastFailedAt: { name: 'last_failed_at', type: 'timestamptz' },
} as const satisfies TableColumns<AdminAuthThrottle>;

/** The admin_form_submission table, field by field. */
const FORM_SUBMISSION_COLUMNS = {
  adminUserId: { name: 'admin_user_id', type: 'uuid' },
  submissionId: { name: 'submission_id', type: 'uuid' },
  action: { name: 'action', type: 'text' },
  createdAt: { name: 'created_at', type: 'timestamptz' },
} as const satisfies TableColumns<AdminFormSubmission>;

export const AUTH_THROTTLE = new Table<AdminAuthThrottle, typeof THROTTLE_COLUMNS>(
  'admin_auth_throttle',
  THROTTLE_COLUMNS,
);
export const FORM_SUBMISSION = new Table<AdminFormSubmission, typeof FORM_SUBMISSION_COLUMNS>(
  'admin_form_submission',
  FORM_SUBMISSION_COLUMNS,
);

const throttleValues = AUTH_THROTTLE.parameterRow(AUTH_THROTTLE.fields);

/**
 * Counts a failure on the counter `first` names (created with it when there is none) unless `counts` (SQL over
 * the stored counter `t`) says it is locked; `failures` is the stored counter's new count. Answers the
 * counter's failures, or no row when it is locked.
 */
export const countFailureStatement = (
  first: AdminAuthThrottle,
  update: { failures: Prisma.Sql; counts: Prisma.Sql },
): Prisma.Sql => Prisma.sql`
    INSERT INTO admin_auth_throttle AS t (${AUTH_THROTTLE.columnList(AUTH_THROTTLE.fields)})
    VALUES ${throttleValues(first)}
    ON CONFLICT (admin_user_id, scope) DO UPDATE
      SET failures = ${update.failures}, last_failed_at = ${AUTH_THROTTLE.parameter('lastFailedAt', first.lastFailedAt)}
      WHERE ${update.counts}
    RETURNING failures`;

const submissionValues = FORM_SUBMISSION.parameterRow(FORM_SUBMISSION.fields);

/** Claims a form submission: writes nothing (0 rows) when the Admin submitted it before. */
export const claimFormSubmissionStatement = (submission: AdminFormSubmission): Prisma.Sql => Prisma.sql`
    INSERT INTO admin_form_submission (${FORM_SUBMISSION.columnList(FORM_SUBMISSION.fields)})
    VALUES ${submissionValues(submission)}
    ON CONFLICT (admin_user_id, submission_id) DO NOTHING`;
