import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { adminProcedure, operatorProcedure } from '@/server/api/admin-procedures';
import {
  adminAccessSchema,
  adminEmail,
  changePassword,
  inviteAdmin,
  listAdmins,
  newPassword,
  revokeGrant,
} from '@/server/services/admin-users';

export const adminUserRouter = createTRPCRouter({
  me: adminProcedure.query(({ ctx }) => ({
    id: ctx.admin.id,
    email: ctx.admin.email,
    isOperator: ctx.admin.isOperator,
  })),
  list: operatorProcedure.query(async ({ ctx }) =>
    (await listAdmins(ctx.db)).map((a) => ({
      ...a,
      lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
      createdAt: a.createdAt.toISOString(),
    })),
  ),
  invite: operatorProcedure
    .input(z.object({ email: adminEmail, access: adminAccessSchema }))
    .mutation(({ ctx, input }) => inviteAdmin(ctx.db, input)),
  revokeGrant: operatorProcedure.input(z.object({ grantId: z.uuid() })).mutation(async ({ ctx, input }) => {
    await revokeGrant(ctx.db, input.grantId);
    return { id: input.grantId };
  }),
  changePassword: adminProcedure
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
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.db, ctx.admin.id, input);
      return { ok: true };
    }),
});
