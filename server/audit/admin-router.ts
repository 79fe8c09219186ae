// The audit log in the Admin door: one questionnaire's entries for the Admins who manage it, every entry
// across tenants for platform operators only. Read by the audit pages through the server-side caller.
import type { Db } from '@/server/platform/db/client';
import type { AuditLog } from '@/server/generated/prisma/client.ts';
import { createTRPCRouter } from '@/server/platform/trpc';
import { operatorProcedure, questionnaireAdminProcedure } from '@/server/admins/procedures';
import {
  auditActorNames,
  auditFilterSchema,
  auditQuestionnaireNames,
  listAuditActions,
  searchAuditLog,
  type AuditFilter,
} from '@/server/audit/audit-log';

/** The filter of a page; the questionnaire comes from the procedure (checked), never from the filter. */
const auditPageInput = auditFilterSchema.omit({ questionnaireId: true });

/** Dates become ISO strings on the wire (the Admin client has no transformer). */
const entryOut = (entry: AuditLog) => ({ ...entry, at: entry.at.toISOString() });
export type AuditLogEntry = ReturnType<typeof entryOut>;

/**
 * A page of entries with readable names of their actors, and of no one else: an actor id typed into the filter
 * (perhaps another tenant's Admin or key) is named only when the page shows that actor's entries. Across all
 * questionnaires (operators only) the questionnaires are named too.
 */
async function auditPage(db: Db, filter: AuditFilter, { nameQuestionnaires = false } = {}) {
  const page = await searchAuditLog(db, filter);
  const [actorNames, questionnaireNames] = await Promise.all([
    auditActorNames(db, page.entries),
    nameQuestionnaires ? auditQuestionnaireNames(db, page.entries) : {},
  ]);
  return { entries: page.entries.map(entryOut), actorNames, questionnaireNames, nextCursor: page.nextCursor };
}

export const auditLogRouter = createTRPCRouter({
  list: questionnaireAdminProcedure
    .input(auditPageInput)
    .query(({ ctx, input }) => auditPage(ctx.db, { ...input, questionnaireId: ctx.questionnaire.id })),
  /** The actions recorded for the questionnaire (the filter's choices). */
  actions: questionnaireAdminProcedure.query(({ ctx }) => listAuditActions(ctx.db, ctx.questionnaire.id)),
  listAll: operatorProcedure
    .input(auditPageInput)
    .query(({ ctx, input }) => auditPage(ctx.db, input, { nameQuestionnaires: true })),
  allActions: operatorProcedure.query(({ ctx }) => listAuditActions(ctx.db)),
});
