// The signed-in Admin's own account security: two-factor sign-in and ending their sessions. These use
// accountProcedure, so an Admin whom ADMIN_REQUIRE_2FA sends to enrol can still reach them.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { accountFormProcedure, accountProcedure } from '@/server/api/admin-procedures';
import { adminActor } from '@/server/api/admin-audit';
import { signOutEverywhere } from '@/server/services/admin-sessions';
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from '@/server/services/two-factor';
import { totpSecretBox } from '@/server/auth/totp';
import { env } from '@/server/env';
import { renewalAfterChange } from '@/server/auth/session-renewal';

const codeInput = z.object({
  code: z.string().trim().min(1, { error: 'Enter the code from your authenticator app' }).max(40),
});

export const accountRouter = createTRPCRouter({
  security: accountProcedure.query(async ({ ctx }) => {
    const status = await twoFactorStatus(ctx.db, ctx.admin.id);
    return {
      twoFactorEnabled: status.enabled,
      twoFactorEnabledAt: status.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: status.recoveryCodesLeft,
      twoFactorRequired: env.ADMIN_REQUIRE_2FA,
      signInMethod: ctx.admin.signInMethod,
    };
  }),
  startTwoFactor: accountFormProcedure.mutation(({ ctx }) =>
    ctx.once((tx) => startEnrolment(tx, totpSecretBox(), ctx.admin.id, adminActor(ctx))),
  ),
  // A change that ends the other sessions carries this session on with a renewal, in the same transaction.
  confirmTwoFactor: accountFormProcedure.input(codeInput).mutation(({ ctx, input }) =>
    ctx.once(async (tx) => ({
      ...(await confirmEnrolment(tx, totpSecretBox(), ctx.admin.id, input.code, adminActor(ctx))),
      renewal: await renewalAfterChange(tx, ctx.admin),
    })),
  ),
  disableTwoFactor: accountFormProcedure.input(codeInput).mutation(({ ctx, input }) =>
    ctx.once(async (tx) => {
      await disableTwoFactor(tx, totpSecretBox(), ctx.admin.id, input.code, adminActor(ctx));
      return { renewal: await renewalAfterChange(tx, ctx.admin) };
    }),
  ),
  regenerateRecoveryCodes: accountFormProcedure
    .input(codeInput)
    .mutation(({ ctx, input }) =>
      ctx.once((tx) =>
        regenerateRecoveryCodes(tx, totpSecretBox(), ctx.admin.id, input.code, adminActor(ctx)),
      ),
    ),
  signOutEverywhere: accountFormProcedure.mutation(async ({ ctx }) => {
    await ctx.once((tx) => signOutEverywhere(tx, ctx.admin.id, adminActor(ctx), 'self'));
    return { ok: true };
  }),
});
