// The outbox: one pending delivery per active webhook, written in the caller's transaction together with the
// change it announces, so an event is announced exactly when the change is committed. The dispatcher sends it;
// the NOTIFY written with the rows wakes the dispatchers of every instance at that commit.
import type { Db } from '@/server/db/client';
import { generateMessageId } from './signing';
import { wakeDispatchers } from './wake-signal';
import type { EVENT_TYPES, ResultPayload } from './payload';

export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

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
  const webhooks = await tx.webhookEndpoint.findMany({
    where: {
      questionnaireId: input.questionnaireId,
      active: true,
      ...(input.webhookId ? { id: input.webhookId } : {}),
    },
    select: { id: true },
  });
  const ids: string[] = [];
  for (const webhook of webhooks) {
    if (input.participantId && input.resultRevisionId) {
      await supersedeOlderRevisions(tx, webhook.id, input.participantId, input.resultRevisionId);
    }
    const delivery = await tx.webhookDelivery.create({
      data: {
        messageId: generateMessageId(),
        webhookId: webhook.id,
        participantId: input.participantId ?? null,
        resultRevisionId: input.resultRevisionId ?? null,
        eventType: input.eventType,
        payload: input.payload,
        nextAttemptAt: input.now ?? new Date(),
      },
      select: { id: true },
    });
    ids.push(delivery.id);
  }
  if (ids.length) await wakeDispatchers(tx);
  return ids;
}

/** The reason written on a delivery that a newer revision of its participant's result replaced. */
export const supersededReason = (resultRevisionId: string) =>
  `Superseded by revision ${resultRevisionId} before it was sent`;

/**
 * Per-participant order (docs/webhooks.md): an older result revision still waiting for the endpoint, and not
 * being sent right now, is never sent once a newer one is queued; it is cancelled with the reason, visible
 * in the delivery log. One in flight stays; the claim sends the newer one only after it settled, and a
 * failed attempt of it is not retried (settler.ts).
 */
async function supersedeOlderRevisions(
  tx: Db,
  webhookId: string,
  participantId: string,
  resultRevisionId: string,
): Promise<void> {
  const now = new Date();
  await tx.webhookDelivery.updateMany({
    where: {
      webhookId,
      participantId,
      status: 'pending',
      resultRevisionId: { not: null },
      OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }],
    },
    data: { status: 'cancelled', lastError: supersededReason(resultRevisionId), leaseUntil: null, leasedBy: null },
  });
}
