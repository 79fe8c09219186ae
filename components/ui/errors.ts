// Reading Admin tRPC errors in forms: per-field messages (zod's, or a service's AppError naming a field) go
// next to their field; everything else is one message for the form or a toast.
import { TRPCClientError } from '@trpc/client';

export type FieldErrors = Record<string, string | undefined>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as
    { zodError?: { fieldErrors?: Record<string, string[] | undefined> } } | undefined;
  const fields = data?.zodError?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages?.[0]]));
}

const UNREACHABLE = 'The service could not be reached. Check your connection and try again.';
/** A save refused because the session ended elsewhere: the page stays, with what was typed (trpc-provider.tsx). */
const SESSION_ENDED =
  'Your session ended. Sign in again in another tab, then try again here: what you typed is kept.';

/** A message for the person, never a stack trace or a zod dump. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const data = error.data as { zodError?: unknown; code?: string } | undefined;
    if (data?.zodError) return 'Some fields need attention';
    if (data?.code === 'INTERNAL_SERVER_ERROR') return 'Something went wrong on our side. Please try again.';
    if (data?.code === 'UNAUTHORIZED') return SESSION_ENDED;
    // No tRPC answer at all: the request never arrived (offline, server down) or a proxy answered.
    if (!data) return UNREACHABLE;
    return error.message;
  }
  return UNREACHABLE;
}

/** The form-level message: only when no field message explains the error. */
export function formErrorOf(error: unknown): string | null {
  if (!error) return null;
  return Object.values(fieldErrorsOf(error)).some(Boolean) ? null : errorMessage(error);
}
