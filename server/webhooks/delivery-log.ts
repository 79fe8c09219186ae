// The delivery log of a questionnaire's webhook, read-only: every delivery queued for it, its status and
// attempts, for the Admin pages (webhook settings, participant page) and the tests. Also the one definition
// of a delivery that "failed" (given up, or waiting to retry), which replay uses too.
import { z } from 'zod';
import type { Db } from '@/server/platform/db/client';
import type { Prisma, WebhookDeliveryStatus } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import { toRfc3339Utc } from '@/server/platform/lib/time';

const DELIVERY_PAGE_SIZE = 50;

export const deliveryFilterSchema = z.object({
  participantId: z.uuid().optional(),
  /** Only failed deliveries (FAILED_DELIVERY: gave up, or last attempt failed and waiting to retry). */
  failedOnly: z.boolean().default(false),
  /** The id of the last delivery of the previous page. */
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(200).default(DELIVERY_PAGE_SIZE),
});
export type DeliveryFilter = z.input<typeof deliveryFilterSchema>;

export interface DeliverySummary {
  id: string;
  messageId: string;
  eventType: string;
  participantId: string | null;
  /** The participant's IRN, so a row says whom it is about. */
  participantIrn: string | null;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** How long the last attempt took. */
  lastDurationMs: number | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** The X-Request-Id of the ingestion request that published the result, to follow it across systems. */
  requestId: string | null;
}

interface DeliveryAttemptView {
  id: string;
  attemptedAt: string;
  statusCode: number | null;
  durationMs: number;
  responseSnippet: string | null;
  error: string | null;
}

export interface DeliveryDetail extends DeliverySummary {
  payload: unknown;
  attempts: DeliveryAttemptView[];
}

export const summaryInclude = {
  attempts: { orderBy: { attemptedAt: 'desc' }, take: 1, select: { durationMs: true } },
} satisfies Prisma.WebhookDeliveryInclude;
type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: typeof summaryInclude }>;

/** The IRNs of the deliveries' participants (deliveries keep the id only). */
export async function participantIrns(db: Db, rows: { participantId: string | null }[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.participantId ? [r.participantId] : [])))];
  if (!ids.length) return new Map<string, string>();
  const participants = await db.participant.findMany({
    where: { id: { in: ids } },
    select: { id: true, irn: true },
  });
  return new Map(participants.map((p) => [p.id, p.irn]));
}

export function toSummary(d: DeliveryRow, irns: Map<string, string>): DeliverySummary {
  return {
    id: d.id,
    messageId: d.messageId,
    eventType: d.eventType,
    participantId: d.participantId,
    participantIrn: d.participantId ? (irns.get(d.participantId) ?? null) : null,
    status: d.status,
    attemptCount: d.attemptCount,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    lastDurationMs: d.attempts[0]?.durationMs ?? null,
    nextAttemptAt: d.status === 'pending' ? toRfc3339Utc(d.nextAttemptAt) : null,
    deliveredAt: d.deliveredAt ? toRfc3339Utc(d.deliveredAt) : null,
    createdAt: toRfc3339Utc(d.createdAt),
    requestId: d.requestId,
  };
}

/** Waiting to retry after a failed attempt. */
export const RETRYING: Prisma.WebhookDeliveryWhereInput = {
  status: 'pending',
  attemptCount: { gt: 0 },
  lastError: { not: null },
};

/**
 * Where a delivery stands, as the customer reads it: queued and not yet attempted (or its first attempt in
 * flight), waiting to retry after a failed attempt (RETRYING), delivered, given up, or cancelled.
 */
export const DELIVERY_STATES = ['pending', 'retrying', 'succeeded', 'failed', 'cancelled'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export function deliveryStateOf(d: {
  status: WebhookDeliveryStatus;
  attemptCount: number;
  lastError: string | null;
}): DeliveryState {
  if (d.status !== 'pending') return d.status;
  return d.attemptCount > 0 && d.lastError !== null ? 'retrying' : 'pending';
}

/** The deliveries in `state` (deliveryStateOf), as a filter. */
export const DELIVERY_STATE_WHERE: Record<DeliveryState, Prisma.WebhookDeliveryWhereInput> = {
  pending: { status: 'pending', NOT: RETRYING },
  retrying: RETRYING,
  succeeded: { status: 'succeeded' },
  failed: { status: 'failed' },
  cancelled: { status: 'cancelled' },
};
/**
 * What "failed" means everywhere (the "Failed only" filter, "Replay failed"): the delivery gave up, or its
 * last attempt failed and it is waiting to retry.
 */
const FAILED_DELIVERY: Prisma.WebhookDeliveryWhereInput = { OR: [{ status: 'failed' }, RETRYING] };
/** Not being sent this moment (no live lease), so it may be queued again without a double send. */
export const notLeased = (now: Date): Prisma.WebhookDeliveryWhereInput => ({
  OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
});

/** The questionnaire's deliveries, newest first, one page at a time (keyset on creation time and id). */
export async function listDeliveries(
  db: Db,
  questionnaireId: string,
  rawFilter: DeliveryFilter = {},
): Promise<{ items: DeliverySummary[]; nextCursor: string | null }> {
  const filter = deliveryFilterSchema.parse(rawFilter);
  const where: Prisma.WebhookDeliveryWhereInput = {
    webhook: { questionnaireId },
    ...(filter.participantId ? { participantId: filter.participantId } : {}),
    ...(filter.failedOnly ? FAILED_DELIVERY : {}),
  };
  const rows = await db.webhookDelivery.findMany({
    where,
    include: summaryInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: filter.limit + 1,
    ...(filter.cursor ? { cursor: { id: filter.cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, filter.limit);
  const irns = await participantIrns(db, page);
  return {
    items: page.map((row) => toSummary(row, irns)),
    nextCursor: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** One delivery of the questionnaire with its payload and every attempt, newest attempt first. */
export async function getDelivery(
  db: Db,
  questionnaireId: string,
  deliveryId: string,
): Promise<DeliveryDetail> {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, webhook: { questionnaireId } },
    include: { attempts: { orderBy: { attemptedAt: 'desc' } } },
  });
  if (!delivery) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  return {
    ...toSummary(delivery, await participantIrns(db, [delivery])),
    payload: delivery.payload,
    attempts: delivery.attempts.map((a) => ({
      id: a.id,
      attemptedAt: toRfc3339Utc(a.attemptedAt),
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      responseSnippet: a.responseSnippet,
      error: a.error,
    })),
  };
}
