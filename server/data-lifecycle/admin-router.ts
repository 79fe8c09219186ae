import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { questionnaireAdminProcedure, questionnaireFormProcedure } from '@/server/admins/procedures';
import { adminActor } from '@/server/audit/admin-actor';
import {
  contactRetentionDays,
  getContactRetention,
  setContactRetention,
} from '@/server/data-lifecycle/contact-retention';

export const contactRetentionRouter = createTRPCRouter({
  get: questionnaireAdminProcedure.query(({ ctx }) => getContactRetention(ctx.db, ctx.questionnaire.id)),
  update: questionnaireFormProcedure
    .input(z.object({ days: contactRetentionDays }))
    .mutation(async ({ ctx, input }) => {
      await ctx.once((tx) => setContactRetention(tx, ctx.questionnaire.id, input.days, adminActor(ctx)));
      return getContactRetention(ctx.db, ctx.questionnaire.id);
    }),
});
