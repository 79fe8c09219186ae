// Records delivery attempts and settles the deliveries, several per SQL statement: a finished delivery joins
// the next statement, which starts as soon as the previous one is done (a group commit). One statement is
// atomic, so each delivery's attempt row and its new state are always written together; round trips, the
// dispatcher's main cost, drop from one per delivery to one per group.
import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient, type WebhookDeliveryStatus } from '@/server/generated/prisma/client.ts';
import { queryRows } from '@/server/db/direct-statement';
import {
  healthUpdateSql,
  reportHealthTransitions,
  type EndpointHealthPolicy,
  type HealthTransition,
} from './endpoint-health';

export const GONE_REASON = 'The endpoint answered 410 Gone';
const MAX_GROUP = 100;
/**
 * A "Retry now" (an extra attempt, webhook-replay.ts) that did not succeed: the delivery goes back to the
 * automatic schedule as it was (its step and its time), unless the endpoint is gone (410).
 */
const EXTRA_ATTEMPT_FAILED = Prisma.sql`(d.resume_schedule_at IS NOT NULL AND s.status <> 'succeeded' AND NOT s.disable)`;

export interface Settlement {
  deliveryId: string;
  webhookId: string;
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  snippet: string | null;
  error: string | null;
  /** A settled attempt never cancels: that is erasure's doing. */
  status: Exclude<WebhookDeliveryStatus, 'cancelled'>;
  deliveredAt: Date | null;
  nextAttemptAt: Date | null;
  /** 410 Gone: disable the webhook too. */
  disable: boolean;
}

interface Queued {
  settlement: Settlement;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Returns `settle`, which resolves once the settlement is committed (or rejects with the group's error). */
export function createSettler(
  db: PrismaClient,
  flusherId: string,
  health: EndpointHealthPolicy,
): (s: Settlement) => Promise<void> {
  const queue: Queued[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    for (;;) {
      // Each statement starts after this turn's I/O callbacks, so that deliveries whose answers arrived
      // meanwhile (an embedded database blocks the event loop while it works) join it.
      await nextTurn();
      const group = queue.splice(0, MAX_GROUP);
      if (group.length === 0) break;
      try {
        const settlements = group.map((q) => q.settlement);
        const transitions = await writeGroup(db, flusherId, health, settlements);
        for (const q of group) q.resolve();
        if (transitions.length) await reportHealthTransitions(db, transitions);
      } catch (error) {
        for (const q of group) q.reject(error);
      }
    }
    running = false;
  };
  return (settlement) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ settlement, resolve, reject });
      if (!running) void drain();
    });
}

/**
 * A failed attempt of an older result revision is not retried once a newer revision of the same participant
 * was queued for the endpoint meanwhile: retrying it could deliver it after the newer one.
 */
const SUPERSEDED_ON_RETRY = 'Superseded by a newer result revision queued while this one was being sent';
const newerRevision = Prisma.sql`(d.result_revision_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM webhook_delivery newer
        WHERE newer.participant_id = d.participant_id AND newer.webhook_id = d.webhook_id
          AND newer.created_at > d.created_at AND newer.result_revision_id IS NOT NULL))`;

/** Text jsonb can carry: no NUL, no lone surrogate (JSON.stringify escapes it and PostgreSQL refuses it). */
const storable = (text: string | null) =>
  text === null ? null : text.replace(/\0/g, '').replace(/\p{Cs}/gu, '\uFFFD');

/**
 * One statement for the group. Only the lease holder settles a delivery: if its lease ran out and another
 * flusher took over, that flusher's attempt is the one that counts (ours is still recorded). A delivery
 * deleted meanwhile (with its webhook) has nothing left to record.
 */
async function writeGroup(
  db: PrismaClient,
  flusherId: string,
  health: EndpointHealthPolicy,
  group: Settlement[],
): Promise<HealthTransition[]> {
  const rows = group.map((s) => ({
    id: s.deliveryId,
    webhook_id: s.webhookId,
    attempt_id: randomUUID(),
    attempted_at: s.attemptedAt,
    status_code: s.statusCode,
    duration_ms: s.durationMs,
    response_snippet: storable(s.snippet),
    error: storable(s.error),
    status: s.status,
    delivered_at: s.deliveredAt,
    next_attempt_at: s.nextAttemptAt,
    disable: s.disable,
  }));
  const now = new Date();
  // The ids again, as an array the planner can look up by primary key (it cannot see into the JSON).
  const ids = group.map((s) => s.deliveryId).join(',');
  const disable = group.some((s) => s.disable)
    ? Prisma.sql`, disabled AS (
        UPDATE webhook_endpoint we
        SET active = false, disabled_at = s.attempted_at, disabled_reason = ${GONE_REASON},
            updated_at = ${now}::timestamptz
        FROM s
        WHERE s.disable AND we.id = s.webhook_id AND we.active
      )`
    : Prisma.empty;
  return queryRows<HealthTransition>(
    db,
    Prisma.sql`
    WITH s AS (
      SELECT *
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS s(
        id uuid, webhook_id uuid, attempt_id uuid, attempted_at timestamptz, status_code int, duration_ms int,
        response_snippet text, error text, status webhook_delivery_status, delivered_at timestamptz, next_attempt_at timestamptz,
        disable boolean)
    ), attempt AS (
      INSERT INTO webhook_delivery_attempt
        (id, delivery_id, attempted_at, status_code, duration_ms, response_snippet, error)
      SELECT attempt_id, id, attempted_at, status_code, duration_ms, response_snippet, error
      FROM s
      WHERE id IN (SELECT id FROM webhook_delivery WHERE id = ANY(string_to_array(${ids}, ',')::uuid[]))
    )${disable}, settled AS (
      UPDATE webhook_delivery d
      SET status = CASE WHEN (s.status = 'pending' OR ${EXTRA_ATTEMPT_FAILED}) AND ${newerRevision} THEN 'cancelled'
                        WHEN ${EXTRA_ATTEMPT_FAILED} THEN 'pending'
                        ELSE s.status END,
          attempt_count = CASE WHEN ${EXTRA_ATTEMPT_FAILED} THEN d.attempt_count - 1 ELSE d.attempt_count END,
          lease_until = NULL,
          leased_by = NULL,
          last_status_code = s.status_code,
          last_error = CASE WHEN (s.status = 'pending' OR ${EXTRA_ATTEMPT_FAILED}) AND ${newerRevision}
            THEN ${SUPERSEDED_ON_RETRY} || ' (after: ' || COALESCE(s.error, 'a failed attempt') || ')' ELSE s.error END,
          delivered_at = COALESCE(s.delivered_at, d.delivered_at),
          next_attempt_at = CASE WHEN ${EXTRA_ATTEMPT_FAILED} THEN d.resume_schedule_at
                                 ELSE COALESCE(s.next_attempt_at, d.next_attempt_at) END,
          resume_schedule_at = NULL,
          updated_at = ${now}::timestamptz
      FROM s
      WHERE d.id = ANY(string_to_array(${ids}, ',')::uuid[]) AND d.id = s.id AND d.leased_by = ${flusherId}
    ), ${healthUpdateSql(health)}
    SELECT * FROM health`,
    { prepared: true },
  );
}
