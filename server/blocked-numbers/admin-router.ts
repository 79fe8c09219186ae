import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { questionnaireAdminProcedure, questionnaireFormProcedure } from '@/server/admins/procedures';
import { adminActor } from '@/server/audit/admin-actor';
import {
  blockNumber,
  blockPastedNumbers,
  listBlockedNumbers,
  unblockNumber,
} from '@/server/blocked-numbers/blocked-numbers';

export const blockedNumberRouter = createTRPCRouter({
  list: questionnaireAdminProcedure.query(async ({ ctx }) =>
    (await listBlockedNumbers(ctx.db, ctx.questionnaire.id)).map((b) => ({
      ...b,
      createdAt: b.createdAt.toISOString(),
    })),
  ),
  add: questionnaireFormProcedure
    .input(
      z.object({
        phoneNumber: z.string().trim().min(1, { error: 'Enter a phone number' }).max(40),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const blocked = await ctx.once((tx) =>
        blockNumber(tx, ctx.questionnaire.id, input.phoneNumber, adminActor(ctx)),
      );
      return { ...blocked, createdAt: blocked.createdAt.toISOString() };
    }),
  addMany: questionnaireFormProcedure
    .input(z.object({ numbers: z.string().max(200_000, { error: 'Paste at most 200,000 characters' }) }))
    .mutation(({ ctx, input }) =>
      ctx.once((tx) => blockPastedNumbers(tx, ctx.questionnaire.id, input.numbers, adminActor(ctx))),
    ),
  remove: questionnaireFormProcedure.input(z.object({ id: z.uuid() })).mutation(async ({ ctx, input }) => {
    await ctx.once((tx) => unblockNumber(tx, ctx.questionnaire.id, input.id, adminActor(ctx)));
    return { id: input.id };
  }),
});
