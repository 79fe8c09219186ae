// What the fuzz tests compare before and after a refused request: the number of rows in every table that a
// request could write, read in one statement.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';

const WRITABLE_TABLES = [
  'participant',
  'attempt',
  'outcome_event',
  'api_key',
  'result',
  'result_revision',
  'webhook_delivery',
  'audit_log',
] as const;

export type RowCounts = Record<(typeof WRITABLE_TABLES)[number], number>;

const COUNT_SQL = `SELECT ${WRITABLE_TABLES.map((t) => `(SELECT count(*) FROM "${t}")::int AS "${t}"`).join(', ')}`;

export async function rowCounts(prisma: PrismaClient): Promise<RowCounts> {
  const [row] = await prisma.$queryRawUnsafe<RowCounts[]>(COUNT_SQL);
  return row!;
}

/** The participant-endpoint error body: exactly four fields, status = HTTP status, UTC timestamp. */
export function isParticipantErrorBody(body: unknown, status: number): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return (
    Object.keys(b).join() === 'error,status,message,timestamp' &&
    typeof b.error === 'string' &&
    /^[A-Z_]+$/.test(b.error) &&
    b.status === status &&
    typeof b.message === 'string' &&
    b.message.length > 0 &&
    typeof b.timestamp === 'string' &&
    /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(b.timestamp)
  );
}

/** The API-key endpoint error body: `{ error: message }` and nothing else. */
export function isApiKeyErrorBody(body: unknown): boolean {
  return (
    !!body &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    Object.keys(body).join() === 'error' &&
    typeof (body as { error: unknown }).error === 'string' &&
    (body as { error: string }).error.length > 0
  );
}
