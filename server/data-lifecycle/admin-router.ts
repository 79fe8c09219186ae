import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { questionnaireAdminProcedure, questionnaireFormProcedure } from '@/server/admins/procedures';
import { adminActor } from '@/server/audit/admin-actor';
import { editVersionSchema } from '@/server/platform/lib/edit-version';
import {
  contactRetentionDays,
  getContactRetention,
  setContactRetention,
} from '@/server/data-lifecycle/contact-retention';

export const contactRetentionRouter = createTRPCRouter({
  get: questionnaireAdminProcedure.query(({ ctx }) => getContactRetention(ctx.db, ctx.questionnaire.id)),
  /** Refused when the setting changed since the form's `editVersion` (the one `get` gave it). */
  update: questionnaireFormProcedure
    .input(z.object({ days: contactRetentionDays, editVersion: editVersionSchema.optional() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.once((tx) =>
        setContactRetention(tx, ctx.questionnaire.id, input.days, adminActor(ctx), {
          editVersion: input.editVersion,
        }),
      );
      return getContactRetention(ctx.db, ctx.questionnaire.id);
    }),
});
