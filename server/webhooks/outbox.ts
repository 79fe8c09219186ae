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
