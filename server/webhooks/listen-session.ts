// `pais listen` sessions: a developer receives a sandbox questionnaire's webhooks on their own machine, without
// a public URL. Starting a session makes the questionnaire's endpoint a listen endpoint (created if it has
// none), whose deliveries the dispatcher never claims (claim.ts): the session's long poll claims them instead,
// with the same lease, order and settlement as a send (listen-poll.ts, listen-outcome.ts), so every attempt
// lands in the delivery log. Results are queued to it as to any endpoint, in the transaction that publishes
// them. Each session has its own signing secret, shown once: the endpoint's secret is replaced with it, with no
// overlap. The newest session wins: starting one ends the one before, whose unreported deliveries go to the new
// session at once. An endpoint with a URL is never taken over (409).
import { randomUUID } from 'node:crypto';
import { Prisma, type WebhookEndpoint } from '@/server/generated/prisma/client.ts';
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { AppError } from '@/server/platform/lib/errors';
import type { AuditActor } from '@/server/audit/audit-log';
import { MESSAGES } from '@/server/participants/messages';
import { findWebhook, recordWebhookAudit } from '@/server/webhooks/config';
import { lockQuestionnaire } from '@/server/questionnaires/questionnaires';
import { resetEndpointHealth } from '@/server/webhooks/endpoint-health';
import { LISTEN_MESSAGES } from '@/server/webhooks/listen-messages';
import { defaultWebhookSettings, type WebhookSettings } from '@/server/webhooks/settings';
import { generateSigningSecret } from '@/server/webhooks/signing';
import { GIVE_BACK_LEASE, unansweredAttemptsSql } from '@/server/webhooks/statements';

/** What a listen endpoint shows as its URL: it has none, its deliveries go to `pais listen`. */
const LISTEN_ENDPOINT_URL = 'pais listen';

/** Who holds a delivery's lease while a session forwards it (webhook_delivery.leased_by). */
export const listenLeaseHolder = (sessionId: string) => `listen:${sessionId}`;

export interface StartedListenSession {
  sessionId: string;
  endpointId: string;
  /** The session's signing secret (whsec_…): the only time it is shown. */
  secret: string;
  /** True when the questionnaire had no endpoint and this one was created for the session. */
  created: boolean;
}

/**
 * Starts a session for the scope's sandbox questionnaire (403 in a live one): its endpoint becomes (or is
 * created as) a listen endpoint with a new secret, and a previous session ends. 409 when the endpoint sends to
 * a URL, or an Admin paused it. One an automatic disable stopped (days of failures) is enabled again: the
 * developer is listening now.
 */
export async function startListenSession(
  db: Db,
  scope: { questionnaireId: string; sandbox: boolean },
  options: { actor: AuditActor; settings?: WebhookSettings },
): Promise<StartedListenSession> {
  if (!scope.sandbox) throw new AppError('FORBIDDEN', LISTEN_MESSAGES.sandboxOnly);
  const settings = options.settings ?? defaultWebhookSettings();
  const secret = generateSigningSecret();
  const sessionId = randomUUID();
  const session = {
    deliveryMode: 'listen',
    listenSessionId: sessionId,
    secretEncrypted: settings.secretBox.encrypt(secret),
  } as const;
  return inTransaction(db, async (tx) => {
    // Two sessions starting at once (two terminals) take turns: the second ends the first.
    await lockQuestionnaire(tx, scope.questionnaireId);
    const existing = await findWebhook(tx, scope.questionnaireId);
    if (existing && existing.deliveryMode !== 'listen')
      throw new AppError('CONFLICT', LISTEN_MESSAGES.httpEndpoint);
    if (existing && !existing.active && existing.pausedByAdmin)
      throw new AppError('CONFLICT', LISTEN_MESSAGES.pausedByAdmin);
    let endpoint: WebhookEndpoint;
    if (existing) {
      // The endpoint's row first: a claim of the previous session holds it (FOR SHARE) until it commits, so
      // the release below sees what that claim leased.
      endpoint = await tx.webhookEndpoint.update({
        where: { id: existing.id },
        data: {
          ...session,
          previousSecretEncrypted: null,
          previousSecretExpiresAt: null,
          ...(existing.active ? {} : { active: true, disabledAt: null, disabledReason: null }),
        },
      });
      if (!existing.active) await resetEndpointHealth(tx, existing.id);
      await releaseSessionLeases(tx, existing.id, 'abandoned');
    } else {
      endpoint = await tx.webhookEndpoint.create({
        data: { questionnaireId: scope.questionnaireId, url: LISTEN_ENDPOINT_URL, ...session },
      });
      await recordWebhookAudit(tx, options.actor, 'webhook.create', endpoint, {
        url: endpoint.url,
        deliveryMode: 'listen',
      });
    }
    await recordWebhookAudit(tx, options.actor, 'webhook.listen.start', endpoint, {
      sessionId,
      ...(existing?.listenSessionId ? { replacedSessionId: existing.listenSessionId } : {}),
    });
    return { sessionId, endpointId: endpoint.id, secret, created: !existing };
  });
}

/**
 * The questionnaire's listen endpoint whose current session is `sessionId`; 404 when no endpoint has that
 * session (stopped, replaced, or the endpoint now sends to a URL), 403 when it is another questionnaire's.
 */
export async function requireListenSession(
  db: Db,
  questionnaireId: string,
  sessionId: string,
): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoint.findFirst({
    where: { listenSessionId: sessionId.toLowerCase(), deliveryMode: 'listen', archivedAt: null },
  });
  if (!endpoint) throw new AppError('NOT_FOUND', LISTEN_MESSAGES.sessionNotFound);
  if (endpoint.questionnaireId !== questionnaireId) throw new AppError('FORBIDDEN', MESSAGES.notAssociated);
  return endpoint;
}

/**
 * Ends the session (`pais listen` stopping): deliveries queued from now on wait for the next session. Whatever
 * the session still held was never forwarded (the command reports each delivery it forwards before it ends),
 * so it is released as if never claimed.
 */
export async function endListenSession(
  db: Db,
  questionnaireId: string,
  sessionId: string,
  options: { actor: AuditActor },
): Promise<void> {
  const endpoint = await requireListenSession(db, questionnaireId, sessionId);
  await inTransaction(db, async (tx) => {
    const ended = await tx.webhookEndpoint.updateMany({
      where: { id: endpoint.id, listenSessionId: endpoint.listenSessionId },
      data: { listenSessionId: null },
    });
    // Replaced or ended meanwhile: the same answer as a moment later.
    if (ended.count === 0) throw new AppError('NOT_FOUND', LISTEN_MESSAGES.sessionNotFound);
    await releaseSessionLeases(tx, endpoint.id, 'unsent');
    await recordWebhookAudit(tx, options.actor, 'webhook.listen.end', endpoint, { sessionId });
  });
}

/** Recorded on a delivery a session held when the next session started: it may or may not have been forwarded. */
const ABANDONED =
  'The pais listen session that held it ended before reporting its outcome; it goes to the next session';

/**
 * Releases the endpoint's deliveries leased to listen sessions, to be claimed again at once. `abandoned`: by a
 * session that may have forwarded them (killed mid-delivery), recorded as an attempt without an answer, as the
 * dispatcher records a flusher that died; `unsent`: never forwarded, the claim's attempt is given back.
 */
async function releaseSessionLeases(tx: Db, endpointId: string, kind: 'abandoned' | 'unsent'): Promise<void> {
  const now = new Date();
  const held = Prisma.sql`webhook_id = ${endpointId}::uuid AND status = 'pending' AND leased_by LIKE 'listen:%'`;
  if (kind === 'unsent') {
    await tx.$executeRaw`
      UPDATE webhook_delivery
      SET ${GIVE_BACK_LEASE}, updated_at = ${now}::timestamptz
      WHERE ${held}`;
    return;
  }
  await tx.$executeRaw`
    WITH released AS (
      UPDATE webhook_delivery
      SET lease_until = NULL, leased_by = NULL, updated_at = ${now}::timestamptz
      WHERE ${held}
      RETURNING id
    )
    ${unansweredAttemptsSql('released', now, ABANDONED)}`;
}
