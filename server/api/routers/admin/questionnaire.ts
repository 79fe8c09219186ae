import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import {
  adminProcedure,
  operatorProcedure,
  questionnaireAdminProcedure,
} from '@/server/api/admin-procedures';
import { env } from '@/server/env';
import { regionCountry } from '@/server/lib/phone';
import {
  createQuestionnaire,
  getQuestionnaire,
  listQuestionnairesForAdmin,
  questionnaireName,
  questionnaireSettingsSchema,
  updateQuestionnaireSettings,
  type QuestionnaireDetails,
} from '@/server/services/questionnaires';

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
  get: questionnaireAdminProcedure.query(async ({ ctx }) =>
    details(await getQuestionnaire(ctx.db, ctx.questionnaire.id)),
  ),
  create: operatorProcedure
    .input(z.object({ tenantId: z.uuid({ error: 'Choose a tenant' }), name: questionnaireName }))
    .mutation(async ({ ctx, input }) => {
      const q = await createQuestionnaire(ctx.db, input);
      return { id: q.id, name: q.name, tenantId: q.tenantId };
    }),
  update: questionnaireAdminProcedure.input(questionnaireSettingsSchema).mutation(async ({ ctx, input }) => {
    const { questionnaireId: _id, ...settings } = input;
    return details(
      await updateQuestionnaireSettings(ctx.db, ctx.questionnaire.id, settings, regionCountry(env.REGION)),
    );
  }),
});
