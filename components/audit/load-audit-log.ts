// The data of an audit log page, read on the server from the page's query string through the Admin door's
// procedures (which check the caller). Bad input (a forged cursor, an impossible date) becomes a message on
// the page, never an error page.
import 'server-only';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { AuditLogEntry } from '@/server/audit/admin-router';
import type { AdminCaller } from '@/server/doors/admin/server-caller';
import type { AuditFilter } from '@/server/audit/audit-log';
import {
  isIanaTimeZone,
  UNKNOWN_TIME_ZONE_MESSAGE,
  wallTimeToInstant,
} from '@/server/platform/lib/time-zone';
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
    tz: one('tz'),
    cursor: one('cursor'),
  };
}

/**
 * A datetime-local value (no zone) read in the Admin's zone (the form's `tz`, UTC without one) as an ISO
 * instant; anything else passes as it is, for the procedure to accept (full ISO) or refuse.
 */
const asInstant = (value: string | undefined, timeZone: string) =>
  value && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)
    ? wallTimeToInstant(value, timeZone).toISOString()
    : value;

export interface AuditLogData {
  actions: string[];
  entries: AuditLogEntry[];
  actorNames: Record<string, string>;
  /** Across all questionnaires: the name of each questionnaire the entries are about. */
  questionnaireNames: Record<string, string>;
  nextCursor: string | null;
  error: string | null;
}

/** A refused filter as the page's message: the first field at fault, or the service's own words. */
function filterProblem(error: unknown): string | null {
  if (!(error instanceof TRPCError) || error.code !== 'BAD_REQUEST') return null;
  if (error.cause instanceof ZodError) {
    const issue = error.cause.issues[0];
    return `${String(issue?.path[0] ?? 'Filter')}: ${issue?.message ?? 'not valid'}`;
  }
  return error.message;
}

/**
 * One page of a questionnaire's audit log, or (questionnaireId undefined) of every questionnaire's, which
 * the procedures allow platform operators only. Refusals (not signed in, no access) are thrown.
 */
export async function loadAuditLog(
  api: AdminCaller,
  questionnaireId: string | undefined,
  query: AuditQuery,
): Promise<AuditLogData> {
  // An unknown zone is a message like any refused filter; the actions are still read, so the caller's
  // access is checked all the same.
  const zoneProblem = query.tz && !isIanaTimeZone(query.tz) ? `tz: ${UNKNOWN_TIME_ZONE_MESSAGE}` : null;
  const timeZone = zoneProblem ? 'UTC' : (query.tz ?? 'UTC');
  const filter = {
    actorType: query.actorType as AuditFilter['actorType'],
    actorId: query.actorId,
    action: query.action,
    search: query.search,
    from: asInstant(query.from, timeZone),
    to: asInstant(query.to, timeZone),
    cursor: query.cursor,
    limit: PAGE_SIZE,
  };
  const [actions, page] = await Promise.all([
    questionnaireId ? api.auditLog.actions({ questionnaireId }) : api.auditLog.allActions(),
    (questionnaireId ? api.auditLog.list({ ...filter, questionnaireId }) : api.auditLog.listAll(filter)).then(
      (found) => ({ ...found, error: null }),
      (error: unknown) => {
        const problem = filterProblem(error);
        if (problem === null) throw error;
        return { entries: [], actorNames: {}, questionnaireNames: {}, nextCursor: null, error: problem };
      },
    ),
  ]);
  return zoneProblem
    ? { actions, entries: [], actorNames: {}, questionnaireNames: {}, nextCursor: null, error: zoneProblem }
    : { actions, ...page };
}
