// The long poll of a `pais listen` session (listen-session.ts): claims the listen endpoint's due deliveries, in
// the order the dispatcher would send them (oldest due first, and a participant's newer result revision never
// before an older one still pending: claim.ts, `claimable`), leases them to the session, and returns them
// signed as they would be sent. With nothing due it waits, holding no database connection, until a wake-up
// (listen-wake.ts) or its next look, and answers empty at the end of the wait or when the process starts
// shutting down. Each round is bounded like a request of its own (REQUEST_DEADLINE_MS, the statement timeout),
// so the wait is not cut by the request's deadline.
import { Prisma, type PrismaClient } from '@/server/generated/prisma/client.ts';
import { queryRows } from '@/server/platform/db/direct-statement';
import { withRenewedRequestDeadline } from '@/server/platform/db/request-deadline';
import { AppError } from '@/server/platform/lib/errors';
import { isDraining } from '@/server/platform/lifecycle/state';
import { claimable } from '@/server/webhooks/claim';
import { LISTEN_CLAIMED_RETURNING, type ListenClaimed } from '@/server/webhooks/statements';
import { LISTEN_MESSAGES } from '@/server/webhooks/listen-messages';
import { listenLeaseHolder, requireListenSession } from '@/server/webhooks/listen-session';
import { waitForListenWake } from '@/server/webhooks/listen-wake';
import { deliveryIdentity, resultPayloadSchema, type EVENT_TYPES } from '@/server/webhooks/payload';
import { defaultWebhookSettings, type WebhookSettings } from '@/server/webhooks/settings';
import { signWebhook } from '@/server/webhooks/signing';
import { TEST_HEADER_NAME, TEST_HEADER_VALUE } from '@/server/webhooks/test-header';

/** The longest a poll waits for a delivery, in seconds: below the idle timeouts of common proxies (30 s+). */
export const LISTEN_MAX_WAIT_SECONDS = 25;
/** Deliveries one poll hands over at most. */
const LISTEN_BATCH = 10;
/**
 * How long a session holds what one poll handed over: its deliveries are forwarded one after another, each
 * within the command's 15 s, then reported. A session that disappears without ending loses its hold on them
 * when the next session starts (at once), or when this runs out.
 */
const LISTEN_LEASE_MS = 5 * 60_000;
/** Without a wake-up, a waiting poll looks again this often: a retry falling due, a wake listener down. */
const LOOK_AGAIN_MS = 2_000;

export interface ListenDelivery {
  id: string;
  message_id: string;
  event_type: (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];
  test: boolean;
  participant_uuid: string | null;
  /** This attempt's number (1 for the first). */
  attempt: number;
  /** The headers it would be sent with (content-type and the Standard Webhooks signature). */
  headers: Record<string, string>;
  /** The exact body it would be sent with: the signature covers these bytes (UTF-8). */
  body: string;
}

/**
 * Waits up to `waitMs` for the session's endpoint to have due deliveries, then claims and signs up to
 * LISTEN_BATCH of them. 404 once the session is gone (stopped, replaced, or the endpoint now has a URL), 409
 * while the endpoint is disabled.
 */
export async function pollListenSession(
  db: PrismaClient,
  questionnaireId: string,
  sessionId: string,
  options: { waitMs: number; settings?: WebhookSettings },
): Promise<ListenDelivery[]> {
  const settings = options.settings ?? defaultWebhookSettings();
  const until = Date.now() + options.waitMs;
  for (;;) {
    const handed = await withRenewedRequestDeadline(async () => {
      const endpoint = await requireListenSession(db, questionnaireId, sessionId);
      if (!endpoint.active)
        throw new AppError(
          'CONFLICT',
          endpoint.pausedByAdmin ? LISTEN_MESSAGES.pausedByAdmin : LISTEN_MESSAGES.disabled,
        );
      // The session's id as stored (the caller's may differ in case).
      const claimed = await claimForSession(db, endpoint.id, endpoint.listenSessionId!);
      if (claimed.length === 0) return [];
      const secret = settings.secretBox.decrypt(endpoint.secretEncrypted);
      await recordAbandoned(db, claimed);
      return claimed.map((row) => signed(row, secret));
    });
    const left = until - Date.now();
    if (handed.length > 0 || left <= 0 || isDraining()) return handed;
    await waitForListenWake(Math.min(left, LOOK_AGAIN_MS));
  }
}

/**
 * Leases up to LISTEN_BATCH due deliveries of the endpoint to the session, if it is still the endpoint's
 * session: the endpoint's row is held (FOR SHARE) until the lease commits, so a session starting or ending
 * meanwhile (which updates the row first) sees these leases and releases them. A delivery the session holds
 * already is handed over again: a poll's answer was lost on the way (the command polls only once it has
 * reported everything it was handed), and it counts no new attempt.
 */
async function claimForSession(
  db: PrismaClient,
  endpointId: string,
  sessionId: string,
): Promise<ListenClaimed[]> {
  const now = new Date();
  const holder = listenLeaseHolder(sessionId);
  return queryRows<ListenClaimed>(
    db,
    Prisma.sql`
    WITH session AS (
      SELECT we.id FROM webhook_endpoint we
      WHERE we.id = ${endpointId}::uuid AND we.listen_session_id = ${sessionId}::uuid
        AND we.delivery_mode = 'listen' AND we.active
      FOR SHARE
    ), picked AS (
      SELECT wd.id, wd.leased_by = ${holder} AS own,
        CASE WHEN wd.lease_until IS NOT NULL AND wd.leased_by <> ${holder} THEN wd.leased_by END AS abandoned_by
      FROM webhook_delivery wd
      WHERE wd.webhook_id IN (SELECT id FROM session)
        AND (${claimable(now)}
          OR (wd.status = 'pending' AND wd.leased_by = ${holder} AND wd.next_attempt_at <= ${now}::timestamptz))
      ORDER BY wd.next_attempt_at
      LIMIT ${LISTEN_BATCH}
      FOR UPDATE OF wd SKIP LOCKED
    )
    UPDATE webhook_delivery d
    SET lease_until = ${new Date(now.getTime() + LISTEN_LEASE_MS)}::timestamptz,
        leased_by = ${holder},
        attempt_count = d.attempt_count + CASE WHEN picked.own THEN 0 ELSE 1 END,
        updated_at = ${now}::timestamptz
    FROM picked
    WHERE d.id = picked.id
    ${LISTEN_CLAIMED_RETURNING}`,
  ).then((rows) =>
    // In the order they were picked (RETURNING keeps none): the command forwards them one after another.
    rows.sort(
      (a, b) =>
        new Date(a.next_attempt_at).getTime() - new Date(b.next_attempt_at).getTime() ||
        new Date(a.created_at).getTime() - new Date(b.created_at).getTime(),
    ),
  );
}

/** As the dispatcher records a flusher that died holding a delivery (its lease ran out). */
async function recordAbandoned(db: PrismaClient, claimed: ListenClaimed[]): Promise<void> {
  const abandoned = claimed.filter((row) => row.abandoned_by !== null);
  if (abandoned.length === 0) return;
  const attemptedAt = new Date();
  await db.webhookDeliveryAttempt.createMany({
    data: abandoned.map((row) => ({
      deliveryId: row.id,
      attemptedAt,
      durationMs: 0,
      error: `${row.abandoned_by} stopped before finishing (its lease expired); sending again`,
    })),
  });
}

/** The delivery as it would be sent now: the payload in the published key order, signed with `secret`. */
function signed(row: ListenClaimed, secret: string): ListenDelivery {
  // Parsed again so the body has the spec's key order (jsonb does not keep it), as the dispatcher sends it.
  const body = JSON.stringify(resultPayloadSchema.parse(JSON.parse(row.payload)));
  return {
    ...deliveryIdentity({
      id: row.id,
      messageId: row.message_id,
      eventType: row.event_type,
      participantId: row.participant_id,
    }),
    attempt: row.attempt_count,
    headers: {
      'content-type': 'application/json',
      ...signWebhook({ messageId: row.message_id, timestamp: new Date(), body, secrets: [secret] }),
      // Only a sandbox questionnaire listens, and all its deliveries are test data: marked as the dispatcher
      // marks them (test-header.ts), so a receiver sees the same request from `pais listen` as from us.
      [TEST_HEADER_NAME]: TEST_HEADER_VALUE,
    },
    body,
  };
}
