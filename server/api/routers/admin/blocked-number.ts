import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { questionnaireAdminProcedure } from '@/server/api/admin-procedures';
import { adminActor, maskedPhoneNumber } from '@/server/api/admin-audit';
import { withAudit } from '@/server/services/audit-log';
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
      const blocked = await withAudit(
        ctx.db,
        async (tx) => {
          await claimFormSubmission(tx, ctx.admin.id, input.submissionId, 'blocked_number.add');
          return blockNumber(tx, ctx.questionnaire.id, input.phoneNumber);
        },
        (b) => ({
          actor: adminActor(ctx),
          action: 'blocked_number.add',
          targetType: 'blocked_number',
          targetId: b.id,
          tenantId: ctx.questionnaire.tenantId,
          questionnaireId: ctx.questionnaire.id,
          details: { number: maskedPhoneNumber(b.phoneNumber) },
        }),
      );
      return { ...blocked, createdAt: blocked.createdAt.toISOString() };
    }),
  addMany: questionnaireAdminProcedure
    .input(z.object({ numbers: z.string().max(200_000, { error: 'Paste at most 200,000 characters' }) }))
    .mutation(({ ctx, input }) =>
      withAudit(
        ctx.db,
        (tx) => blockPastedNumbers(tx, ctx.questionnaire.id, input.numbers),
        (outcome) =>
          outcome.added === 0
            ? null
            : {
                actor: adminActor(ctx),
                action: 'blocked_number.add_many',
                targetType: 'blocked_number',
                tenantId: ctx.questionnaire.tenantId,
                questionnaireId: ctx.questionnaire.id,
                details: {
                  added: outcome.added,
                  alreadyBlocked: outcome.alreadyBlocked,
                },
              },
      ),
    ),
  remove: questionnaireAdminProcedure.input(z.object({ id: z.uuid() })).mutation(async ({ ctx, input }) => {
    await withAudit(
      ctx.db,
      (tx) => unblockNumber(tx, ctx.questionnaire.id, input.id),
      () => ({
        actor: adminActor(ctx),
        action: 'blocked_number.remove',
        targetType: 'blocked_number',
        targetId: input.id,
        tenantId: ctx.questionnaire.tenantId,
        questionnaireId: ctx.questionnaire.id,
      }),
    );
    return { id: input.id };
  }),
});
