import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { accountProcedure, adminProcedure, operatorProcedure } from '@/server/api/admin-procedures';
import {
  adminAccessSchema,
  adminEmail,
  changePassword,
  inviteAdmin,
  listAdmins,
  newPassword,
  revokeGrant,
} from '@/server/services/admin-users';
import { withAudit } from '@/server/services/audit-log';
import { adminActor } from '@/server/api/admin-audit';
import { endAdminSessions } from '@/server/services/admin-sessions';
import { renewalAfterChange } from '@/server/auth/session-renewal';

export const adminUserRouter = createTRPCRouter({
  me: accountProcedure.query(({ ctx }) => ({
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
    .mutation(({ ctx, input }) =>
      withAudit(
        ctx.db,
        (tx) => inviteAdmin(tx, input),
        (invited) => ({
          actor: adminActor(ctx),
          action: invited.temporaryPassword ? 'admin.invite' : 'admin.grant',
          targetType: 'admin_user',
          targetId: invited.adminId,
          tenantId: input.access.kind === 'tenant' ? input.access.tenantId : null,
          questionnaireId: input.access.kind === 'questionnaire' ? input.access.questionnaireId : null,
          details: { email: invited.email, access: input.access.kind },
        }),
      ),
    ),
  revokeGrant: operatorProcedure.input(z.object({ grantId: z.uuid() })).mutation(async ({ ctx, input }) => {
    await withAudit(
      ctx.db,
      async (tx) => {
        const grant = await tx.adminGrant.findUnique({ where: { id: input.grantId } });
        await revokeGrant(tx, input.grantId);
        // Pages already open with the old access end too: the Admin signs in again with what is left.
        if (grant) await endAdminSessions(tx, grant.adminUserId);
        return grant;
      },
      (grant) => ({
        actor: adminActor(ctx),
        action: 'admin.revoke_grant',
        targetType: 'admin_user',
        targetId: grant?.adminUserId ?? null,
        tenantId: grant?.tenantId ?? null,
        questionnaireId: grant?.questionnaireId ?? null,
        details: { grantId: input.grantId, sessionsEnded: true },
      }),
    );
    return { id: input.grantId };
  }),
  endSessions: operatorProcedure.input(z.object({ adminId: z.uuid() })).mutation(async ({ ctx, input }) => {
    await withAudit(
      ctx.db,
      (tx) => endAdminSessions(tx, input.adminId),
      () => ({
        actor: adminActor(ctx),
        action: 'admin.sessions.end',
        targetType: 'admin_user',
        targetId: input.adminId,
        details: { by: 'operator' },
      }),
    );
    return { ok: true };
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
    .mutation(({ ctx, input }) =>
      withAudit(
        ctx.db,
        async (tx) => {
          await changePassword(tx, ctx.admin.id, input);
          return { renewal: await renewalAfterChange(tx, ctx.admin) };
        },
        () => ({
          actor: adminActor(ctx),
          action: 'admin.change_password',
          targetType: 'admin_user',
          targetId: ctx.admin.id,
          details: { otherSessionsEnded: true },
        }),
      ),
    ),
});
