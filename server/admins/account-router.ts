// The signed-in Admin's own account security: two-factor sign-in and ending their sessions. These use
// accountProcedure, so an Admin whom ADMIN_REQUIRE_2FA sends to enrol can still reach them. A change asks for
// the password (and a current code) again: step-up checks them on the root client, before the change's
// transaction, so a refusal counts towards the lockout even though the change never happens.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { accountFormProcedure, accountProcedure } from '@/server/admins/procedures';
import { adminActor } from '@/server/audit/admin-actor';
import { signOutEverywhere } from '@/server/admins/sessions';
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from '@/server/admins/two-factor';
import { totpSecretBox } from '@/server/admins/totp';
import { env } from '@/server/platform/env';
import { renewalAfterChange } from '@/server/admins/session-renewal';
import { stepUp } from '@/server/admins/step-up';
import { TWO_FACTOR_REQUIRED } from '@/server/admins/sign-in-messages';

const password = z.string().min(1, { error: 'Enter your password' }).max(200);
const code = z.string().trim().min(1, { error: TWO_FACTOR_REQUIRED }).max(40);
const codeInput = z.object({ code });
const stepUpInput = z.object({ password, code });

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
  // Step-up runs before the guarded change, on the root client, so a refusal stays counted towards the lockout.
  startTwoFactor: accountFormProcedure.input(z.object({ password })).mutation(async ({ ctx, input }) => {
    const proof = await stepUp(ctx.db, totpSecretBox(), { adminId: ctx.admin.id, ...input }, adminActor(ctx));
    return ctx.once((tx) => startEnrolment(tx, totpSecretBox(), proof, adminActor(ctx)));
  }),
  // A change that ends the other sessions carries this session on with a renewal, in the same transaction.
  confirmTwoFactor: accountFormProcedure.input(codeInput).mutation(({ ctx, input }) =>
    ctx.once(async (tx) => ({
      ...(await confirmEnrolment(tx, totpSecretBox(), ctx.admin.id, input.code, adminActor(ctx))),
      renewal: await renewalAfterChange(tx, ctx.admin),
    })),
  ),
  disableTwoFactor: accountFormProcedure.input(stepUpInput).mutation(async ({ ctx, input }) => {
    const proof = await stepUp(ctx.db, totpSecretBox(), { adminId: ctx.admin.id, ...input }, adminActor(ctx));
    return ctx.once(async (tx) => {
      await disableTwoFactor(tx, proof, adminActor(ctx));
      return { renewal: await renewalAfterChange(tx, ctx.admin) };
    });
  }),
  regenerateRecoveryCodes: accountFormProcedure.input(stepUpInput).mutation(async ({ ctx, input }) => {
    const proof = await stepUp(ctx.db, totpSecretBox(), { adminId: ctx.admin.id, ...input }, adminActor(ctx));
    return ctx.once((tx) => regenerateRecoveryCodes(tx, proof, adminActor(ctx)));
  }),
  signOutEverywhere: accountFormProcedure.mutation(async ({ ctx }) => {
    await ctx.once((tx) => signOutEverywhere(tx, ctx.admin.id, adminActor(ctx), 'self'));
    return { ok: true };
  }),
});
