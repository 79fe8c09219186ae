import { z } from 'zod';
import { questionnaireStats } from '@/server/questionnaires/stats';
import { timeZoneSchema } from '@/server/platform/lib/time-zone';
import { createTRPCRouter } from '@/server/platform/trpc';
import {
  adminProcedure,
  operatorFormProcedure,
  questionnaireAdminProcedure,
  questionnaireFormProcedure,
} from '@/server/admins/procedures';
import { adminActor } from '@/server/audit/admin-actor';
import { createTenant, tenantName } from '@/server/questionnaires/tenants';
import {
  createQuestionnaire,
  getQuestionnaire,
  listQuestionnairesForAdmin,
  questionnaireSettingsSchemaFor,
  updateQuestionnaireSettings,
  type QuestionnaireDetails,
} from '@/server/questionnaires/questionnaires';
import { questionnaireName } from '@/server/questionnaires/fields';
import { assertOperator } from '@/server/admins/access';
import {
  questionnaireRemoval,
  removeQuestionnaire,
  restoreQuestionnaire,
} from '@/server/questionnaires/removal';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { editVersionSchema } from '@/server/platform/lib/edit-version';
import { questionnaireSearchSchema, searchQuestionnaires } from '@/server/questionnaires/search';

const details = (q: QuestionnaireDetails) => ({
  ...q,
  createdAt: q.createdAt.toISOString(),
  updatedAt: q.updatedAt.toISOString(),
});

export const questionnaireRouter = createTRPCRouter({
  /** The live questionnaires, or with `archived` the archived ones (or those of an archived tenant). */
  list: adminProcedure
    .input(z.object({ archived: z.boolean().optional() }).optional())
    .query(async ({ ctx, input }) =>
      (await listQuestionnairesForAdmin(ctx.db, ctx.admin, { archived: input?.archived })).map((q) => ({
        ...q,
        createdAt: q.createdAt.toISOString(),
      })),
    ),
  /** The Admin's questionnaires page: found by name, filtered, a page at a time (server/questionnaires/search.ts). */
  search: adminProcedure.input(questionnaireSearchSchema).query(async ({ ctx, input }) => {
    const found = await searchQuestionnaires(ctx.db, ctx.admin, input);
    return { ...found, items: found.items.map((q) => ({ ...q, createdAt: q.createdAt.toISOString() })) };
  }),
  /** Whether the questionnaire is archived, and what removing it would do (delete when it has no participants). */
  removal: questionnaireAdminProcedure.query(async ({ ctx }) => {
    const { archivedAt } = await ctx.db.questionnaire.findUniqueOrThrow({
      where: { id: ctx.questionnaire.id },
      select: { archivedAt: true },
    });
    return {
      archivedAt: archivedAt?.toISOString() ?? null,
      removal: await questionnaireRemoval(ctx.db, ctx.questionnaire.id),
    };
  }),
  /** Platform operators only, like creating. */
  remove: questionnaireFormProcedure.mutation(async ({ ctx }) => {
    assertOperator(ctx.admin);
    return {
      removal: await ctx.once((tx) => removeQuestionnaire(tx, ctx.questionnaire.id, adminActor(ctx))),
    };
  }),
  restore: questionnaireFormProcedure.mutation(async ({ ctx }) => {
    assertOperator(ctx.admin);
    await ctx.once((tx) => restoreQuestionnaire(tx, ctx.questionnaire.id, adminActor(ctx)));
    return { id: ctx.questionnaire.id };
  }),
  /** The overview's figures in the days and hours of the Admin's own time zone (the browser's, IANA). */
  stats: questionnaireAdminProcedure
    .input(z.object({ timeZone: timeZoneSchema }))
    .query(({ ctx, input }) =>
      questionnaireStats(ctx.db, ctx.questionnaire.id, { timeZone: input.timeZone }),
    ),
  get: questionnaireAdminProcedure.query(async ({ ctx }) =>
    details(await getQuestionnaire(ctx.db, ctx.questionnaire.id)),
  ),
  /**
   * Creates the questionnaire in an existing tenant, or together with a new tenant (newTenantName): both in
   * one transaction, every field checked first, so a refused questionnaire never leaves a tenant behind.
   */
  create: operatorFormProcedure
    .input(
      z
        .object({
          tenantId: z.uuid({ error: QUESTIONNAIRE_MESSAGES.chooseTenant }).optional(),
          newTenantName: tenantName.optional(),
          name: questionnaireName,
          sandbox: z.boolean().optional(),
        })
        .refine((input) => input.tenantId !== undefined || input.newTenantName !== undefined, {
          error: 'Choose a tenant, or create a new one',
          path: ['tenantId'],
        }),
    )
    .mutation(async ({ ctx, input }) => {
      const actor = adminActor(ctx);
      // A new tenant and its first questionnaire are made together or not at all.
      const q = await ctx.once(async (tx) => {
        let tenantId = input.tenantId;
        if (input.newTenantName !== undefined)
          tenantId = (await createTenant(tx, { name: input.newTenantName }, actor)).id;
        return createQuestionnaire(
          tx,
          { tenantId: tenantId!, name: input.name, sandbox: input.sandbox },
          actor,
        );
      });
      return { id: q.id, name: q.name, tenantId: q.tenantId, sandbox: q.sandbox };
    }),
  /** Refused when a field changed since the form's `editVersion` (the one `get` gave it). */
  update: questionnaireFormProcedure
    .input(questionnaireSettingsSchemaFor().extend({ editVersion: editVersionSchema.optional() }))
    .mutation(async ({ ctx, input }) => {
      const { questionnaireId: _id, submissionId: _submissionId, editVersion, ...settings } = input;
      return details(
        await ctx.once((tx) =>
          updateQuestionnaireSettings(tx, ctx.questionnaire.id, settings, adminActor(ctx), { editVersion }),
        ),
      );
    }),
});
