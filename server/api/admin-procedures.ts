// Procedure tiers of the Admin door. Each one re-checks the caller against what the call touches:
// adminProcedure (any signed-in Admin), operatorProcedure (platform operators), questionnaireAdminProcedure
// (input carries questionnaireId; the caller must hold a grant covering it).
import { TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import { middleware, publicProcedure } from '@/server/api/trpc';
import { AppError } from '@/server/lib/errors';
import { sessionAdminId } from '@/server/auth/session';
import {
  assertOperator,
  loadAdminPrincipal,
  requireQuestionnaireAccess,
} from '@/server/services/admin-access';

// A service names the input field a problem belongs to (AppError details.field); the Admin forms show such
// messages next to that field, the same way as zod's own (the error formatter flattens ZodErrors).
const fieldErrors = middleware(async ({ next }) => {
  const result = await next();
  const cause = result.ok ? null : result.error.cause;
  if (cause instanceof AppError && typeof cause.details.field === 'string') {
    const issue = {
      code: 'custom' as const,
      path: [cause.details.field],
      message: cause.message,
      input: undefined,
    };
    return {
      ...result,
      ok: false as const,
      error: new TRPCError({ code: cause.kind, message: cause.message, cause: new ZodError([issue]) }),
    };
  }
  return result;
});

export const adminProcedure = publicProcedure.use(fieldErrors).use(async ({ ctx, next }) => {
  const adminId = sessionAdminId(ctx.session);
  const admin = adminId ? await loadAdminPrincipal(ctx.db, adminId) : null;
  if (!admin) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  return next({ ctx: { admin } });
});

export const operatorProcedure = adminProcedure.use(({ ctx, next }) => {
  assertOperator(ctx.admin);
  return next();
});

export const questionnaireInput = z.object({ questionnaireId: z.string() });

export const questionnaireAdminProcedure = adminProcedure
  .input(questionnaireInput)
  .use(async ({ ctx, input, next }) => {
    const questionnaire = await requireQuestionnaireAccess(ctx.db, ctx.admin, input.questionnaireId);
    return next({ ctx: { questionnaire } });
  });
