import { z } from 'zod';
import { questionnaireStats } from '@/server/services/questionnaire-stats';
import { createTRPCRouter } from '@/server/api/trpc';
import {
  adminProcedure,
  operatorProcedure,
  questionnaireAdminProcedure,
} from '@/server/api/admin-procedures';
import { adminActor } from '@/server/api/admin-audit';
import { inTransaction } from '@/server/db/transaction';
import { createTenant, tenantName } from '@/server/services/tenants';
import {
  createQuestionnaire,
  getQuestionnaire,
  listQuestionnairesForAdmin,
  questionnaireSettingsSchemaFor,
  updateQuestionnaireSettings,
  type QuestionnaireDetails,
} from '@/server/services/questionnaires';
import { questionnaireName } from '@/server/services/questionnaire-fields';

const details = (q: QuestionnaireDetails) => ({
  ...q,
  createdAt: q.createdAt.toISOString(),
  updatedAt: q.updatedAt.toISOString(),
});

export const questionnaireRouter = createTRPCRouter({
  list: adminProcedure.query(async ({ ctx }) =>
    (await listQuestionnairesForAdmin(ctx.db, ctx.admin)).map((q) => ({
      ...q,
      createdAt: q.createdAt.toISOString(),
    })),
  ),
  stats: questionnaireAdminProcedure.query(({ ctx }) => questionnaireStats(ctx.db, ctx.questionnaire.id)),
  get: questionnaireAdminProcedure.query(async ({ ctx }) =>
    details(await getQuestionnaire(ctx.db, ctx.questionnaire.id)),
  ),
  /**
   * Creates the questionnaire in an existing tenant, or together with a new tenant (newTenantName): both in
   * one transaction, every field checked first, so a refused questionnaire never leaves a tenant behind.
   */
  create: operatorProcedure
    .input(
      z
        .object({
          tenantId: z.uuid({ error: 'Choose a tenant' }).optional(),
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
      const q = await inTransaction(ctx.db, async (tx) => {
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
  update: questionnaireAdminProcedure
    .input(questionnaireSettingsSchemaFor())
    .mutation(async ({ ctx, input }) => {
      const { questionnaireId: _id, ...settings } = input;
      return details(
        await updateQuestionnaireSettings(ctx.db, ctx.questionnaire.id, settings, adminActor(ctx)),
      );
    }),
});
