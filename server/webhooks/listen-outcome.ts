// What `pais listen` reports after forwarding a delivery to the developer's local URL: the attempt goes into the
// delivery log and settles the delivery through the dispatcher's own settler (settler.ts), so a listen
// endpoint's deliveries follow the rules of every other: a 2xx delivers it; anything else (another status, no
// answer) is a failed attempt, retried on the schedule (the retry step's time is when the session's poll hands
// it over again) until the schedule is used up; a test event is tried once. A 410 from a developer's local
// server does not disable the endpoint: it is one failed attempt like the others.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { MESSAGES } from '@/server/participants/messages';
import { defaultEndpointHealthPolicy } from '@/server/webhooks/endpoint-health';
import { LISTEN_MESSAGES } from '@/server/webhooks/listen-messages';
import { listenLeaseHolder, requireListenSession } from '@/server/webhooks/listen-session';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import { EVENT_TYPES } from '@/server/webhooks/payload';
import { retryDelayMs } from '@/server/webhooks/retry-schedule';
import { createSettler, type Settlement } from '@/server/webhooks/settler';

export interface ListenOutcome {
  /** The local URL's answer; null when there was none (refused, timed out). */
  statusCode: number | null;
  durationMs: number;
  /** What went wrong, in the command's words (required without a status code). */
  error?: string;
}

/**
 * Records the session's attempt of `deliveryId` and settles it. 404 for an unknown delivery or session, 403
 * for another questionnaire's delivery, 409 when the session does not hold it (reported already, or released
 * to a newer session).
 */
export async function reportListenOutcome(
  db: PrismaClient,
  questionnaireId: string,
  sessionId: string,
  deliveryId: string,
  outcome: ListenOutcome,
  options: { random?: () => number } = {},
): Promise<void> {
  const endpoint = await requireListenSession(db, questionnaireId, sessionId);
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: deliveryId.toLowerCase() },
    select: {
      id: true,
      webhookId: true,
      status: true,
      leasedBy: true,
      attemptCount: true,
      eventType: true,
      webhook: { select: { questionnaireId: true } },
    },
  });
  if (!delivery) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  if (delivery.webhook.questionnaireId !== questionnaireId)
    throw new AppError('FORBIDDEN', MESSAGES.notAssociated);
  const holder = listenLeaseHolder(endpoint.listenSessionId!);
  if (delivery.webhookId !== endpoint.id || delivery.status !== 'pending' || delivery.leasedBy !== holder)
    throw new AppError('CONFLICT', LISTEN_MESSAGES.notLeased);

  const now = new Date();
  const attemptedAt = new Date(now.getTime() - outcome.durationMs);
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode <= 299;
  const test = delivery.eventType === EVENT_TYPES.test;
  const delay = ok || test ? null : retryDelayMs(delivery.attemptCount, options.random);
  const settlement: Settlement = {
    deliveryId: delivery.id,
    webhookId: endpoint.id,
    attemptedAt,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    snippet: null,
    error: ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`),
    status: ok ? 'succeeded' : delay === null ? 'failed' : 'pending',
    deliveredAt: ok ? attemptedAt : null,
    nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay),
    disable: false,
  };
  // Only the lease holder's settlement counts (settler.ts): a session replaced meanwhile records its attempt
  // and changes nothing else.
  await createSettler(db, { flusherId: holder, health: defaultEndpointHealthPolicy() })(settlement);
}
