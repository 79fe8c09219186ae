// The webhook domain's raw SQL beyond the outbox writer (outbox.ts, which holds the descriptions of
// webhook_delivery and webhook_delivery_attempt, DELIVERY and DELIVERY_ATTEMPT): the description of
// webhook_endpoint, the row a claim leases out (the dispatcher's claim, claim by id and hand-off, and the
// settler's row of the same shape), the settler's settled attempts and the row of an endpoint whose health
// changed, the row a `pais listen` poll leases out, the attempts a listen session leaves behind, and
// recovery's two reads of what was missed. Every column they read or write comes from a description: a column
// added to the model is a tsc error there until it is described, and then a statements.test.ts failure until
// each statement here carries it or names it among its omissions. statements.test.ts compares them with the
// migrated database (PGlite and PostgreSQL).
import {
  Prisma,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookEndpoint,
} from '@/server/generated/prisma/client.ts';
import {
  sqlTypeName,
  Table,
  type RowOf,
  type SqlType,
  type TableColumns,
} from '@/server/platform/db/table-columns';
import { RESULT_REVISION } from '@/server/results/statements';
import { DELIVERY, DELIVERY_ATTEMPT } from './outbox';
import { EVENT_TYPES } from './payload';

/** A column of a statement's row: its name, the SQL that reads it and the type it is read as. */
interface RowColumn {
  readonly name: string;
  readonly read: string;
  readonly type: SqlType;
}

/** The webhook_endpoint table, field by field. */
const ENDPOINT_COLUMNS = {
  id: { name: 'id', type: 'uuid' },
  questionnaireId: { name: 'questionnaire_id', type: 'uuid' },
  url: { name: 'url', type: 'text' },
  secretEncrypted: { name: 'secret_encrypted', type: 'text' },
  previousSecretEncrypted: { name: 'previous_secret_encrypted', type: 'text' },
  previousSecretExpiresAt: { name: 'previous_secret_expires_at', type: 'timestamptz' },
  authType: { name: 'auth_type', type: 'text' },
  authHeaderName: { name: 'auth_header_name', type: 'text' },
  authHeaderValueEncrypted: { name: 'auth_header_value_encrypted', type: 'text' },
  oauthTokenUrl: { name: 'oauth_token_url', type: 'text' },
  oauthClientId: { name: 'oauth_client_id', type: 'text' },
  oauthClientSecretEncrypted: { name: 'oauth_client_secret_encrypted', type: 'text' },
  oauthAudience: { name: 'oauth_audience', type: 'text' },
  oauthScope: { name: 'oauth_scope', type: 'text' },
  active: { name: 'active', type: 'boolean' },
  disabledAt: { name: 'disabled_at', type: 'timestamptz' },
  disabledReason: { name: 'disabled_reason', type: 'text' },
  pausedByAdmin: { name: 'paused_by_admin', type: 'boolean' },
  archivedAt: { name: 'archived_at', type: 'timestamptz' },
  consecutiveFailures: { name: 'consecutive_failures', type: 'int' },
  failingSince: { name: 'failing_since', type: 'timestamptz' },
  breakerOpenedAt: { name: 'breaker_opened_at', type: 'timestamptz' },
  probeAfter: { name: 'probe_after', type: 'timestamptz' },
  lastFailureError: { name: 'last_failure_error', type: 'text' },
  lastFailureAt: { name: 'last_failure_at', type: 'timestamptz' },
  claimSeq: { name: 'claim_seq', type: 'bigint' },
  deliveryMode: { name: 'delivery_mode', type: { enum: 'webhook_delivery_mode' } },
  listenSessionId: { name: 'listen_session_id', type: 'uuid' },
  createdAt: { name: 'created_at', type: 'timestamptz' },
  updatedAt: { name: 'updated_at', type: 'timestamptz' },
} as const satisfies TableColumns<WebhookEndpoint>;

export const ENDPOINT = new Table<WebhookEndpoint, typeof ENDPOINT_COLUMNS>(
  'webhook_endpoint',
  ENDPOINT_COLUMNS,
);

/**
 * A column of a described table read from `alias`, under its own name or `rowName`. A uuid is read as text
 * (the same string from every driver), and a jsonb column as its JSON text: the caller parses it, the same
 * way on every database.
 */
function columnOf<Model, C extends TableColumns<Model>>(
  table: Table<Model, C>,
  alias: string,
  field: keyof Model,
  rowName?: string,
): RowColumn {
  const { name, type } = table.columns[field];
  const asText = type === 'uuid' || type === 'jsonb';
  const named = rowName ?? name;
  const read = `${alias}.${name}${asText ? '::text' : ''}`;
  return {
    name: named,
    read: asText || named !== name ? `${read} AS ${named}` : read,
    type: asText ? 'text' : type,
  };
}

type DeliveryField = keyof WebhookDelivery;
const deliveryColumn = (alias: string, field: DeliveryField) => columnOf(DELIVERY, alias, field);

/** `a, b AS b, …`: the row's columns for a SELECT list or a RETURNING. */
const readList = (columns: readonly RowColumn[]) =>
  Prisma.raw(columns.map((column) => column.read).join(', '));

/**
 * A row of NULLs of the same columns and types, for the other branches of a UNION ALL: each named (with
 * `rename` for a name another branch uses already) or, with `named: false`, only typed.
 */
function nullRow(
  columns: readonly RowColumn[],
  options: { named?: boolean; rename?: Record<string, string> } = {},
): Prisma.Sql {
  return Prisma.raw(
    columns
      .map((column) => {
        const typed = `NULL::${sqlTypeName(column.type)}`;
        return options.named === false
          ? typed
          : `${typed} AS ${options.rename?.[column.name] ?? column.name}`;
      })
      .join(', '),
  );
}

/** A raw row of delivery fields `F` as deliveryColumn reads them: the uuids and the payload as text. */
type DeliveryRow<F extends DeliveryField> = {
  [K in keyof RowOf<WebhookDelivery, typeof DELIVERY.columns, F>]: K extends 'payload'
    ? string
    : RowOf<WebhookDelivery, typeof DELIVERY.columns, F>[K];
};

// ---------------------------------------------------------------------------------------------------------------
// A claimed delivery: what the dispatcher needs to send it.

/**
 * The delivery columns no sender reads: the revision it announces (the claim orders by it, the payload carries
 * it), the lease and the outcome (the claim's and the settler's to write) and the record's bookkeeping.
 */
const NOT_SENT = [
  'resultRevisionId',
  'status',
  'resumeScheduleAt',
  'leaseUntil',
  'leasedBy',
  'lastStatusCode',
  'lastError',
  'deliveredAt',
  'requestId',
  'updatedAt',
] as const;

/**
 * The delivery columns a claim leaves out besides NOT_SENT: the dispatcher sends the stored payload as it is,
 * so it needs neither the participant nor the event type. It keeps `nextAttemptAt`: a slot sends what it
 * holds in the order the claim takes them (dispatcher.ts, inClaimOrder).
 */
export const CLAIM_OMITS = [...NOT_SENT, 'participantId', 'eventType'] as const;
const CLAIMED_FIELDS = DELIVERY.fieldsExcept(CLAIM_OMITS);

/**
 * The row of a claimed delivery: its columns (`d`), and, from the claim's CTE `picked` and the delivery's
 * endpoint `endpoint`, the flusher that died holding it, the endpoint's configuration version and whether its
 * questionnaire is a sandbox.
 */
export const CLAIMED_COLUMNS: readonly RowColumn[] = [
  ...CLAIMED_FIELDS.map((field) => deliveryColumn('d', field)),
  { name: 'abandoned_by', read: 'picked.abandoned_by', type: 'text' },
  columnOf(ENDPOINT, 'endpoint', 'updatedAt', 'webhook_updated_at'),
  {
    name: 'sandbox',
    read: '(SELECT q.sandbox FROM questionnaire q WHERE q.id = endpoint.questionnaire_id) AS sandbox',
    type: 'boolean',
  },
];

export type Claimed = DeliveryRow<(typeof CLAIMED_FIELDS)[number]> & {
  /** The flusher whose lease on this delivery expired unfinished, if any. */
  abandoned_by: string | null;
  /** The endpoint's configuration version: a flush reloads an endpoint it has cached only when this moved. */
  webhook_updated_at: Date;
  /** For a sandbox questionnaire's endpoint: its sends take only the flush's sandbox share of slots. */
  sandbox: boolean;
};

/** The RETURNING of a claim, over the leased delivery `d`, `picked` and `endpoint`. */
export const CLAIMED_RETURNING = Prisma.sql`RETURNING ${readList(CLAIMED_COLUMNS)}`;

/**
 * A claimed row's columns as NULLs: named, the first branch of a UNION ALL whose other branches read claimed
 * rows (`rename` for a name that branch uses already), or, without `named`, only typed; `from` leaves out
 * the first `from` columns (a branch that reads those itself).
 */
export const noClaimed = (
  options: { named?: boolean; rename?: Record<string, string>; from?: number } = {},
) => nullRow(CLAIMED_COLUMNS.slice(options.from ?? 0), options);

// ---------------------------------------------------------------------------------------------------------------
// An endpoint whose health changed with a settled group of attempts (endpoint-health.ts, healthUpdateSql).

/** The endpoint columns its row reads as they are after the update (`we`). */
const HEALTH_FIELDS = ['consecutiveFailures', 'lastFailureError', 'disabledReason'] as const;

/**
 * The row of an endpoint whose health changed: which endpoint, whether its breaker was open before (`old`, the
 * row before the update) and is now (`we`), whether the update disabled it, and its state after.
 */
const HEALTH_COLUMNS: readonly RowColumn[] = [
  columnOf(ENDPOINT, 'we', 'id', 'webhook_id'),
  columnOf(ENDPOINT, 'we', 'questionnaireId'),
  { name: 'was_failing', read: 'old.breaker_opened_at IS NOT NULL AS was_failing', type: 'boolean' },
  { name: 'is_failing', read: 'we.breaker_opened_at IS NOT NULL AS is_failing', type: 'boolean' },
  { name: 'disabled', read: '(old.active AND NOT we.active) AS disabled', type: 'boolean' },
  ...HEALTH_FIELDS.map((field) => columnOf(ENDPOINT, 'we', field)),
];

export type HealthTransition = RowOf<
  WebhookEndpoint,
  typeof ENDPOINT_COLUMNS,
  (typeof HEALTH_FIELDS)[number]
> & {
  webhook_id: string;
  questionnaire_id: string;
  was_failing: boolean;
  is_failing: boolean;
  disabled: boolean;
};

/** The RETURNING of the health update, over the endpoint after (`we`) and before (`old`) it. */
export const HEALTH_RETURNING = Prisma.sql`RETURNING ${readList(HEALTH_COLUMNS)}`;

/** The health row's columns after its webhook_id as typed NULLs, for a branch that reads the webhook_id itself. */
export const NO_HEALTH_BUT_WEBHOOK = nullRow(HEALTH_COLUMNS.slice(1), { named: false });

// ---------------------------------------------------------------------------------------------------------------
// A group of settled attempts, as the settler's statement reads it (its CTE `s`, settler.ts).

/** The delivery's columns after the attempt: which delivery and endpoint, its status and its times. */
const SETTLED_DELIVERY_FIELDS = ['id', 'webhookId', 'status', 'deliveredAt', 'nextAttemptAt'] as const;
/** The attempt's outcome. */
const SETTLED_ATTEMPT_FIELDS = ['attemptedAt', 'statusCode', 'error'] as const;

/**
 * A settled attempt: the delivery's state after it (no next attempt once it ended), the attempt's outcome,
 * and what the settler decided: whether the endpoint is disabled (410 Gone), and whether the slot asks for a
 * hand-off.
 */
export type SettledAttempt = Omit<
  RowOf<WebhookDelivery, typeof DELIVERY.columns, (typeof SETTLED_DELIVERY_FIELDS)[number]>,
  'next_attempt_at'
> &
  RowOf<WebhookDeliveryAttempt, typeof DELIVERY_ATTEMPT.columns, (typeof SETTLED_ATTEMPT_FIELDS)[number]> & {
    next_attempt_at: Date | null;
    disable: boolean;
    /** Deliveries the slot asks to be handed over (0: none). */
    handoff: number;
  };

/** The settled attempts as rows, one JSON parameter for the group: `FROM` this, as `s`. */
export const settledAttemptsSql = (attempts: readonly SettledAttempt[]): Prisma.Sql => Prisma.sql`
    jsonb_to_recordset(${JSON.stringify(attempts)}::jsonb) AS s(
      ${DELIVERY.columnDefinitions(SETTLED_DELIVERY_FIELDS)},
      ${DELIVERY_ATTEMPT.columnDefinitions(SETTLED_ATTEMPT_FIELDS)}, disable boolean, handoff int)`;

// ---------------------------------------------------------------------------------------------------------------
// A delivery a `pais listen` session claims: what the command is handed, signed (listen-poll.ts).

/**
 * The delivery columns a listen claim leaves out besides NOT_SENT: the endpoint is the session's, and the
 * command forwards no trace context.
 */
export const LISTEN_CLAIM_OMITS = [...NOT_SENT, 'webhookId', 'publishTraceparent'] as const;
const LISTEN_CLAIMED_FIELDS = DELIVERY.fieldsExcept(LISTEN_CLAIM_OMITS);

const LISTEN_CLAIMED_COLUMNS: readonly RowColumn[] = [
  ...LISTEN_CLAIMED_FIELDS.map((field) => deliveryColumn('d', field)),
  { name: 'abandoned_by', read: 'picked.abandoned_by', type: 'text' },
];

export type ListenClaimed = DeliveryRow<(typeof LISTEN_CLAIMED_FIELDS)[number]> & {
  /** Another session's holder whose lease on it ran out unfinished, if any. */
  abandoned_by: string | null;
};

/** The RETURNING of a listen claim, over the leased delivery `d` and the claim's CTE `picked`. */
export const LISTEN_CLAIMED_RETURNING = Prisma.sql`RETURNING ${readList(LISTEN_CLAIMED_COLUMNS)}`;

// ---------------------------------------------------------------------------------------------------------------
// Leases given back unsent (a stopping dispatcher, a slot's delivery it will not send, a listen session that
// ended): sent again at once.

/**
 * The SET of a delivery (of an UPDATE without alias) whose holder gives it back unsent: the lease cleared
 * and the claim's attempt given back, so it is claimable at once and its retry schedule is unchanged.
 */
export const GIVE_BACK_LEASE = Prisma.sql`lease_until = NULL, leased_by = NULL,
      attempt_count = GREATEST(attempt_count - 1, 0)`;

// ---------------------------------------------------------------------------------------------------------------
// The attempts a listen session's deliveries get when it ends without reporting them.

/** The attempt columns an attempt of a session that ended unreported leaves out: it never had an answer. */
export const UNANSWERED_ATTEMPT_OMITS = ['statusCode', 'responseSnippet'] as const;
const UNANSWERED_FIELDS = DELIVERY_ATTEMPT.fieldsExcept(UNANSWERED_ATTEMPT_OMITS);

/** One attempt without an answer per delivery id in `released` (a CTE with `id`), made at `now`. */
export function unansweredAttemptsSql(released: string, now: Date, error: string): Prisma.Sql {
  const values: { readonly [F in (typeof UNANSWERED_FIELDS)[number]]: Prisma.Sql } = {
    id: Prisma.sql`gen_random_uuid()`,
    deliveryId: Prisma.raw(`${released}.id`),
    attemptedAt: DELIVERY_ATTEMPT.parameter('attemptedAt', now),
    durationMs: DELIVERY_ATTEMPT.parameter('durationMs', 0),
    error: DELIVERY_ATTEMPT.parameter('error', error),
  };
  return Prisma.sql`
    INSERT INTO webhook_delivery_attempt (${DELIVERY_ATTEMPT.columnList(UNANSWERED_FIELDS)})
    SELECT ${Prisma.join(UNANSWERED_FIELDS.map((field) => values[field]))} FROM ${Prisma.raw(released)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Recovery (recovery.ts): what an endpoint missed since a time, a batch at a time.

/** Where a recovery's batches have got to, and each missed item: an id and when it happened. */
export interface MissedRow {
  id: string;
  at: Date;
}

/** What one batch looks for: the endpoint's items since `since`, after the cursor `after`, `limit` of them. */
export interface MissedQuery {
  questionnaireId: string;
  webhook: { id: string; createdAt: Date };
  since: Date;
  after: MissedRow;
  limit: number;
}

/** A MissedRow from a table under `alias`: its id and when it was created. */
const missedRowOf = <Model extends { id: string; createdAt: Date }, C extends TableColumns<Model>>(
  table: Table<Model, C>,
  alias: string,
) => readList([columnOf(table, alias, 'id'), columnOf(table, alias, 'createdAt', 'at')]);

const DELIVERY_MISSED = missedRowOf(DELIVERY, 'd');
const REVISION_MISSED = missedRowOf(RESULT_REVISION, 'rv');

/**
 * Deliveries of the endpoint that gave up since `since`, after the cursor, oldest first. One whose participant
 * has a newer result revision is left alone: the newer one was delivered, is on its way, or is recovered itself
 * (a newer revision supersedes an older one, as in delivery), and sending the older now could put it after the
 * newer. One whose revision reached the endpoint through another delivery is not missed either, nor is a
 * test event: it checked the receiver at the time it was sent, and announces nothing.
 */
export const gaveUpSinceStatement = ({ webhook, since, after, limit }: MissedQuery): Prisma.Sql => Prisma.sql`
    SELECT ${DELIVERY_MISSED}
    FROM webhook_delivery d
    WHERE d.webhook_id = ${webhook.id}::uuid
      AND d.status = 'failed'
      AND d.event_type <> ${EVENT_TYPES.test}
      AND d.created_at >= ${since}::timestamptz
      AND (d.created_at, d.id) > (${after.at}::timestamptz, ${after.id}::uuid)
      AND NOT EXISTS (
        SELECT 1
        FROM result_revision mine
        JOIN result_revision newer ON newer.result_id = mine.result_id AND newer.created_at > mine.created_at
        WHERE mine.id = d.result_revision_id
      )
      AND NOT EXISTS (
        SELECT 1 FROM webhook_delivery other
        WHERE other.webhook_id = d.webhook_id AND other.result_revision_id = d.result_revision_id
          AND other.status = 'succeeded'
      )
      AND NOT EXISTS (
        SELECT 1 FROM webhook_result_delivered m
        WHERE m.webhook_id = d.webhook_id AND m.revision_id = d.result_revision_id
      )
    ORDER BY d.created_at, d.id
    LIMIT ${limit}`;

/**
 * Results whose latest revision was published since `since` (and since the endpoint was set up), after the
 * cursor, without a delivery to this endpoint: published while it was disabled. Not one whose latest revision
 * was delivered and its delivery since removed by retention (webhook_result_delivered). Participants erased
 * since are left out. One statement: a pruning run that removes a delivery and records it as delivered commits
 * both at once, so this sees either the delivery or the record.
 */
export function skippedSinceStatement(query: MissedQuery): Prisma.Sql {
  const { questionnaireId, webhook, since, after, limit } = query;
  const from = since > webhook.createdAt ? since : webhook.createdAt;
  return Prisma.sql`
    SELECT ${REVISION_MISSED}
    FROM result_revision rv
    JOIN result r ON r.id = rv.result_id
    JOIN participant p ON p.id = r.participant_id
    WHERE p.questionnaire_id = ${questionnaireId}::uuid AND p.erased_at IS NULL
      AND rv.created_at >= ${from}::timestamptz
      AND (rv.created_at, rv.id) > (${after.at}::timestamptz, ${after.id}::uuid)
      AND NOT EXISTS (
        SELECT 1 FROM result_revision newer
        WHERE newer.result_id = rv.result_id AND (newer.created_at, newer.id) > (rv.created_at, rv.id)
      )
      AND NOT EXISTS (
        SELECT 1 FROM webhook_delivery d
        WHERE d.webhook_id = ${webhook.id}::uuid AND d.result_revision_id = rv.id
      )
      AND NOT EXISTS (
        SELECT 1 FROM webhook_result_delivered m
        WHERE m.webhook_id = ${webhook.id}::uuid AND m.result_id = rv.result_id
          AND (m.revision_created_at, m.revision_id) >= (rv.created_at, rv.id)
      )
    ORDER BY rv.created_at, rv.id
    LIMIT ${limit}`;
}
