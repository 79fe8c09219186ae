import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { questionnaireAdminProcedure } from '@/server/api/admin-procedures';
import { env } from '@/server/env';
import { regionCountry } from '@/server/lib/phone';
import {
  blockNumber,
  blockPastedNumbers,
  listBlockedNumbers,
  unblockNumber,
} from '@/server/services/blocked-numbers';

const country = () => regionCountry(env.REGION);

export const blockedNumberRouter = createTRPCRouter({
  list: questionnaireAdminProcedure.query(async ({ ctx }) =>
    (await listBlockedNumbers(ctx.db, ctx.questionnaire.id)).map((b) => ({
      ...b,
      createdAt: b.createdAt.toISOString(),
    })),
  ),
  add: questionnaireAdminProcedure
    .input(z.object({ phoneNumber: z.string().trim().min(1, { error: 'Enter a phone number' }).max(40) }))
    .mutation(async ({ ctx, input }) => {
      const blocked = await blockNumber(ctx.db, ctx.questionnaire.id, input.phoneNumber, country());
      return { ...blocked, createdAt: blocked.createdAt.toISOString() };
    }),
  addMany: questionnaireAdminProcedure
    .input(z.object({ numbers: z.string().max(200_000, { error: 'Paste at most 200,000 characters' }) }))
    .mutation(({ ctx, input }) => blockPastedNumbers(ctx.db, ctx.questionnaire.id, input.numbers, country())),
  remove: questionnaireAdminProcedure.input(z.object({ id: z.uuid() })).mutation(async ({ ctx, input }) => {
    await unblockNumber(ctx.db, ctx.questionnaire.id, input.id);
    return { id: input.id };
  }),
});
