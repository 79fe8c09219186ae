import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import {
  accountProcedure,
  operatorFormProcedure,
  operatorProcedure,
  passwordChangeFormProcedure,
} from '@/server/admins/procedures';
import {
  adminAccessSchema,
  adminEmail,
  changePassword,
  inviteAdmin,
  listAdmins,
  newPassword,
  revokeGrant,
} from '@/server/admins/users';
import { adminActor } from '@/server/audit/admin-actor';
import { signOutEverywhere } from '@/server/admins/sessions';
import { renewalAfterChange } from '@/server/admins/session-renewal';
import { stepUp } from '@/server/admins/step-up';
import { totpSecretBox } from '@/server/admins/totp';

export const adminUserRouter = createTRPCRouter({
  me: accountProcedure.query(({ ctx }) => ({
    id: ctx.admin.id,
    email: ctx.admin.email,
    isOperator: ctx.admin.isOperator,
  })),
  list: operatorProcedure.query(async ({ ctx }) => {
    const now = new Date();
    return (await listAdmins(ctx.db)).map(({ passwordExpiresAt, ...a }) => ({
      ...a,
      lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
      invitationExpiresAt: passwordExpiresAt?.toISOString() ?? null,
      invitationExpired: passwordExpiresAt !== null && passwordExpiresAt <= now,
      createdAt: a.createdAt.toISOString(),
    }));
  }),
  invite: operatorFormProcedure
    .input(z.object({ email: adminEmail, access: adminAccessSchema }))
    .mutation(({ ctx, input }) =>
      ctx.once((tx) => inviteAdmin(tx, { email: input.email, access: input.access }, adminActor(ctx))),
    ),
  revokeGrant: operatorFormProcedure
    .input(z.object({ grantId: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.once((tx) => revokeGrant(tx, input.grantId, adminActor(ctx)));
      return { id: input.grantId };
    }),
  endSessions: operatorFormProcedure
    .input(z.object({ adminId: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.once((tx) => signOutEverywhere(tx, input.adminId, adminActor(ctx), 'operator'));
      return { ok: true };
    }),
  // The one procedure open to an Admin whose password someone else saw (and to one who must still enrol 2FA).
  changePassword: passwordChangeFormProcedure
    .input(
      z
        .object({
          currentPassword: z.string().min(1, { error: 'Enter your current password' }),
          newPassword,
          confirmPassword: z.string(),
        })
        .refine((v) => v.newPassword === v.confirmPassword, {
          error: 'The two new passwords are not the same',
          path: ['confirmPassword'],
        }),
    )
    // This session carries on with a renewal written in the same transaction as the change.
    // The current password is checked first, outside the guarded transaction, so a wrong one stays counted.
    .mutation(async ({ ctx, input }) => {
      const proof = await stepUp(
        ctx.db,
        totpSecretBox(),
        { adminId: ctx.admin.id, password: input.currentPassword, passwordField: 'currentPassword' },
        adminActor(ctx),
      );
      return ctx.once(async (tx) => {
        await changePassword(tx, proof, input.newPassword, adminActor(ctx));
        return { renewal: await renewalAfterChange(tx, ctx.admin) };
      });
    }),
});
