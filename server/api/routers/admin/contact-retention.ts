import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { questionnaireAdminProcedure, questionnaireFormProcedure } from '@/server/api/admin-procedures';
import { adminActor } from '@/server/api/admin-audit';
import {
  contactRetentionDays,
  getContactRetention,
  setContactRetention,
} from '@/server/lifecycle/contact-retention';

export const contactRetentionRouter = createTRPCRouter({
  get: questionnaireAdminProcedure.query(({ ctx }) => getContactRetention(ctx.db, ctx.questionnaire.id)),
  update: questionnaireFormProcedure
    .input(z.object({ days: contactRetentionDays }))
    .mutation(async ({ ctx, input }) => {
      await ctx.once((tx) => setContactRetention(tx, ctx.questionnaire.id, input.days, adminActor(ctx)));
      return getContactRetention(ctx.db, ctx.questionnaire.id);
    }),
});
