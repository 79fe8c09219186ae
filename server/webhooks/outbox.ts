// The outbox: one pending delivery per active webhook, written in the caller's transaction together with the
// change it announces, so an event is announced exactly when the change is committed. The dispatcher sends it;
// the NOTIFY written with the rows wakes the dispatchers of every instance at that commit.
//
// This module is the outbox's only writer: the publishing statement (server/results/results.ts, one statement
// per result) and enqueueDeliveries (test events, replays, recovery) both queue their rows with
// queueDeliveriesSql, built from ONE description of the webhook_delivery table (DELIVERY_COLUMNS). A column
// added to the WebhookDelivery model is a tsc error there until it is described, then in every caller until it
// gives the column a value or NEW_DELIVERY_OMITS names it; outbox.test.ts compares both with the database.
import {
  Prisma,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
} from '@/server/generated/prisma/client.ts';
import type { Db } from '@/server/platform/db/client';
import { Table, type RowOf, type TableColumns } from '@/server/platform/db/table-columns';
import { wakeDispatchersSql } from './wake-signal';
import { currentTraceparent } from '@/server/platform/observability/tracing';
import type { EVENT_TYPES, ResultPayload } from './payload';

/** The webhook_delivery table, field by field. */
const DELIVERY_COLUMNS = {
  id: { name: 'id', type: 'uuid' },
  messageId: { name: 'message_id', type: 'text' },
  webhookId: { name: 'webhook_id', type: 'uuid' },
  participantId: { name: 'participant_id', type: 'uuid' },
  resultRevisionId: { name: 'result_revision_id', type: 'uuid' },
  eventType: { name: 'event_type', type: 'text' },
  payload: { name: 'payload', type: 'jsonb' },
  status: { name: 'status', type: { enum: 'webhook_delivery_status' } },
  attemptCount: { name: 'attempt_count', type: 'int' },
  nextAttemptAt: { name: 'next_attempt_at', type: 'timestamptz' },
  resumeScheduleAt: { name: 'resume_schedule_at', type: 'timestamptz' },
  leaseUntil: { name: 'lease_until', type: 'timestamptz' },
  leasedBy: { name: 'leased_by', type: 'text' },
  lastStatusCode: { name: 'last_status_code', type: 'int' },
  lastError: { name: 'last_error', type: 'text' },
  deliveredAt: { name: 'delivered_at', type: 'timestamptz' },
  requestId: { name: 'request_id', type: 'text' },
  publishTraceparent: { name: 'publish_traceparent', type: 'text' },
  createdAt: { name: 'created_at', type: 'timestamptz' },
  updatedAt: { name: 'updated_at', type: 'timestamptz' },
} as const satisfies TableColumns<WebhookDelivery>;

export const DELIVERY = new Table<WebhookDelivery, typeof DELIVERY_COLUMNS>(
  'webhook_delivery',
  DELIVERY_COLUMNS,
);

/** The webhook_delivery_attempt table, field by field (the settler writes its rows, settler.ts). */
const DELIVERY_ATTEMPT_COLUMNS = {
  id: { name: 'id', type: 'uuid' },
  deliveryId: { name: 'delivery_id', type: 'uuid' },
  attemptedAt: { name: 'attempted_at', type: 'timestamptz' },
  statusCode: { name: 'status_code', type: 'int' },
  durationMs: { name: 'duration_ms', type: 'int' },
  responseSnippet: { name: 'response_snippet', type: 'text' },
  error: { name: 'error', type: 'text' },
} as const satisfies TableColumns<WebhookDeliveryAttempt>;

export const DELIVERY_ATTEMPT = new Table<WebhookDeliveryAttempt, typeof DELIVERY_ATTEMPT_COLUMNS>(
  'webhook_delivery_attempt',
  DELIVERY_ATTEMPT_COLUMNS,
);

/** The columns a new delivery leaves to their defaults: nothing has been attempted yet. */
export const NEW_DELIVERY_OMITS = [
  // pending, with no attempt made.
  'status',
  'attemptCount',
  // Set by "Retry now" only.
  'resumeScheduleAt',
  // Set while a dispatcher sends it.
  'leaseUntil',
  'leasedBy',
  // Set by its attempts.
  'lastStatusCode',
  'lastError',
  'deliveredAt',
] as const;
const NEW_DELIVERY_FIELDS = DELIVERY.fieldsExcept(NEW_DELIVERY_OMITS);
const newDeliveryColumns = DELIVERY.columnList(NEW_DELIVERY_FIELDS);

/** What a statement that queues deliveries reads of them: which they are. */
const QUEUED_FIELDS = ['id', 'messageId'] as const;

/** What the writer gives every new delivery itself: a fresh id and message id, and its endpoint `we`. */
type WriterField = 'id' | 'messageId' | 'webhookId';
const WRITER_VALUES: Record<WriterField, Prisma.Sql> = {
  id: Prisma.sql`gen_random_uuid()`,
  // A Standard Webhooks message id made in the statement (one per row): `msg_` and 18 random bytes in
  // base64url, drawn from gen_random_uuid (built in on PostgreSQL 13+ and PGlite, unlike pgcrypto's
  // gen_random_bytes). Receivers de-duplicate by it: it stays the same on every retry.
  messageId: Prisma.sql`'msg_' || rtrim(translate(encode(substring(
    uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) FROM 1 FOR 18), 'base64'), '+/', '-_'), '=')`,
  webhookId: Prisma.sql`we.id`,
};

/** The rest of a new delivery's columns: what its event decides, each as SQL over the statement's endpoints. */
export type DeliveryEventSql = {
  readonly [F in Exclude<(typeof NEW_DELIVERY_FIELDS)[number], WriterField>]: Prisma.Sql;
};

/**
 * Per-participant order (docs/webhooks.md): an older result revision still waiting for the endpoint, and not
 * being sent right now, is never sent once a newer one is queued; it is cancelled with a reason naming the
 * newer revision, visible in the delivery log. One in flight stays: the claim sends the newer one only after
 * it settled, and a failed attempt of it is not retried (settler.ts).
 */
function supersedeOlderRevisionsSql(
  supersedes: { participantId: Prisma.Sql; revisionId: Prisma.Sql; now: Date },
  endpoints: Prisma.Sql,
): Prisma.Sql {
  const { participantId, revisionId, now } = supersedes;
  return Prisma.sql`UPDATE webhook_delivery older
      SET status = 'cancelled', lease_until = NULL, leased_by = NULL, updated_at = ${now}::timestamptz,
          last_error = 'Superseded by revision ' || ${revisionId} || ' before it was sent'
      WHERE older.participant_id = ${participantId}
        -- Only where the newer revision is queued too: a paused endpoint gets none, and keeps the older one.
        AND older.webhook_id IN (SELECT we.id ${endpoints})
        AND older.status = 'pending' AND older.result_revision_id IS NOT NULL
        AND (older.lease_until IS NULL OR older.lease_until <= ${now}::timestamptz)`;
}

/**
 * The outbox part of a statement: CTEs `superseded` (with `supersedes`), `deliveries` and `woken`, to follow
 * a WITH (or a CTE and a comma). One delivery is queued per row of `endpoints`, a FROM clause (with its WHERE)
 * whose rows name their webhook endpoint `we`; `event` gives the columns the event decides, as SQL over those
 * rows. The statement's SELECT must read QUEUED_DELIVERIES: `woken` (the NOTIFY) runs only when it is read.
 */
export function queueDeliveriesSql(input: {
  endpoints: Prisma.Sql;
  event: DeliveryEventSql;
  /** A result revision: the participant's older revisions still waiting on those endpoints are superseded. */
  supersedes?: { participantId: Prisma.Sql; revisionId: Prisma.Sql; now: Date };
}): Prisma.Sql {
  const values: Record<(typeof NEW_DELIVERY_FIELDS)[number], Prisma.Sql> = {
    ...input.event,
    ...WRITER_VALUES,
  };
  const superseded = input.supersedes
    ? Prisma.sql`superseded AS (${supersedeOlderRevisionsSql(input.supersedes, input.endpoints)}), `
    : Prisma.empty;
  return Prisma.sql`${superseded}deliveries AS (
      INSERT INTO webhook_delivery (${newDeliveryColumns})
      SELECT ${Prisma.join(NEW_DELIVERY_FIELDS.map((field) => values[field]))}
      ${input.endpoints}
      RETURNING ${DELIVERY.columnList(QUEUED_FIELDS)}
    ), woken AS (
      SELECT ${wakeDispatchersSql} FROM (SELECT 1 FROM deliveries LIMIT 1) queued
    )`;
}

/** The queued deliveries (null for none) and the wake-up, for the SELECT of a statement with queueDeliveriesSql. */
export const QUEUED_DELIVERIES = Prisma.sql`
    (SELECT json_agg(json_build_object(${Prisma.raw(
      QUEUED_FIELDS.map((field) => `'${DELIVERY.column(field)}', ${DELIVERY.column(field)}`).join(', '),
    )})) FROM deliveries) AS deliveries,
    (SELECT count(*) FROM woken)::int AS woken`;

/** The columns QUEUED_DELIVERIES reads. */
export interface QueuedDeliveries {
  deliveries: RowOf<WebhookDelivery, typeof DELIVERY_COLUMNS, (typeof QUEUED_FIELDS)[number]>[] | null;
  woken: number;
}

type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

export interface EnqueueInput {
  questionnaireId: string;
  eventType: EventType;
  payload: ResultPayload;
  participantId?: string | null;
  resultRevisionId?: string | null;
  /** Only this webhook (the test event); otherwise every active webhook of the questionnaire. */
  webhookId?: string;
  /** When the first attempt is due (default: now). */
  now?: Date;
}

/** Writes the deliveries and returns their ids; none when the questionnaire has no active webhook. */
export async function enqueueDeliveries(tx: Db, input: EnqueueInput): Promise<string[]> {
  const now = new Date();
  const participantId = input.participantId ?? null;
  const resultRevisionId = input.resultRevisionId ?? null;
  const endpoints = Prisma.sql`FROM webhook_endpoint we
      WHERE we.questionnaire_id = ${input.questionnaireId}::uuid AND we.active${
        input.webhookId ? Prisma.sql` AND we.id = ${input.webhookId}::uuid` : Prisma.empty
      }`;
  const [row] = await tx.$queryRaw<QueuedDeliveries[]>`
    WITH ${queueDeliveriesSql({
      endpoints,
      event: {
        participantId: DELIVERY.parameter('participantId', participantId),
        resultRevisionId: DELIVERY.parameter('resultRevisionId', resultRevisionId),
        eventType: DELIVERY.parameter('eventType', input.eventType),
        payload: DELIVERY.parameter('payload', JSON.stringify(input.payload)),
        nextAttemptAt: DELIVERY.parameter('nextAttemptAt', input.now ?? now),
        requestId: DELIVERY.parameter('requestId', null),
        publishTraceparent: DELIVERY.parameter('publishTraceparent', currentTraceparent()),
        createdAt: DELIVERY.parameter('createdAt', now),
        updatedAt: DELIVERY.parameter('updatedAt', now),
      },
      supersedes:
        participantId && resultRevisionId
          ? {
              participantId: Prisma.sql`${participantId}::uuid`,
              revisionId: Prisma.sql`${resultRevisionId}::text`,
              now,
            }
          : undefined,
    })}
    SELECT ${QUEUED_DELIVERIES}`;
  return (row?.deliveries ?? []).map((delivery) => delivery.id);
}
