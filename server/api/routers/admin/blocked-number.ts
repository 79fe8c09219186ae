import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { questionnaireAdminProcedure } from '@/server/api/admin-procedures';
import { adminActor } from '@/server/api/admin-audit';
import { inTransaction } from '@/server/db/transaction';
import { claimFormSubmission, formSubmission } from '@/server/services/form-submissions';
import {
  blockNumber,
  blockPastedNumbers,
  listBlockedNumbers,
  unblockNumber,
} from '@/server/services/blocked-numbers';

export const blockedNumberRouter = createTRPCRouter({
  list: questionnaireAdminProcedure.query(async ({ ctx }) =>
    (await listBlockedNumbers(ctx.db, ctx.questionnaire.id)).map((b) => ({
      ...b,
      createdAt: b.createdAt.toISOString(),
    })),
  ),
  add: questionnaireAdminProcedure
    .input(
      formSubmission.extend({
        phoneNumber: z.string().trim().min(1, { error: 'Enter a phone number' }).max(40),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      // The form's submission is claimed in the change's transaction: a double submit blocks the number once.
      const blocked = await inTransaction(ctx.db, async (tx) => {
        await claimFormSubmission(tx, ctx.admin.id, input.submissionId, 'blocked_number.add');
        return blockNumber(tx, ctx.questionnaire.id, input.phoneNumber, adminActor(ctx));
      });
      return { ...blocked, createdAt: blocked.createdAt.toISOString() };
    }),
  addMany: questionnaireAdminProcedure
    .input(z.object({ numbers: z.string().max(200_000, { error: 'Paste at most 200,000 characters' }) }))
    .mutation(({ ctx, input }) =>
      blockPastedNumbers(ctx.db, ctx.questionnaire.id, input.numbers, adminActor(ctx)),
    ),
  remove: questionnaireAdminProcedure.input(z.object({ id: z.uuid() })).mutation(async ({ ctx, input }) => {
    await unblockNumber(ctx.db, ctx.questionnaire.id, input.id, adminActor(ctx));
    return { id: input.id };
  }),
});
