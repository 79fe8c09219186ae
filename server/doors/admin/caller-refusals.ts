// What a page or a route handler makes of a refusal by the server-side caller (server/doors/admin/server-caller.ts):
// the same pages, redirects and statuses as when the checks were repeated in each of them.
import 'server-only';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { notFound, redirect } from 'next/navigation';
import { ZodError } from 'zod';

/**
 * For a page: signed out is the sign-in page; a questionnaire outside the Admin's grants, or a page of
 * platform operators seen by anyone else, is "not found" (it does not tell that the thing exists). Anything
 * else is thrown on to the error page.
 */
export function pageRefusal(error: unknown): never {
  if (error instanceof TRPCError) {
    if (error.code === 'UNAUTHORIZED') redirect('/login');
    if (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN') notFound();
  }
  throw error;
}

/**
 * For a route handler (a file download): a refusal as a plain-text response with the procedure's status and
 * message (signedOut replaces "Sign in to continue" with the route's own words). Anything else is thrown on.
 */
export function responseRefusal(error: unknown, signedOut: string): Response {
  if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') throw error;
  const message =
    error.code === 'UNAUTHORIZED'
      ? signedOut
      : error.cause instanceof ZodError
        ? (error.cause.issues[0]?.message ?? 'The request is not valid')
        : error.message;
  return new Response(`${message}\n`, { status: getHTTPStatusCodeFromError(error) });
}
