// Records delivery attempts and settles the deliveries, several per SQL statement: a finished delivery joins
// the next statement, which starts as soon as the previous one is done (a group commit). One statement is
// atomic, so each delivery's attempt row and its new state are always written together; round trips, the
// dispatcher's main cost, drop from one per delivery to one per group. The same statement hands the slot of
// a successful send over to its endpoint's next delivery, plus those the slot keeps leased ahead (claim.ts,
// handOffSql), so a fast endpoint's next send needs no claim of its own.
import { randomUUID } from 'node:crypto';
import {
  Prisma,
  type PrismaClient,
  type WebhookDeliveryAttempt,
  type WebhookDeliveryStatus,
} from '@/server/generated/prisma/client.ts';
import { queryRows, usesDirectStatements } from '@/server/platform/db/direct-statement';
import { handOffSql } from './claim';
import {
  CLAIMED_COLUMNS,
  NO_HEALTH_BUT_WEBHOOK,
  noClaimed,
  settledAttemptsSql,
  type Claimed,
  type HealthTransition,
  type SettledAttempt,
} from './statements';
import { DELIVERY_ATTEMPT } from './outbox';
import { logger, failureFields } from '@/server/platform/observability/logger';
import {
  automaticDisableAudit,
  DISABLED_BY_HEALTH_AUDIT,
  healthUpdateSql,
  recoveredEndpoints,
  releaseRecoveredBacklog,
  reportHealthTransitions,
  type EndpointHealthPolicy,
} from './endpoint-health';

export const GONE_REASON = 'The endpoint answered 410 Gone';
/**
 * The audit entry of that disable (the system's), as the automatic disable after days of failures writes it:
 * one per endpoint the CTE `disabled` (id, questionnaire_id) disabled.
 */
const GONE_AUDIT = automaticDisableAudit(
  {
    webhookId: Prisma.sql`disabled.id::text`,
    tenantId: Prisma.sql`q.tenant_id`,
    questionnaireId: Prisma.sql`disabled.questionnaire_id`,
    details: Prisma.sql`${JSON.stringify({ automatic: true, reason: GONE_REASON })}::jsonb`,
  },
  Prisma.sql`disabled JOIN questionnaire q ON q.id = disabled.questionnaire_id`,
);
const MAX_GROUP = 100;
/**
 * A "Retry now" (an extra attempt, replay.ts) that did not succeed: the delivery goes back to the
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
  /**
   * A success whose slot takes up to this many of the endpoint's next claimable deliveries (resolved with
   * them): one to replace the delivery settled, more while the slot holds fewer than it keeps ahead
   * (dispatcher.ts, aheadAfter).
   */
  handoff?: number;
}

/**
 * Settles; resolves with the delivery now leased to the same slot (a hand-off), and whether a newer result
 * revision of the participant was waiting for this one (it is claimable now, docs/webhooks.md).
 */
export type Settle = (settlement: Settlement) => Promise<Settled>;

interface Settled {
  handed: Claimed[];
  unblocked: boolean;
}

/** What a hand-off leases with: the flush's clock and lease length. */
interface HandOffOptions {
  clock: () => Date;
  leaseMs: number;
}

export interface SettlerOptions {
  flusherId: string;
  health: EndpointHealthPolicy;
  /** Without it, no settlement hands its slot over. */
  handOff?: HandOffOptions;
  /** The flush's sends that started less than `withinMs` ago and have no answer yet. */
  answersDue?: (withinMs: number) => number;
}

interface Queued {
  settlement: Settlement;
  queuedAt: number;
  resolve: (settled: Settled) => void;
  reject: (error: unknown) => void;
}

/** Returns `settle`, which resolves once the settlement is committed (or rejects with the group's error). */
export function createSettler(db: PrismaClient, options: SettlerOptions): Settle {
  const { flusherId, health, handOff, answersDue } = options;
  const concurrency = usesDirectStatements(db) ? CONCURRENT_GROUPS_ON_POOL : 1;
  const queue: Queued[] = [];
  /** Groups being written, and whether one of them must run alone or spans several endpoints. */
  const running = { count: 0, alone: false, spanning: false };
  let scheduled = false;
  let coalescing: NodeJS.Timeout | undefined;
  /** While no group is being written, the next waits briefly for answers about to arrive (COALESCE_MS). */
  const waitForAnswers = () => {
    if (!answersDue || queue.length >= MAX_GROUP || answersDue(COALESCE_MS) === 0) return false;
    const left = queue[0]!.queuedAt + COALESCE_MS - performance.now();
    if (left <= 0) return false;
    coalescing ??= setTimeout(() => {
      coalescing = undefined;
      start();
    }, left);
    return true;
  };
  const write = async (group: Queued[]) => {
    try {
      const settlements = group.map((q) => q.settlement);
      const { transitions, handed, unblocked } = await writeGroup(
        db,
        { flusherId, health, handOff },
        settlements,
      );
      // Before the slots go on: the claim they make next sends the backlog of an endpoint that recovered.
      const released = await madeDueOnRecovery(db, transitions, handOff?.clock() ?? new Date());
      for (const q of group)
        q.resolve({
          handed: takeHanded(handed, q.settlement),
          unblocked: unblocked.has(q.settlement.deliveryId),
        });
      if (transitions.length) reportHealthTransitions(transitions, released);
    } catch (error) {
      for (const q of group) q.reject(error);
    }
  };
  const start = () => {
    scheduled = false;
    if (running.count === 0 && queue.length > 0 && waitForAnswers()) return;
    clearTimeout(coalescing);
    coalescing = undefined;
    while (queue.length > 0 && !running.alone && running.count < concurrency) {
      const kind = groupKind(queue.slice(0, MAX_GROUP));
      // Waits for the groups running; started again when one finishes.
      if ((kind === 'alone' && running.count > 0) || (kind === 'spanning' && running.spanning)) return;
      const group = queue.splice(0, MAX_GROUP);
      running.count++;
      if (kind === 'alone') running.alone = true;
      if (kind === 'spanning') running.spanning = true;
      void write(group).finally(() => {
        running.count--;
        if (kind === 'alone') running.alone = false;
        if (kind === 'spanning') running.spanning = false;
        schedule();
      });
    }
  };
  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    // Each statement starts after this turn's I/O callbacks, so that deliveries whose answers arrived
    // meanwhile (an embedded database blocks the event loop while it works) join it.
    setImmediate(start);
  };
  return (settlement) =>
    new Promise<Settled>((resolve, reject) => {
      queue.push({ settlement, queuedAt: performance.now(), resolve, reject });
      schedule();
    });
}

/**
 * Makes the retries of endpoints whose breaker this group closed due at once (endpoint-health.ts). Their
 * settlement has committed: should this fail, they keep their own retry times.
 */
async function madeDueOnRecovery(
  db: PrismaClient,
  transitions: HealthTransition[],
  now: Date,
): Promise<Map<string, number>> {
  const recovered = recoveredEndpoints(transitions);
  if (recovered.length === 0) return new Map();
  try {
    return await releaseRecoveredBacklog(db, recovered, now);
  } catch (error) {
    logger.warn(
      { ...failureFields(error), webhookIds: recovered },
      'could not make a recovered webhook endpoint’s waiting deliveries due; they keep their retry times',
    );
    return new Map();
  }
}

/**
 * Groups written at once on PostgreSQL (a pool of connections): a group's statement waits for the database,
 * not for the other groups, so one slow statement does not hold up every slot. The embedded database runs one
 * statement at a time: there a second group would only split the first.
 */
const CONCURRENT_GROUPS_ON_POOL = 2;

/**
 * How long a group waits for the answers of sends that went out less than this long ago, instead of leaving
 * them for a statement of their own right after; the slots meanwhile send the deliveries they hold leased
 * ahead (dispatcher.ts, aheadAfter). A settle statement's fixed cost dwarfs its rows': on the embedded
 * database (one thread for the statements and the sends) 7–9 ms for a group of 1 and about the same for 12;
 * on PostgreSQL each statement is a round trip and socket writes, this process's largest CPU share. Waiting
 * 12 ms made groups of about 23 instead of 6 (same session, 2 cores, the bench): embedded 0.53–0.79 of the
 * raw POST loop against 0.32–0.48, PostgreSQL 10–15 % more deliveries a second with 15–20 % less CPU each
 * (docs/capacity.md). 16–24 ms gained nothing more.
 */
export const COALESCE_MS = 12;

/**
 * How a group may overlap others. A failure (health counts read and written in one statement, which a
 * concurrent statement's would overwrite) runs alone. Successes only reset an endpoint's health, so they
 * overlap; but at most one group touching several endpoints at a time, so two statements never lock the
 * same endpoint rows in different orders (a deadlock).
 */
function groupKind(group: Queued[]): 'alone' | 'spanning' | 'single' {
  if (group.some((q) => q.settlement.status !== 'succeeded')) return 'alone';
  return new Set(group.map((q) => q.settlement.webhookId)).size > 1 ? 'spanning' : 'single';
}

/** The deliveries handed over to this settlement's slot (as many as a successful send asked for, at most). */
function takeHanded(handed: Map<string, Claimed[]>, s: Settlement): Claimed[] {
  const asked = s.status === 'succeeded' ? (s.handoff ?? 0) : 0;
  return asked > 0 ? (handed.get(s.webhookId)?.splice(0, asked) ?? []) : [];
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

/** An attempt row, every column written (the table's description, outbox.ts). */
const attemptColumns = DELIVERY_ATTEMPT.columnList(DELIVERY_ATTEMPT.fields);
const attemptColumnDefinitions = DELIVERY_ATTEMPT.columnDefinitions(DELIVERY_ATTEMPT.fields);
/** The JSON record of an attempt row, under its column names (jsonb_to_recordset reads them so). */
const attemptRow = (attempt: WebhookDeliveryAttempt) =>
  Object.fromEntries(
    DELIVERY_ATTEMPT.fields.map((field) => [DELIVERY_ATTEMPT.column(field), attempt[field]]),
  );

/** Text jsonb can carry: no NUL, no lone surrogate (JSON.stringify escapes it and PostgreSQL refuses it). */
const storable = (text: string | null) =>
  text === null ? null : text.replace(/\0/g, '').replace(/\p{Cs}/gu, '\uFFFD');

/**
 * One statement for the group. Only the lease holder settles a delivery: if its lease ran out and another
 * flusher took over, that flusher's attempt is the one that counts (ours is still recorded). A delivery
 * deleted meanwhile (with its webhook) has nothing left to record. Returns the endpoints whose health
 * changed, the deliveries handed over to the slots that asked (by endpoint), and the settled deliveries a
 * newer result revision was waiting for.
 */
async function writeGroup(
  db: PrismaClient,
  w: { flusherId: string; health: EndpointHealthPolicy; handOff: HandOffOptions | undefined },
  group: Settlement[],
): Promise<{ transitions: HealthTransition[]; handed: Map<string, Claimed[]>; unblocked: Set<string> }> {
  const { flusherId, health } = w;
  const attemptRows = group.map((s) =>
    attemptRow({
      id: randomUUID(),
      deliveryId: s.deliveryId,
      attemptedAt: s.attemptedAt,
      statusCode: s.statusCode,
      durationMs: s.durationMs,
      responseSnippet: storable(s.snippet),
      error: storable(s.error),
    }),
  );
  const attempts = group.map<SettledAttempt>((s) => ({
    id: s.deliveryId,
    webhook_id: s.webhookId,
    attempted_at: s.attemptedAt,
    status_code: s.statusCode,
    error: storable(s.error),
    status: s.status,
    delivered_at: s.deliveredAt,
    next_attempt_at: s.nextAttemptAt,
    disable: s.disable,
    handoff: s.status === 'succeeded' ? (s.handoff ?? 0) : 0,
  }));
  const now = new Date();
  // The ids again, as an array the planner can look up by primary key (it cannot see into the JSON).
  const ids = group.map((s) => s.deliveryId).join(',');
  const idArray = Prisma.sql`string_to_array(${ids}, ',')::uuid[]`;
  // The disable and its audit entry (the system's) in the group's one statement: never one without the other.
  const disable = group.some((s) => s.disable)
    ? Prisma.sql`, disabled AS (
        UPDATE webhook_endpoint we
        SET active = false, disabled_at = s.attempted_at, disabled_reason = ${GONE_REASON},
            updated_at = ${now}::timestamptz
        FROM s
        WHERE s.disable AND we.id = s.webhook_id AND we.active
        RETURNING we.id, we.questionnaire_id
      ), disabled_audit AS (${GONE_AUDIT})`
    : Prisma.empty;
  // Only a failed attempt can disable its endpoint (health): a group of successes does without the CTE.
  const disabledByHealthAudit = group.some((s) => s.status !== 'succeeded')
    ? Prisma.sql`, health_disabled_audit AS (${DISABLED_BY_HEALTH_AUDIT})`
    : Prisma.empty;
  const handOff =
    w.handOff && group.some((s) => (s.handoff ?? 0) > 0 && s.status === 'succeeded')
      ? Prisma.sql`, ${handOffSql({ now: w.handOff.clock(), leaseMs: w.handOff.leaseMs, flusherId }, idArray)}`
      : Prisma.empty;
  const rows = await queryRows<GroupRow>(
    db,
    Prisma.sql`
    WITH s AS (
      SELECT *
      FROM ${settledAttemptsSql(attempts)}
    ), attempt AS (
      INSERT INTO webhook_delivery_attempt (${attemptColumns})
      SELECT ${attemptColumns}
      FROM jsonb_to_recordset(${JSON.stringify(attemptRows)}::jsonb) AS a(${attemptColumnDefinitions})
      WHERE a.delivery_id IN (SELECT id FROM webhook_delivery WHERE id = ANY(${idArray}))
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
      WHERE d.id = ANY(${idArray}) AND d.id = s.id AND d.leased_by = ${flusherId}
      RETURNING d.id::text AS id, d.webhook_id::text AS webhook_id, ${olderRevisionSettled} AS unblocks
    ), ${healthUpdateSql(health)}${disabledByHealthAudit}${handOff}
    SELECT 'health' AS kind, health.*, ${NO_CLAIMED} FROM health
    UNION ALL
    SELECT 'unblocked', settled.webhook_id, ${NO_HEALTH_BUT_WEBHOOK}, settled.id, ${NO_CLAIMED_BUT_ID} FROM settled
    WHERE settled.unblocks
    ${handOff === Prisma.empty ? Prisma.empty : Prisma.sql`UNION ALL SELECT 'handed', handed.webhook_id, ${NO_HEALTH_BUT_WEBHOOK}, handed.* FROM handed`}`,
    { prepared: true },
  );
  const transitions: HealthTransition[] = [];
  const handed = new Map<string, Claimed[]>();
  const unblocked = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'health') transitions.push(row);
    else if (row.kind === 'unblocked') unblocked.add(row.id);
    else handed.set(row.webhook_id, [...(handed.get(row.webhook_id) ?? []), claimedOf(row)]);
  }
  return { transitions, handed, unblocked };
}

/**
 * In the settled delivery's RETURNING: a newer result revision of the participant is pending for the
 * endpoint; it waited for this one (claim.ts, `claimable`) and may be claimed once this commits.
 */
const olderRevisionSettled = Prisma.sql`(d.result_revision_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM webhook_delivery newer
        WHERE newer.participant_id = d.participant_id AND newer.webhook_id = d.webhook_id
          AND newer.created_at > d.created_at AND newer.status = 'pending'
          AND newer.result_revision_id IS NOT NULL))`;

/**
 * A row of the group's statement: an endpoint whose health changed (the columns of HealthTransition), a
 * settled delivery a newer revision waited for (its id), or a delivery handed over (the columns of Claimed,
 * `c_webhook_id` for its webhook_id).
 */
type GroupRow = { kind: 'health' | 'unblocked' | 'handed' } & HealthTransition &
  Omit<Claimed, 'webhook_id'> & { c_webhook_id: string };

/** A handed-over delivery's webhook_id, under the name that does not clash with HealthTransition's. */
const HANDED_RENAME: Record<string, string> = { webhook_id: 'c_webhook_id' };
const NO_CLAIMED = noClaimed({ rename: HANDED_RENAME });
/** The claimed columns after the id, which the settled delivery's branch reads itself. */
const NO_CLAIMED_BUT_ID = noClaimed({ named: false, from: 1 });

function claimedOf(row: GroupRow): Claimed {
  const values = row as unknown as Record<string, unknown>;
  return Object.fromEntries(
    CLAIMED_COLUMNS.map(({ name }) => [name, values[HANDED_RENAME[name] ?? name]]),
  ) as Claimed;
}
