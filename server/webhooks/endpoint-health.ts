// The health of one webhook endpoint: a circuit breaker and the automatic disable (docs/webhooks.md).
// Every settled attempt updates it in the settler's own statement (no extra round trip): a success closes
// the breaker and clears the failure run; a failure (anything but 2xx: timeouts, connection errors, 5xx, …)
// lengthens the run. After WEBHOOK_BREAKER_FAILURES failures in a row the breaker opens: the claim then takes
// one probe delivery at a time for the endpoint, no earlier than `probe_after`, which backs off with each
// failed probe. An endpoint whose every attempt failed for WEBHOOK_DISABLE_AFTER_DAYS is disabled with a
// reason, the same columns an Admin or a 410 Gone sets (active, disabled_at, disabled_reason). When a probe
// succeeds and the breaker closes, the endpoint's deliveries waiting for a retry step are due at once.
import { Prisma } from '@/server/generated/prisma/client.ts';
import type { Db } from '@/server/platform/db/client';
import { env } from '@/server/platform/env';
import { logger } from '@/server/platform/observability/logger';
import type { AuditAction } from '@/server/audit/audit-log';
import { AUDIT_LOG, auditInsertStatement } from '@/server/audit/statements';
import { wakeDispatchersSql } from './wake-signal';
import { HEALTH_RETURNING, type HealthTransition } from './statements';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface EndpointHealthPolicy {
  /** Sends in flight to one endpoint, over every instance (WEBHOOK_ENDPOINT_MAX_IN_FLIGHT). */
  maxInFlightPerEndpoint: number;
  /** Failed attempts in a row that open the breaker (WEBHOOK_BREAKER_FAILURES). */
  breakerFailures: number;
  /** The first wait between probes; doubled after each failed probe up to probeMaxDelayMs. */
  probeBaseDelayMs: number;
  probeMaxDelayMs: number;
  /** Failing for this long without one success disables the endpoint (WEBHOOK_DISABLE_AFTER_DAYS). */
  disableAfterMs: number;
}

export function defaultEndpointHealthPolicy(): EndpointHealthPolicy {
  return {
    maxInFlightPerEndpoint: env.WEBHOOK_ENDPOINT_MAX_IN_FLIGHT,
    breakerFailures: env.WEBHOOK_BREAKER_FAILURES,
    probeBaseDelayMs: 5_000,
    probeMaxDelayMs: 10 * 60_000,
    disableAfterMs: env.WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS,
  };
}

/**
 * Forgets an endpoint's failures: breaker closed, no failure run. For re-enabling a disabled endpoint (the
 * caller clears active/disabled_at/disabled_reason itself, in the same transaction).
 */
export async function resetEndpointHealth(tx: Db, webhookId: string): Promise<void> {
  await tx.webhookEndpoint.update({
    where: { id: webhookId },
    data: {
      consecutiveFailures: 0,
      failingSince: null,
      breakerOpenedAt: null,
      probeAfter: null,
      lastFailureError: null,
      lastFailureAt: null,
    },
  });
}

export type EndpointState =
  | { state: 'healthy' }
  | { state: 'failing'; since: Date; lastError: string | null; consecutiveFailures: number }
  | { state: 'disabled'; since: Date | null; reason: string | null };

/** What the Admin sees for an endpoint. */
export function endpointStateOf(webhook: {
  active: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  breakerOpenedAt: Date | null;
  lastFailureError: string | null;
  consecutiveFailures: number;
}): EndpointState {
  if (!webhook.active)
    return { state: 'disabled', since: webhook.disabledAt, reason: webhook.disabledReason };
  if (webhook.breakerOpenedAt) {
    return {
      state: 'failing',
      since: webhook.breakerOpenedAt,
      lastError: webhook.lastFailureError,
      consecutiveFailures: webhook.consecutiveFailures,
    };
  }
  return { state: 'healthy' };
}

/**
 * The settler's CTE `health`: updates the endpoints of the attempts in CTE `s` (webhook_id, status_code,
 * error, attempted_at, disable) and returns the endpoints whose state changed. Endpoints that are healthy and stay
 * healthy are not written.
 */
export function healthUpdateSql(policy: EndpointHealthPolicy): Prisma.Sql {
  const threshold = policy.breakerFailures;
  const run = Prisma.sql`(old.consecutive_failures + a.failures)`;
  const opens = Prisma.sql`(NOT a.any_ok AND ${run} >= ${threshold})`;
  const disables = Prisma.sql`(NOT a.any_ok AND old.active
    AND COALESCE(old.failing_since, a.first_failure) <= a.last_at - make_interval(secs => ${policy.disableAfterMs / 1000}))`;
  return Prisma.sql`agg AS (
      SELECT webhook_id,
        bool_or(status_code BETWEEN 200 AND 299) AS any_ok,
        count(*) FILTER (WHERE status_code IS NULL OR status_code NOT BETWEEN 200 AND 299)::int AS failures,
        min(attempted_at) AS first_failure,
        max(attempted_at) AS last_at,
        (array_agg(error ORDER BY attempted_at DESC))[1] AS last_error
      FROM s
      -- A 410 Gone disables the endpoint in the settler's own CTE: not counted here (one update per row).
      WHERE NOT s.disable
      GROUP BY webhook_id
    ), health AS (
      UPDATE webhook_endpoint we
      SET consecutive_failures = CASE WHEN a.any_ok THEN 0 ELSE ${run} END,
          failing_since = CASE WHEN a.any_ok THEN NULL ELSE COALESCE(old.failing_since, a.first_failure) END,
          breaker_opened_at = CASE WHEN a.any_ok THEN NULL
            WHEN ${opens} THEN COALESCE(old.breaker_opened_at, a.last_at) ELSE old.breaker_opened_at END,
          probe_after = CASE WHEN a.any_ok THEN NULL
            WHEN ${opens} THEN a.last_at + make_interval(secs => LEAST(
              ${policy.probeBaseDelayMs / 1000} * power(2, LEAST(${run} - ${threshold}, 20)),
              ${policy.probeMaxDelayMs / 1000}))
            ELSE old.probe_after END,
          last_failure_error = CASE WHEN a.any_ok THEN old.last_failure_error ELSE a.last_error END,
          last_failure_at = CASE WHEN a.any_ok THEN old.last_failure_at ELSE a.last_at END,
          active = CASE WHEN ${disables} THEN false ELSE old.active END,
          disabled_at = CASE WHEN ${disables} THEN a.last_at ELSE old.disabled_at END,
          disabled_reason = CASE WHEN ${disables} THEN
            'Every delivery attempt failed since '
              || to_char(COALESCE(old.failing_since, a.first_failure) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
              || ' (' || ${run} || ' attempts), last error: ' || COALESCE(a.last_error, 'none')
            ELSE old.disabled_reason END
      FROM agg a, webhook_endpoint old
      WHERE we.id = a.webhook_id AND old.id = a.webhook_id
        AND (NOT a.any_ok OR old.consecutive_failures > 0 OR old.breaker_opened_at IS NOT NULL)
      ${HEALTH_RETURNING}
    )`;
}

/**
 * The audit entry (the system's) of an automatic disable, as an `INSERT … SELECT` over `source`: one entry per
 * row, each column SQL over those rows. Used as a CTE of the statement that disables, so the disable and its
 * entry commit together or not at all: the 410 Gone disable (settler.ts) and the one below.
 */
export function automaticDisableAudit(
  row: { webhookId: Prisma.Sql; tenantId: Prisma.Sql; questionnaireId: Prisma.Sql; details: Prisma.Sql },
  source: Prisma.Sql,
): Prisma.Sql {
  return auditInsertStatement(
    {
      actorType: AUDIT_LOG.parameter('actorType', 'system'),
      actorId: AUDIT_LOG.parameter('actorId', null),
      action: AUDIT_LOG.parameter('action', 'webhook.disable' satisfies AuditAction),
      targetType: AUDIT_LOG.parameter('targetType', 'webhook'),
      targetId: row.webhookId,
      tenantId: row.tenantId,
      questionnaireId: row.questionnaireId,
      sourceIp: AUDIT_LOG.parameter('sourceIp', null),
      details: row.details,
    },
    source,
  );
}

/**
 * The settler's CTE `health_disabled_audit`, after `health`: the entry of each endpoint `health` disabled.
 * (Written afterwards, the entry came after the settle was answered, and a crash in between lost it.)
 */
export const DISABLED_BY_HEALTH_AUDIT = automaticDisableAudit(
  {
    webhookId: Prisma.sql`health.webhook_id`,
    tenantId: Prisma.sql`q.tenant_id`,
    questionnaireId: Prisma.sql`health.questionnaire_id::uuid`,
    details: Prisma.sql`jsonb_build_object('automatic', true, 'reason', health.disabled_reason)`,
  },
  Prisma.sql`health JOIN questionnaire q ON q.id = health.questionnaire_id::uuid WHERE health.disabled`,
);

/** The endpoints of `transitions` whose breaker closed: a probe succeeded, they are reachable again. */
export const recoveredEndpoints = (transitions: HealthTransition[]): string[] =>
  transitions.filter((t) => t.was_failing && !t.is_failing && !t.disabled).map((t) => t.webhook_id);

/**
 * Makes the deliveries of endpoints that have just recovered due at once, instead of each waiting for its own
 * retry step (after a 20 s outage, a delivery that had failed into its 30-minute step once waited 17 more
 * minutes, although its endpoint had answered long before). They become due as of when they were queued, so
 * the claim sends them oldest first, within the endpoint's cap; a participant's newer revision still waits for
 * its older one (claim.ts). Not the ones being sent (leased). The statement wakes the dispatchers (every
 * instance's, this one's too: the flush whose probe succeeded, or the one a "Retry now" did not go through).
 * Returns how many were made due, by endpoint.
 */
export async function releaseRecoveredBacklog(
  db: Db,
  webhookIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (webhookIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ webhook_id: string; n: number }[]>`
    WITH made_due AS (
      UPDATE webhook_delivery
      SET next_attempt_at = created_at, updated_at = ${now}::timestamptz
      WHERE webhook_id = ANY(${webhookIds}::uuid[]) AND status = 'pending'
        AND next_attempt_at > ${now}::timestamptz
        AND (lease_until IS NULL OR lease_until <= ${now}::timestamptz)
      RETURNING webhook_id
    )
    SELECT webhook_id::text AS webhook_id, count(*)::int AS n, ${wakeDispatchersSql}::text AS woken
    FROM made_due GROUP BY webhook_id`;
  return new Map(rows.map((r) => [r.webhook_id, r.n]));
}

/**
 * Logs the endpoints whose state changed, with how many waiting deliveries a
 * recovery made due (`released`, by endpoint). No URL is logged: it may hold credentials.
 */
export function reportHealthTransitions(
  transitions: HealthTransition[],
  released: ReadonlyMap<string, number> = new Map(),
): void {
  for (const t of transitions) {
    const fields = { webhookId: t.webhook_id, questionnaireId: t.questionnaire_id };
    if (t.disabled) {
      logger.warn(
        { ...fields, reason: t.disabled_reason },
        'webhook endpoint disabled: it failed every attempt',
      );
    } else if (t.is_failing && !t.was_failing) {
      logger.warn(
        { ...fields, consecutiveFailures: t.consecutive_failures, lastError: t.last_failure_error },
        'webhook endpoint failing: its deliveries wait for one probe at a time',
      );
    } else if (!t.is_failing && t.was_failing) {
      logger.info(
        { ...fields, madeDue: released.get(t.webhook_id) ?? 0 },
        'webhook endpoint recovered: its backlog drains, the deliveries waiting for a retry at once',
      );
    }
  }
}
