// The data of an audit log page, read on the server from the page's query string. Bad input (a forged
// cursor, an impossible date) becomes a message on the page, never an error page.
import { isAppError } from '@/server/lib/errors';
import type { Db } from '@/server/db/client';
import type { AuditLog } from '@/server/generated/prisma/client.ts';
import {
  auditActorNames,
  auditFilterSchema,
  listAuditActions,
  searchAuditLog,
  type AuditFilter,
} from '@/server/services/audit-log';
import type { AuditQuery } from './audit-log-view';

type SearchParams = Record<string, string | string[] | undefined>;

const PAGE_SIZE = 50;

export function readAuditQuery(params: SearchParams): AuditQuery {
  const one = (name: keyof AuditQuery) => {
    const value = params[name];
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    return text ? text.slice(0, 300) : undefined;
  };
  return {
    actorType: one('actorType'),
    actorId: one('actorId'),
    action: one('action'),
    search: one('search'),
    from: one('from'),
    to: one('to'),
    cursor: one('cursor'),
  };
}

/** A datetime-local value (no zone) read as UTC; full ISO values pass as they are. */
const asUtc = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)
    ? `${value.length === 16 ? `${value}:00` : value}Z`
    : value;

export interface AuditLogData {
  actions: string[];
  entries: AuditLog[];
  actorNames: Record<string, string>;
  nextCursor: string | null;
  error: string | null;
}

export async function loadAuditLog(
  db: Db,
  questionnaireId: string | undefined,
  query: AuditQuery,
): Promise<AuditLogData> {
  const filter: AuditFilter = {
    questionnaireId,
    actorType: query.actorType as AuditFilter['actorType'],
    actorId: query.actorId,
    action: query.action,
    search: query.search,
    from: asUtc(query.from),
    to: asUtc(query.to),
    cursor: query.cursor,
    limit: PAGE_SIZE,
  };
  const actions = await listAuditActions(db, questionnaireId);
  const parsed = auditFilterSchema.safeParse(filter);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      actions,
      entries: [],
      actorNames: {},
      nextCursor: null,
      error: `${String(issue?.path[0] ?? 'Filter')}: ${issue?.message ?? 'not valid'}`,
    };
  }
  try {
    const page = await searchAuditLog(db, parsed.data);
    const actorNames = await auditActorNames(db, [
      ...page.entries,
      ...(query.actorType && query.actorId ? [{ actorType: query.actorType, actorId: query.actorId }] : []),
    ]);
    return { actions, entries: page.entries, actorNames, nextCursor: page.nextCursor, error: null };
  } catch (error) {
    if (isAppError(error) && error.kind === 'BAD_REQUEST')
      return { actions, entries: [], actorNames: {}, nextCursor: null, error: error.message };
    throw error;
  }
}
