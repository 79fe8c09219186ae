// The signed-in Admin's own account security: two-factor sign-in and ending their sessions. These use
// accountProcedure, so an Admin whom ADMIN_REQUIRE_2FA sends to enrol can still reach them.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { accountProcedure } from '@/server/api/admin-procedures';
import { adminActor } from '@/server/api/admin-audit';
import { withAudit } from '@/server/services/audit-log';
import { endAdminSessions } from '@/server/services/admin-sessions';
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
  startTwoFactor: accountProcedure.mutation(({ ctx }) =>
    withAudit(
      ctx.db,
      (tx) => startEnrolment(tx, totpSecretBox(), ctx.admin.id),
      () => ({
        actor: adminActor(ctx),
        action: 'admin.two_factor.enrolment_started',
        targetType: 'admin_user',
        targetId: ctx.admin.id,
      }),
    ),
  ),
  confirmTwoFactor: accountProcedure.input(codeInput).mutation(({ ctx, input }) =>
    withAudit(
      ctx.db,
      async (tx) => ({
        ...(await confirmEnrolment(tx, totpSecretBox(), ctx.admin.id, input.code)),
        renewal: await renewalAfterChange(tx, ctx.admin),
      }),
      () => ({
        actor: adminActor(ctx),
        action: 'admin.two_factor.enable',
        targetType: 'admin_user',
        targetId: ctx.admin.id,
        details: { otherSessionsEnded: true },
      }),
    ),
  ),
  disableTwoFactor: accountProcedure.input(codeInput).mutation(({ ctx, input }) =>
    withAudit(
      ctx.db,
      async (tx) => {
        await disableTwoFactor(tx, totpSecretBox(), ctx.admin.id, input.code);
        return { renewal: await renewalAfterChange(tx, ctx.admin) };
      },
      () => ({
        actor: adminActor(ctx),
        action: 'admin.two_factor.disable',
        targetType: 'admin_user',
        targetId: ctx.admin.id,
        details: { otherSessionsEnded: true },
      }),
    ),
  ),
  regenerateRecoveryCodes: accountProcedure.input(codeInput).mutation(({ ctx, input }) =>
    withAudit(
      ctx.db,
      (tx) => regenerateRecoveryCodes(tx, totpSecretBox(), ctx.admin.id, input.code),
      () => ({
        actor: adminActor(ctx),
        action: 'admin.two_factor.recovery_codes_regenerated',
        targetType: 'admin_user',
        targetId: ctx.admin.id,
      }),
    ),
  ),
  signOutEverywhere: accountProcedure.mutation(async ({ ctx }) => {
    await withAudit(
      ctx.db,
      (tx) => endAdminSessions(tx, ctx.admin.id),
      () => ({
        actor: adminActor(ctx),
        action: 'admin.sessions.end',
        targetType: 'admin_user',
        targetId: ctx.admin.id,
        details: { by: 'self' },
      }),
    );
    return { ok: true };
  }),
});
