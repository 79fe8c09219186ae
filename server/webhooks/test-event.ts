// The test event (the Admin app's "send test event" button, POST /v1/webhooks/endpoints/{id}/test): a payload
// shaped like a real result, marked as a test (callback_type "Test", event type webhook.test), queued like any
// delivery and attempted at once, so an Admin or the customer sees whether the customer's endpoint answers.
import type { Db } from '@/server/platform/db/client';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import type { AuditActor } from '@/server/audit/audit-log';
import { toRfc3339Utc } from '@/server/platform/lib/time';
import { enqueueDeliveries } from '@/server/webhooks/outbox';
import { EVENT_TYPES, TEST_EVENT, type ResultPayload } from '@/server/webhooks/payload';
import { deliverNow, type FlushOptions } from '@/server/webhooks/dispatcher';
import { recordWebhookAudit, requireWebhook } from '@/server/webhooks/config';
import { getDelivery, type DeliveryDetail } from '@/server/webhooks/delivery-log';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';

/** A payload shaped like a real result, marked as a test, for the "send test event" button. */
export function testEventPayload(questionnaireId: string, now = new Date()): ResultPayload {
  return {
    project_uuid: questionnaireId,
    callback_type: TEST_EVENT,
    access_code: 'TEST-0000',
    interview_ref_num: 'TEST-IRN',
    status: 'Result Published',
    questions_risk_rating: [
      { sequence: '1', risk_level: 'LR', text: 'This is a test event; no participant is involved.' },
    ],
    overall_evaluation: 'LR',
    is_admission: false,
    is_counter_measure: false,
    is_not_complete: false,
    participant_language: 'English',
    summary: 'LR',
    summary_bgcolor: '#28a745',
    clear: true,
    timestamp: toRfc3339Utc(now),
  };
}

/**
 * Queues a test event for the questionnaire's endpoint (with `webhookId`, only if it is that one) and returns
 * its delivery id. It is signed and sent like a result, changes no data, and is tried once: a failed test is
 * not retried on the schedule, and recovery never sends it as a missed delivery.
 */
export async function queueTestEvent(
  db: PrismaClient,
  questionnaireId: string,
  options: {
    actor?: AuditActor;
    now?: Date;
    webhookId?: string;
    /** More work that must commit or fail with the queued event (the Admin form's submission claim). */
    alsoInTransaction?: (tx: Db) => Promise<void>;
  } = {},
): Promise<string> {
  const webhook = await requireWebhook(db, questionnaireId, options.webhookId);
  if (!webhook.active) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.disabledForTest);
  const now = options.now ?? new Date();
  const [deliveryId] = await db.$transaction(async (tx) => {
    await options.alsoInTransaction?.(tx);
    await recordWebhookAudit(tx, options.actor, 'webhook.test', webhook);
    return enqueueDeliveries(tx, {
      questionnaireId,
      webhookId: webhook.id,
      eventType: EVENT_TYPES.test,
      payload: testEventPayload(questionnaireId, now),
      now,
    });
  });
  if (!deliveryId) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.disabledForTest);
  return deliveryId;
}

/**
 * Queues a test event and attempts it at once; returns the delivery with its first attempt (or still
 * pending if another flusher picked it up first).
 */
export async function sendTestEvent(
  db: PrismaClient,
  questionnaireId: string,
  options: FlushOptions & {
    actor?: AuditActor;
    /** More work that must commit or fail with the queued event (the Admin form's submission claim). */
    alsoInTransaction?: (tx: Db) => Promise<void>;
  } = {},
): Promise<DeliveryDetail> {
  const deliveryId = await queueTestEvent(db, questionnaireId, {
    actor: options.actor,
    now: options.now?.(),
    alsoInTransaction: options.alsoInTransaction,
  });
  await deliverNow(db, deliveryId, options);
  return getDelivery(db, questionnaireId, deliveryId);
}
