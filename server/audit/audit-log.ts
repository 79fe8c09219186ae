// The audit log: who changed what, when and from where, for every state change made by an Admin, an API key,
// the CLI or the system. Append-only: this module only inserts and reads (a database trigger refuses UPDATE,
// DELETE and TRUNCATE on the table). The service that makes a change writes its entry with the same
// transaction (the door only says who acts), so a change is never without its entry, nor an entry without its
// change.
import { z } from 'zod';
import type { Db } from '@/server/platform/db/client';
import { Prisma, type AuditLog } from '@/server/generated/prisma/client.ts';
import { maskApiKey } from '@/server/api-keys/secret';
import { AppError } from '@/server/platform/lib/errors';
import { inTransaction } from '@/server/platform/db/transaction';
import { AUDIT_LOG, auditActionsStatement, auditInsertStatement } from './statements';

export const AUDIT_ACTOR_TYPES = ['admin', 'api_key', 'cli', 'system'] as const;
type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * Every action the code writes, as `<thing>.<verb>`: one list, so a typo cannot invent an action the Admin
 * filter will never offer, and a reader sees at once what the log can hold. Exported as the documented list
 * of actions (docs/architecture.md), though the code reads it only through AuditAction.
 * @public
 */
export const AUDIT_ACTIONS = [
  'admin.change_password',
  'admin.create',
  'admin.grant',
  'admin.invite',
  'admin.reset_password',
  'admin.revoke_grant',
  'admin.sessions.end',
  'admin.two_factor.disable',
  'admin.two_factor.enable',
  'admin.two_factor.enrolment_started',
  'admin.two_factor.recovery_code_used',
  'admin.two_factor.recovery_codes_regenerated',
  'api_key.create',
  'audit_log.trim',
  'api_key.delete',
  'api_key.rate_limit',
  'api_key.roll',
  'blocked_number.add',
  'blocked_number.add_many',
  'blocked_number.remove',
  'participant.create',
  'participant.erase',
  'participant.import',
  'participant.outcome',
  'participant.retake',
  'questionnaire.archive',
  'questionnaire.create',
  'questionnaire.delete',
  'questionnaire.restore',
  'questionnaire.update',
  'result.publish',
  'result.update',
  'tenant.archive',
  'tenant.create',
  'tenant.delete',
  'tenant.restore',
  'webhook.archive',
  'webhook.create',
  'webhook.delete',
  'webhook.delivery.replay',
  'webhook.delivery.replay_failed',
  'webhook.disable',
  'webhook.enable',
  'webhook.listen.end',
  'webhook.listen.start',
  'webhook.recover',
  'webhook.restore',
  'webhook.secret.overlap_end',
  'webhook.secret.reveal',
  'webhook.secret.rotate',
  'webhook.test',
  'webhook.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acts: the one actor type of every door (Admin app, REST API key, CLI, the system itself). */
export interface AuditActor {
  type: AuditActorType;
  /** The Admin user's id, the API key's id, the operating-system user of the CLI, or null. */
  id?: string | null;
  /** The client's address, when known (see server/platform/lib/client-address.ts). */
  sourceIp?: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  /** What happened, one of AUDIT_ACTIONS. */
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  /** Looked up from the questionnaire when not given. */
  tenantId?: string | null;
  questionnaireId?: string | null;
  /** Facts about the change. Never secrets: values that look like one are replaced before writing. */
  details?: Record<string, unknown>;
}

const REDACTED = '[redacted]';
/** Field names whose values are secrets or credentials, whatever they hold. */
const SECRET_FIELD =
  /password|secret|^token$|access_?token|refresh_?token|authorization|^api_?key$|^key_?value$|^hash$|credential|header_?value/i;
/** Values that are secrets of this service wherever they appear: API keys and webhook signing secrets. */
const SECRET_VALUE = /pais_live_|whsec_/;

function redact(value: unknown, depth = 0): Prisma.InputJsonValue | null {
  if (depth > 8) return REDACTED;
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return SECRET_VALUE.test(value) ? REDACTED : value.slice(0, 1000);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, SECRET_FIELD.test(k) ? REDACTED : redact(v, depth + 1)]),
    );
  }
  // bigint, symbol, function: nothing a caller means to record.
  return typeof value === 'bigint' ? value.toString() : null;
}

/** Writes one entry; pass the transaction that makes the change. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  let tenantId = entry.tenantId ?? null;
  if (tenantId === null && entry.questionnaireId) {
    const questionnaire = await db.questionnaire.findUnique({
      where: { id: entry.questionnaireId },
      select: { tenantId: true },
    });
    tenantId = questionnaire?.tenantId ?? null;
  }
  await db.auditLog.create({
    data: {
      actorType: entry.actor.type,
      actorId: entry.actor.id ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      tenantId,
      questionnaireId: entry.questionnaireId ?? null,
      sourceIp: entry.actor.sourceIp ?? null,
      details: (redact(entry.details ?? {}) ?? {}) as Prisma.InputJsonObject,
    },
  });
}

/**
 * The entry as an `INSERT … SELECT … FROM <source>` statement, for a change written as a single SQL statement
 * (a hot path where a transaction's extra round trips cost too much): used as a CTE, the entry is written once
 * per row of `source`, so it exists exactly when the change happened. The entry must name its tenant.
 */
export function auditInsertFrom(entry: AuditEntry & { tenantId: string }, source: Prisma.Sql): Prisma.Sql {
  const details = JSON.stringify(redact(entry.details ?? {}) ?? {});
  return auditInsertStatement(
    {
      actorType: AUDIT_LOG.parameter('actorType', entry.actor.type),
      actorId: AUDIT_LOG.parameter('actorId', entry.actor.id ?? null),
      action: AUDIT_LOG.parameter('action', entry.action),
      targetType: AUDIT_LOG.parameter('targetType', entry.targetType),
      targetId: AUDIT_LOG.parameter('targetId', entry.targetId ?? null),
      tenantId: AUDIT_LOG.parameter('tenantId', entry.tenantId),
      questionnaireId: AUDIT_LOG.parameter('questionnaireId', entry.questionnaireId ?? null),
      sourceIp: AUDIT_LOG.parameter('sourceIp', entry.actor.sourceIp ?? null),
      details: Prisma.sql`${details}::jsonb`,
    },
    source,
  );
}

/** The entry of a change to an Admin's own account (its second factor, password or sessions). */
export const adminUserEntry = (
  actor: AuditActor,
  action: AuditAction,
  adminId: string,
  details?: Record<string, unknown>,
): AuditEntry => ({
  actor,
  action,
  targetType: 'admin_user',
  targetId: adminId,
  ...(details ? { details } : {}),
});

/**
 * Runs a change and writes its audit entry in one transaction: `describe` gets the change's result (and
 * returns null when it turned out to change nothing). When `db` already is a transaction, both join it.
 */
export async function withAudit<T>(
  db: Db,
  change: (tx: Db) => Promise<T>,
  describe: (result: T) => AuditEntry | null,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const result = await change(tx);
    const entry = describe(result);
    if (entry) await recordAudit(tx, entry);
    return result;
  });
}

const AUDIT_PAGE_MAX = 200;

const isoDateTime = z.iso.datetime({
  offset: true,
  error: 'Use a date and time such as 2026-11-22T14:00:00Z',
});

export const auditFilterSchema = z.object({
  /** One questionnaire's entries; omitted: every questionnaire (operators only, checked by the caller). */
  questionnaireId: z.uuid().optional(),
  actorType: z.enum(AUDIT_ACTOR_TYPES).optional(),
  /** The actor's id, exactly (an Admin's id, a key's id, a CLI user name). */
  actorId: z.string().trim().max(200).optional(),
  /** The action, exactly (e.g. api_key.delete) or a group ending in a dot (e.g. api_key.). */
  action: z.string().trim().max(100).optional(),
  /** Free text found in the action, the target's type or id, or the actor's id. */
  search: z.string().trim().max(200).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export type AuditFilter = z.input<typeof auditFilterSchema>;

/** Keyset cursor: the time and id of the last entry shown. */
const encodeCursor = (entry: Pick<AuditLog, 'at' | 'id'>) =>
  Buffer.from(`${entry.at.toISOString()}|${entry.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !z.uuid().safeParse(id).success || Number.isNaN(date.getTime()))
    throw new AppError('BAD_REQUEST', 'The page cursor is not valid: start again from the first page');
  return { at: date, id };
}

export interface AuditPage {
  entries: AuditLog[];
  /** The cursor of the next (older) page, or null on the last page. */
  nextCursor: string | null;
}

/** Entries newest first, filtered, one keyset page at a time (stable while new entries arrive). */
export async function searchAuditLog(db: Db, filter: AuditFilter): Promise<AuditPage> {
  const f = auditFilterSchema.parse(filter);
  const and: Prisma.AuditLogWhereInput[] = [];
  if (f.questionnaireId) and.push({ questionnaireId: f.questionnaireId });
  if (f.actorType) and.push({ actorType: f.actorType });
  if (f.actorId) and.push({ actorId: f.actorId });
  if (f.action)
    and.push(f.action.endsWith('.') ? { action: { startsWith: f.action } } : { action: f.action });
  if (f.search) {
    const contains = { contains: f.search, mode: 'insensitive' as const };
    and.push({
      OR: [{ action: contains }, { targetType: contains }, { targetId: contains }, { actorId: contains }],
    });
  }
  if (f.from) and.push({ at: { gte: new Date(f.from) } });
  if (f.to) and.push({ at: { lte: new Date(f.to) } });
  if (f.cursor) {
    const c = decodeCursor(f.cursor);
    and.push({ OR: [{ at: { lt: c.at } }, { at: c.at, id: { lt: c.id } }] });
  }
  const rows = await db.auditLog.findMany({
    where: { AND: and },
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take: f.limit + 1,
  });
  const entries = rows.slice(0, f.limit);
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > f.limit && last ? encodeCursor(last) : null };
}

/**
 * The actions recorded so far (for a filter's choices), optionally for one questionnaire. A skip scan of
 * audit_log_action_questionnaire_id_idx: one index probe per distinct action (a few dozen), then, for a
 * questionnaire, one probe per action for its first entry, never a read of every entry (a questionnaire
 * with a million participants has millions; Prisma's `distinct` read them all and dropped the repeats in
 * memory: 21–39 s at 1.3 million entries). The probe is a scalar subquery with LIMIT 1 on purpose: written
 * as EXISTS, PostgreSQL turns it into a semi-join that reads the questionnaire's entries (1.2 s there,
 * against 10 ms).
 */
export async function listAuditActions(db: Db, questionnaireId?: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ action: string }[]>(auditActionsStatement(questionnaireId));
  return rows.map((r) => r.action);
}

/** Readable names of the actors of some entries: an Admin's email, an API key's name and masked value. */
export async function auditActorNames(
  db: Db,
  entries: Pick<AuditLog, 'actorType' | 'actorId'>[],
): Promise<Record<string, string>> {
  const ids = (type: AuditActorType) => [
    ...new Set(
      entries.flatMap((e) =>
        e.actorType === type && e.actorId && z.uuid().safeParse(e.actorId).success ? [e.actorId] : [],
      ),
    ),
  ];
  const [admins, keys] = await Promise.all([
    db.adminUser.findMany({ where: { id: { in: ids('admin') } }, select: { id: true, email: true } }),
    db.apiKey.findMany({
      where: { id: { in: ids('api_key') } },
      select: { id: true, name: true, start: true, end: true, deletedAt: true },
    }),
  ]);
  return {
    ...Object.fromEntries(admins.map((a) => [a.id, a.email])),
    ...Object.fromEntries(
      keys.map((k) => [k.id, `${k.name} (${maskApiKey(k.start, k.end)}${k.deletedAt ? ', deleted' : ''})`]),
    ),
  };
}

/**
 * The names of the questionnaires some entries are about, for the log of all questionnaires (platform
 * operators, who may see every name). One that has been deleted since has none.
 */
export async function auditQuestionnaireNames(
  db: Db,
  entries: Pick<AuditLog, 'questionnaireId'>[],
): Promise<Record<string, string>> {
  const ids = [...new Set(entries.flatMap((e) => (e.questionnaireId ? [e.questionnaireId] : [])))];
  if (ids.length === 0) return {};
  const found = await db.questionnaire.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true },
  });
  return Object.fromEntries(found.map((q) => [q.id, q.name]));
}
