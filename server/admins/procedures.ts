// Procedure tiers of the Admin door. Each one re-checks the caller against what the call touches:
// passwordChangeFormProcedure (any signed-in Admin, also one whose password someone else saw: only the change
// of that password), accountProcedure (an Admin with their own password, also one that ADMIN_REQUIRE_2FA still
// sends to enrol: their own account only), adminProcedure (any signed-in Admin ready to work),
// operatorProcedure (platform operators), questionnaireAdminProcedure (input carries questionnaireId; the
// caller must hold a grant covering it). Each has a form variant for the
// mutations an Admin form or button sends: see submitOnce.
import { TRPCError } from '@trpc/server';
import { z, type ZodError } from 'zod';
import { middleware, publicProcedure } from '@/server/platform/trpc';
import { AppError } from '@/server/platform/lib/errors';
import { loadSessionAdmin } from '@/server/admins/session';
import { assertOperator, requireQuestionnaireAccess } from '@/server/admins/access';
import { isStorableText } from '@/server/participants/fields';
import { unstorableMessage } from '@/server/platform/lib/field-messages';
import { claimFormSubmission, formSubmission, withFormSubmission } from '@/server/admins/form-submissions';
import type { Db } from '@/server/platform/db/client';

// A service names the input field a problem belongs to (AppError details.field); the Admin forms show such
// messages next to that field, the same way as zod's own (the error formatter flattens ZodErrors).
const fieldErrors = middleware(async ({ next }) => {
  const result = await next();
  const cause = result.ok ? null : result.error.cause;
  if (cause instanceof AppError && typeof cause.details.field === 'string') {
    return {
      ...result,
      ok: false as const,
      error: new TRPCError({
        code: cause.kind,
        message: cause.message,
        cause: fieldError(cause.details.field, cause.message),
      }),
    };
  }
  return result;
});

/** A ZodError naming one field, made by a failed parse (a ZodError built by hand is not an Error in zod 4). */
function fieldError(field: string, message: string): ZodError {
  const parsed = z.object({ [field]: z.unknown().refine(() => false, { error: message }) }).safeParse({});
  if (parsed.success) throw new Error('unreachable: the refinement always fails');
  return parsed.error;
}

/** The path ("name", "auth.clientSecret", "numbers[2]") of the first text in `value` the database cannot store. */
function unstorableTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  // Bytes (an uploaded file) are not text; they are never walked one by one.
  if (ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = unstorableTextPath(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Text the database cannot store (NUL and other control characters, broken UTF-16) is refused in any input,
 * naming the field, before a procedure runs: otherwise PostgreSQL's own message would be the answer.
 */
const storableInput = middleware(async ({ getRawInput, next }) => {
  const path = unstorableTextPath(await getRawInput());
  if (path !== null) {
    const field = /^[^.[]*/.exec(path)?.[0] || 'input';
    throw new AppError('BAD_REQUEST', unstorableMessage(path || 'input'), { field });
  }
  return next();
});

const signedInProcedure = publicProcedure
  .use(fieldErrors)
  .use(async ({ ctx, next }) => {
    const admin = await (ctx.sessionAdmin ? ctx.sessionAdmin() : loadSessionAdmin(ctx.db, ctx.session));
    if (!admin) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
    return next({ ctx: { admin } });
  })
  .use(storableInput);

/** The message of every procedure refused to an Admin who has not yet replaced a temporary password. */
export const CHOOSE_PASSWORD_FIRST = 'Choose your own password first';

export const accountProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.admin.mustChangePassword) {
    throw new TRPCError({ code: 'FORBIDDEN', message: CHOOSE_PASSWORD_FIRST });
  }
  return next();
});

export const adminProcedure = accountProcedure.use(({ ctx, next }) => {
  if (ctx.admin.mustEnrolTwoFactor) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Turn on two-factor sign-in first' });
  }
  return next();
});

export const operatorProcedure = adminProcedure.use(({ ctx, next }) => {
  assertOperator(ctx.admin);
  return next();
});

const questionnaireInput = z.object({ questionnaireId: z.string() });

export const questionnaireAdminProcedure = adminProcedure
  .input(questionnaireInput)
  .use(async ({ ctx, input, next }) => {
    const questionnaire = await requireQuestionnaireAccess(ctx.db, ctx.admin, input.questionnaireId);
    return next({ ctx: { questionnaire } });
  });

/**
 * Every mutation an Admin form or button sends goes through this: its input carries the form's
 * `submissionId`, and the procedure runs its change as `ctx.once((tx) => …)`, in one transaction with that id
 * claimed under the procedure's path. A second request with the same id (a double-click that got past the
 * page, a request the browser sent again) changes nothing and is refused (server/admins/form-submissions.ts).
 * Work that must follow the commit (waking the dispatcher, starting an import) goes after `once` returns; a
 * service that runs its own transaction and more work after it takes `ctx.claimSubmission` into that one.
 */
const submitOnce = middleware(async ({ ctx, path, getRawInput, next }) => {
  const adminId = (ctx as { admin?: { id: string } }).admin?.id;
  if (!adminId) throw new Error('submitOnce follows a tier that loads the signed-in Admin');
  const { submissionId } = formSubmission.parse(await getRawInput());
  const once = <T>(change: (tx: Db) => Promise<T>) =>
    withFormSubmission(ctx.db, { adminId, submissionId, action: path }, change);
  const claimSubmission = (tx: Db) => claimFormSubmission(tx, adminId, submissionId, path);
  return next({ ctx: { once, claimSubmission } });
});

export const passwordChangeFormProcedure = signedInProcedure.input(formSubmission).use(submitOnce);
export const accountFormProcedure = accountProcedure.input(formSubmission).use(submitOnce);
export const operatorFormProcedure = operatorProcedure.input(formSubmission).use(submitOnce);
export const questionnaireFormProcedure = questionnaireAdminProcedure.input(formSubmission).use(submitOnce);
