// Claiming due deliveries: one statement per claim, fair across endpoints (docs/webhooks.md).
// For every active endpoint with a free slot it takes that endpoint's oldest due deliveries, at most the
// endpoint's cap minus its live leases (the sends in flight, on every instance), then the oldest of those
// across endpoints, round-robin by rank, up to the caller's free slots. An endpoint whose breaker is open
// has a cap of one (the probe) and none before its `probe_after`; from then on the probe takes its oldest
// waiting delivery even before that delivery's own retry step is due.
//
// The cap holds across instances because the claim locks the endpoint rows it takes from (FOR UPDATE SKIP
// LOCKED) and bumps their `claim_seq`: a concurrent claim skips a locked endpoint, and one whose snapshot
// predates another claim's commit sees a different `claim_seq` on the locked (latest) row and leaves that
// endpoint for its next claim instead of counting stale leases. Deliveries are locked with SKIP LOCKED too,
// and the lease (lease_until, leased_by) makes a dead instance's sends claimable again once it expires.
//
// A send that succeeded hands its slot over in its settlement's statement (handOffSql): the settler releases
// the lease and leases the endpoint's next claimable delivery to the same flusher, in one atomic statement,
// plus up to LEASED_AHEAD_MAX (24) more that the slot sends while its previous sends settle (dispatcher.ts,
// aheadAfter). That raises an endpoint's count of live leases by at most that many per slot, never its sends:
// a slot has one send in flight at a time and holds a live lease from its claim to its last settlement, so
// the count never falls below the slots' sends, and a claim counting it can only leave the endpoint slots
// short, never over its cap. So the hand-off needs neither the endpoint lock nor `claim_seq`; the delivery
// rows themselves are locked as in the claim.
import { Prisma, type PrismaClient } from '@/server/generated/prisma/client.ts';
import { queryRows } from '@/server/platform/db/direct-statement';
import { CLAIMED_RETURNING, noClaimed, type Claimed } from './statements';

export interface ClaimRequest {
  now: Date;
  leaseMs: number;
  flusherId: string;
  /** Deliveries to take at most (the caller's free slots). */
  limit: number;
  /** Of those, deliveries to sandbox questionnaires' endpoints at most (the sandbox share's free slots). */
  sandboxLimit: number;
  maxInFlightPerEndpoint: number;
}

/** What leasing needs: the clock, the lease's length and its holder. */
export type LeaseRequest = Pick<ClaimRequest, 'now' | 'leaseMs' | 'flusherId'>;

/** Leases the deliveries of the `picked` CTE to the claimer; the claim counts as an attempt. */
function leasePicked(r: LeaseRequest): Prisma.Sql {
  const leaseUntil = new Date(r.now.getTime() + r.leaseMs);
  return Prisma.sql`UPDATE webhook_delivery d
      SET lease_until = ${leaseUntil}::timestamptz,
          leased_by = ${r.flusherId},
          attempt_count = d.attempt_count + 1,
          updated_at = ${r.now}::timestamptz
      FROM picked, webhook_endpoint endpoint
      WHERE d.id = picked.id AND endpoint.id = d.webhook_id
      ${CLAIMED_RETURNING}`;
}

/**
 * A delivery that may be sent: due (`dueOrNot`: whenever it is due), not leased (or its lease expired), and no older result revision of the
 * same participant still pending for the same endpoint, so revisions arrive in order. That older one is
 * in flight (queuing the newer one cancelled it otherwise, see outbox.ts), or its flusher died and it is
 * about to be claimed again; a failed attempt of it is not retried (settler.ts), so the wait is one send.
 */
export function claimable(now: Date, options: { dueOrNot?: boolean } = {}): Prisma.Sql {
  const due = options.dueOrNot ? Prisma.empty : Prisma.sql`AND wd.next_attempt_at <= ${now}::timestamptz`;
  return Prisma.sql`wd.status = 'pending'
        ${due}
        AND (wd.lease_until IS NULL OR wd.lease_until <= ${now}::timestamptz)
        AND (wd.result_revision_id IS NULL OR NOT EXISTS (
          SELECT 1 FROM webhook_delivery older
          WHERE older.participant_id = wd.participant_id AND older.webhook_id = wd.webhook_id
            AND older.created_at < wd.created_at AND older.status = 'pending'
            AND older.result_revision_id IS NOT NULL))`;
}

/**
 * Claims up to `limit` due deliveries fairly across endpoints, at most `sandboxLimit` of them to sandbox
 * questionnaires' endpoints: their sends (an integrator's test endpoint that hangs, say) never take the slots
 * live deliveries need, however old their backlog. The claim counts as an attempt. `contended`:
 * due deliveries were left because a concurrent claim held their endpoint (worth claiming again shortly).
 */
export async function claimFair(
  db: PrismaClient,
  r: ClaimRequest,
): Promise<{ claimed: Claimed[]; contended: boolean }> {
  const rows = await queryRows<Claimed & { contended: boolean }>(
    db,
    Prisma.sql`
    WITH ep AS (
      SELECT we.id, we.claim_seq, q.sandbox, we.breaker_opened_at IS NOT NULL AS probing,
        CASE WHEN we.breaker_opened_at IS NULL THEN ${r.maxInFlightPerEndpoint}::int ELSE 1 END
          - (SELECT count(*) FROM webhook_delivery l
             WHERE l.webhook_id = we.id AND l.lease_until > ${r.now}::timestamptz AND l.status = 'pending')::int
          AS free
      FROM webhook_endpoint we
      JOIN questionnaire q ON q.id = we.questionnaire_id
      -- A listen endpoint's deliveries go to its pais listen session only (listen-poll.ts).
      WHERE we.active AND we.delivery_mode = 'http'
        AND (we.breaker_opened_at IS NULL OR we.probe_after IS NULL OR we.probe_after <= ${r.now}::timestamptz)
    ), ranked AS (
      SELECT c.id, c.webhook_id, c.rank, c.next_attempt_at, c.abandoned_by, ep.sandbox,
        row_number() OVER (PARTITION BY ep.sandbox ORDER BY c.rank, c.next_attempt_at) AS in_kind
      FROM ep
      CROSS JOIN LATERAL (
        (SELECT wd.id, wd.webhook_id, wd.next_attempt_at,
          row_number() OVER (ORDER BY wd.next_attempt_at) AS rank,
          CASE WHEN wd.lease_until IS NOT NULL THEN wd.leased_by END AS abandoned_by
        FROM webhook_delivery wd
        WHERE NOT ep.probing AND wd.webhook_id = ep.id AND ${claimable(r.now)}
        -- In the index's order (webhook_id, status, next_attempt_at): the scan stops at the limit.
        ORDER BY wd.next_attempt_at
        LIMIT GREATEST(ep.free, 0))
        UNION ALL
        -- The breaker's probe, once its cool-off has ended: the endpoint's oldest waiting delivery, due or not.
        -- Waiting for a due one kept a recovered endpoint's backlog on its long retry steps (5 minutes, an
        -- hour) although the endpoint answered again; the probe's success makes the rest due at once.
        (SELECT wd.id, wd.webhook_id, wd.next_attempt_at, 1 AS rank,
          CASE WHEN wd.lease_until IS NOT NULL THEN wd.leased_by END AS abandoned_by
        FROM webhook_delivery wd
        WHERE ep.probing AND wd.webhook_id = ep.id AND ${claimable(r.now, { dueOrNot: true })}
        ORDER BY wd.created_at
        LIMIT 1)
      ) c
      WHERE ep.free > 0
    ), candidate AS (
      SELECT id, webhook_id, rank, next_attempt_at, abandoned_by
      FROM ranked
      WHERE NOT sandbox OR in_kind <= ${r.sandboxLimit}::int
      ORDER BY rank, next_attempt_at
      LIMIT ${r.limit}
    ), endpoint_locked AS (
      SELECT we.id
      FROM webhook_endpoint we
      JOIN ep ON ep.id = we.id
      WHERE we.id IN (SELECT webhook_id FROM candidate) AND we.claim_seq = ep.claim_seq AND we.active
      FOR UPDATE OF we SKIP LOCKED
    ), bumped AS (
      UPDATE webhook_endpoint we SET claim_seq = we.claim_seq + 1
      FROM endpoint_locked el
      WHERE we.id = el.id
    ), picked AS (
      SELECT wd.id, candidate.abandoned_by
      FROM webhook_delivery wd
      JOIN candidate ON candidate.id = wd.id
      WHERE wd.webhook_id IN (SELECT id FROM endpoint_locked)
        AND wd.status = 'pending'
        AND (wd.lease_until IS NULL OR wd.lease_until <= ${r.now}::timestamptz)
      FOR UPDATE OF wd SKIP LOCKED
    ), claimed AS (
      ${leasePicked(r)}
    )
    SELECT *, false AS contended FROM claimed
    UNION ALL
    SELECT ${noClaimed({ named: false })}, true
    WHERE EXISTS (SELECT 1 FROM candidate WHERE webhook_id NOT IN (SELECT id FROM endpoint_locked))`,
    { prepared: true },
  );
  const contended = rows.length > 0 && rows.at(-1)!.contended;
  return { claimed: contended ? rows.slice(0, -1) : rows, contended };
}

/**
 * Claims one delivery by id if it is pending and nobody holds it, whatever its endpoint's cap or breaker
 * (an Admin asked for it: the test event, a replay). Not before it is due.
 */
export async function claimById(
  db: PrismaClient,
  r: LeaseRequest,
  deliveryId: string,
): Promise<Claimed | undefined> {
  const [claimed] = await db.$queryRaw<Claimed[]>`
    WITH picked AS (
      SELECT wd.id, CASE WHEN wd.lease_until IS NOT NULL THEN wd.leased_by END AS abandoned_by
      FROM webhook_delivery wd
      JOIN webhook_endpoint we ON we.id = wd.webhook_id
      WHERE wd.id = ${deliveryId}::uuid AND we.active AND we.delivery_mode = 'http'
        AND wd.status = 'pending'
        AND wd.next_attempt_at <= ${r.now}::timestamptz
        AND (wd.lease_until IS NULL OR wd.lease_until <= ${r.now}::timestamptz)
      FOR UPDATE OF wd SKIP LOCKED
    )
    ${leasePicked(r)}`;
  return claimed;
}

/**
 * The settler's CTEs `slot`, `picked` and `handed`, after its CTE `s` of settled attempts (id, webhook_id,
 * status, handoff, disable) whose delivery ids are `ids`: for each endpoint, as many of its next claimable
 * deliveries as its successful sends asked for (`handoff`, one or more each) whose live lease this flusher
 * held, leased to this flusher like a claim (an attempt). Not for an endpoint that is paused, whose breaker
 * is open (its probe's success closes it in this statement; the claim takes over from there) or that answered
 * 410 in this group. The snapshot still shows the settled deliveries pending and leased, so a newer revision
 * waiting for one of them is not handed over here: it is claimable once this statement has committed.
 */
export function handOffSql(r: LeaseRequest, ids: Prisma.Sql): Prisma.Sql {
  // The deliveries whose lease this flusher still holds are read once, by primary key, as an array (an
  // InitPlan). Joined to `s` instead, the planner (which sees one row in `s`, not the group's ~50) read every
  // id of the group again for each settled attempt: 50 × 50 lookups, half of the embedded database's settle
  // statement (EXPLAIN ANALYZE in the dispatch bench); a CTE in their place still cost 50 × 50 row comparisons.
  return Prisma.sql`slot AS (
      SELECT s.webhook_id, sum(s.handoff)::int AS n
      FROM s
      JOIN webhook_endpoint we ON we.id = s.webhook_id
      WHERE s.handoff > 0 AND s.status = 'succeeded'
        AND s.id = ANY(ARRAY(
          SELECT held.id FROM webhook_delivery held
          WHERE held.id = ANY(${ids}) AND held.leased_by = ${r.flusherId}
            AND held.lease_until > ${r.now}::timestamptz))
        AND we.active AND we.breaker_opened_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM s gone WHERE gone.disable AND gone.webhook_id = s.webhook_id)
      GROUP BY s.webhook_id
    ), picked AS (
      SELECT next.id, next.abandoned_by
      FROM slot
      CROSS JOIN LATERAL (
        SELECT wd.id, CASE WHEN wd.lease_until IS NOT NULL THEN wd.leased_by END AS abandoned_by
        FROM webhook_delivery wd
        WHERE wd.webhook_id = slot.webhook_id AND ${claimable(r.now)}
        ORDER BY wd.next_attempt_at
        LIMIT slot.n
        FOR UPDATE OF wd SKIP LOCKED
      ) next
    ), handed AS (
      ${leasePicked(r)}
    )`;
}
