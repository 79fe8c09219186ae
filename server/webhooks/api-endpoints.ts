// The questionnaire's webhook endpoint and its deliveries as an API key names them (/v1/webhooks/endpoints/…),
// and as the customer's developer reads them: state and health without any secret, deliveries with their
// attempts. A key acts only in its own questionnaire (the house rule 5): an endpoint or a delivery that exists
// but belongs to another questionnaire is 403 "API Key not associated with this Questionnaire", 404 only for
// what does not exist (or was archived).
import type { z } from 'zod';
import type { Db } from '@/server/platform/db/client';
import type { WebhookEndpoint } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { toRfc3339Utc } from '@/server/platform/lib/time';
import { MESSAGES } from '@/server/participants/messages';
import { endpointStateOf } from '@/server/webhooks/endpoint-health';
import { deliveryStateOf } from '@/server/webhooks/delivery-log';
import { deliveryIdentity, resultPayloadSchema } from '@/server/webhooks/payload';
import { GONE_REASON } from '@/server/webhooks/settler';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import type { DeliveryWithAttempts } from '@/server/webhooks/delivery-pages';
import type { webhookDeliveryOutput, webhookEndpointOutput } from '@/server/rest-contract/webhook-schemas';

type EndpointRecord = z.infer<typeof webhookEndpointOutput>;
type DeliveryRecord = z.infer<typeof webhookDeliveryOutput>;

const iso = (date: Date | null) => (date ? toRfc3339Utc(date) : null);

/** The questionnaire's endpoint `endpointId`, current (not archived); rule 5 for another questionnaire's. */
export async function requireEndpointOf(
  db: Db,
  questionnaireId: string,
  endpointId: string,
): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id: endpointId.toLowerCase() } });
  if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  if (endpoint.questionnaireId !== questionnaireId) throw new AppError('FORBIDDEN', MESSAGES.notAssociated);
  if (endpoint.archivedAt) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  return endpoint;
}

/** A delivery of the endpoint (already checked as the questionnaire's); rule 5 for another questionnaire's. */
export async function requireDeliveryOf(
  db: Db,
  endpoint: { id: string; questionnaireId: string },
  deliveryId: string,
): Promise<DeliveryWithAttempts> {
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: deliveryId.toLowerCase() },
    include: {
      attempts: { orderBy: { attemptedAt: 'desc' } },
      webhook: { select: { questionnaireId: true } },
    },
  });
  if (!delivery) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  if (delivery.webhook.questionnaireId !== endpoint.questionnaireId)
    throw new AppError('FORBIDDEN', MESSAGES.notAssociated);
  // The questionnaire's, but of an endpoint archived since: not found under this one.
  if (delivery.webhookId !== endpoint.id) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  return delivery;
}

/** Why a disabled endpoint is disabled: an Admin's pause (or archive), a 410 Gone, or days of failures. */
function disabledCause(endpoint: WebhookEndpoint): EndpointRecord['disabled_cause'] {
  if (endpoint.active) return null;
  if (endpoint.pausedByAdmin) return 'admin_pause';
  return endpoint.disabledReason === GONE_REASON ? 'gone' : 'failures';
}

export function toEndpointRecord(endpoint: WebhookEndpoint, now = new Date()): EndpointRecord {
  const { state } = endpointStateOf(endpoint);
  const overlapping =
    endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > now
      ? endpoint.previousSecretExpiresAt
      : null;
  return {
    id: endpoint.id,
    url: endpoint.url,
    delivery_mode: endpoint.deliveryMode,
    state,
    disabled_at: endpoint.active ? null : iso(endpoint.disabledAt),
    disabled_cause: disabledCause(endpoint),
    disabled_reason: endpoint.active ? null : endpoint.disabledReason,
    consecutive_failures: endpoint.consecutiveFailures,
    failing_since: iso(endpoint.failingSince),
    next_probe_at: state === 'failing' ? iso(endpoint.probeAfter) : null,
    last_failure_at: iso(endpoint.lastFailureAt),
    last_failure_error: endpoint.lastFailureError,
    previous_secret_expires_at: iso(overlapping),
    authentication:
      endpoint.authType === 'header' || endpoint.authType === 'oauth2' ? endpoint.authType : 'none',
    created_at: toRfc3339Utc(endpoint.createdAt),
    updated_at: toRfc3339Utc(endpoint.updatedAt),
  };
}

export function toDeliveryRecord(delivery: DeliveryWithAttempts): DeliveryRecord {
  const state = deliveryStateOf(delivery);
  return {
    ...deliveryIdentity(delivery),
    state,
    attempt_count: delivery.attemptCount,
    next_attempt_at: state === 'pending' || state === 'retrying' ? iso(delivery.nextAttemptAt) : null,
    delivered_at: iso(delivery.deliveredAt),
    last_error: delivery.lastError,
    created_at: toRfc3339Utc(delivery.createdAt),
    request_id: delivery.requestId,
    attempts: delivery.attempts.map((attempt) => ({
      attempted_at: toRfc3339Utc(attempt.attemptedAt),
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })),
    // In the order it is sent (jsonb does not keep the keys' order).
    payload: resultPayloadSchema.parse(delivery.payload),
  };
}
