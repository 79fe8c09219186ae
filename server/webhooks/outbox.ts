// The outbox: one pending delivery per active webhook, written in the caller's transaction together with the
// change it announces, so an event is announced exactly when the change is committed. The dispatcher sends it;
// the NOTIFY written with the rows wakes the dispatchers of every instance at that commit.
import { Prisma } from '@/server/generated/prisma/client.ts';
import type { Db } from '@/server/platform/db/client';
import { generateMessageId } from './signing';
import { wakeDispatchers } from './wake-signal';
import { currentTraceparent } from '@/server/platform/observability/tracing';
import type { EVENT_TYPES, ResultPayload } from './payload';

type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

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
        publishTraceparent: currentTraceparent(),
      },
      select: { id: true },
    });
    ids.push(delivery.id);
  }
  if (ids.length) await wakeDispatchers(tx);
  return ids;
}

/**
 * Per-participant order (docs/webhooks.md): an older result revision still waiting for the endpoint, and not
 * being sent right now, is never sent once a newer one is queued; it is cancelled with a reason naming the
 * newer revision, visible in the delivery log. One in flight stays: the claim sends the newer one only after
 * it settled, and a failed attempt of it is not retried (settler.ts). A CTE of the publishing statement
 * (services/results.ts) and of enqueueDeliveries: `revision` names the newer revision's id.
 */
export function supersedeOlderRevisionsSql(
  participantId: Prisma.Sql,
  revisionId: Prisma.Sql,
  now: Date,
  webhookId: Prisma.Sql = Prisma.sql`older.webhook_id`,
): Prisma.Sql {
  return Prisma.sql`UPDATE webhook_delivery older
      SET status = 'cancelled', lease_until = NULL, leased_by = NULL, updated_at = ${now}::timestamptz,
          last_error = 'Superseded by revision ' || ${revisionId} || ' before it was sent'
      WHERE older.participant_id = ${participantId} AND older.webhook_id = ${webhookId}
        AND older.status = 'pending' AND older.result_revision_id IS NOT NULL
        AND (older.lease_until IS NULL OR older.lease_until <= ${now}::timestamptz)
        -- Only where the newer revision is queued too: a paused endpoint gets none, and keeps the older one.
        AND EXISTS (SELECT 1 FROM webhook_endpoint we WHERE we.id = older.webhook_id AND we.active)`;
}

async function supersedeOlderRevisions(
  tx: Db,
  webhookId: string,
  participantId: string,
  resultRevisionId: string,
): Promise<void> {
  await tx.$executeRaw`${supersedeOlderRevisionsSql(
    Prisma.sql`${participantId}::uuid`,
    Prisma.sql`${resultRevisionId}::text`,
    new Date(),
    Prisma.sql`${webhookId}::uuid`,
  )}`;
}
