// One endpoint's delivery log as the customer's developer reads it by API: newest first, a page at a time
// (keyset on creation time and id, so deliveries queued meanwhile neither shift nor repeat a page), filtered
// by state and participant, each delivery with every attempt and its payload. A page is bounded in bytes as well
// as in deliveries: payloads can be large (a result may hold 1,000 rated questions), so the page's payload
// sizes are read first and only the payloads that fit are loaded.
import type { Prisma } from '@/server/generated/prisma/client.ts';
import type { Db } from '@/server/platform/db/client';
import { isUuid } from '@/server/platform/lib/ids';
import { DELIVERY_STATE_WHERE, type DeliveryState } from '@/server/webhooks/delivery-log';

export const DELIVERY_PAGE_LIMIT = { default: 20, max: 100 } as const;
/** The most bytes of stored payloads one page carries; a page always holds its first delivery. */
const DELIVERY_PAGE_BYTES = 1024 * 1024;
export const DELIVERY_PAGE_SIZE_TEXT = `1 MiB (${DELIVERY_PAGE_BYTES.toLocaleString('en-US')} bytes)`;

/** Where a page ends: the last delivery returned. */
interface PagePosition {
  createdAt: Date;
  id: string;
}

export const encodeDeliveryCursor = (at: PagePosition): string =>
  Buffer.from(`${at.createdAt.toISOString()}|${at.id}`, 'utf8').toString('base64url');

/** The position a cursor stands for, or null for text that no cursor of ours is. */
export function decodeDeliveryCursor(cursor: string): PagePosition | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return null;
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !id || !isUuid(id)) return null;
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) return null;
  return { createdAt, id: id.toLowerCase() };
}

export interface DeliveryPageFilter {
  state?: DeliveryState;
  participantId?: string;
  limit?: number;
  after?: PagePosition;
}

const withAttempts = {
  attempts: { orderBy: { attemptedAt: 'desc' } },
} satisfies Prisma.WebhookDeliveryInclude;
export type DeliveryWithAttempts = Prisma.WebhookDeliveryGetPayload<{ include: typeof withAttempts }>;

/** A page of the endpoint's deliveries, newest first, and the position to read on from (null at the end). */
export async function listEndpointDeliveries(
  db: Db,
  webhookId: string,
  filter: DeliveryPageFilter = {},
): Promise<{ deliveries: DeliveryWithAttempts[]; next: PagePosition | null }> {
  const limit = filter.limit ?? DELIVERY_PAGE_LIMIT.default;
  const after = filter.after;
  const where: Prisma.WebhookDeliveryWhereInput = {
    webhookId,
    ...(filter.participantId ? { participantId: filter.participantId } : {}),
    AND: [
      filter.state ? DELIVERY_STATE_WHERE[filter.state] : {},
      after
        ? {
            OR: [
              { createdAt: { lt: after.createdAt } },
              { createdAt: after.createdAt, id: { lt: after.id } },
            ],
          }
        : {},
    ],
  };
  // In the index's order (webhook_id, created_at): one more than the page, to know whether there is more.
  const candidates = await db.webhookDelivery.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    select: { id: true, createdAt: true },
  });
  const page = await withinBytes(db, candidates.slice(0, limit));
  const rows = page.length
    ? await db.webhookDelivery.findMany({
        where: { id: { in: page.map((row) => row.id) } },
        include: withAttempts,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      })
    : [];
  const last = page.at(-1);
  return { deliveries: rows, next: last && candidates.length > page.length ? last : null };
}

/** The leading deliveries whose payloads fit in DELIVERY_PAGE_BYTES together (at least the first). */
async function withinBytes<T extends { id: string }>(db: Db, rows: T[]): Promise<T[]> {
  if (rows.length === 0) return rows;
  const ids = rows.map((row) => row.id).join(',');
  const sizes = await db.$queryRaw<{ id: string; bytes: number }[]>`
    SELECT id::text AS id, octet_length(payload::text)::int AS bytes
    FROM webhook_delivery
    WHERE id = ANY(string_to_array(${ids}, ',')::uuid[])`;
  const bytesOf = new Map(sizes.map((row) => [row.id, Number(row.bytes)]));
  let total = 0;
  let fit = 0;
  for (const row of rows) {
    total += bytesOf.get(row.id) ?? 0;
    if (fit > 0 && total > DELIVERY_PAGE_BYTES) break;
    fit++;
  }
  return rows.slice(0, fit);
}
