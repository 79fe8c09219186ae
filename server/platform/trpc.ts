// tRPC initialisation, the request context and the procedure tiers shared by the Admin door and the REST door.
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Session } from 'next-auth';
import { ZodError } from 'zod';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError, INTERNAL_ERROR_MESSAGE } from '@/server/platform/lib/errors';
import { databaseUnavailableError, isDatabaseUnavailable } from '@/server/platform/lib/database-errors';

// The Admin door adds the Admin its request has already loaded (server/admins/session.ts): platform code
// knows no domain.
export interface TrpcContext {
  db: PrismaClient;
  /** The signed-in Admin, for the Admin door. */
  session: Session | null;
  /** The raw Authorization header, for the REST door (API keys carry no prefix). */
  authorization: string | null;
  /** The client's address as seen by the server (first X-Forwarded-For hop when behind a proxy). */
  sourceIp: string | null;
  /** The request's headers (the REST door's fast path has no fetch Headers object, only `get`). */
  headers: Pick<Headers, 'get'>;
}

/** Extra procedure metadata: the REST success status when it is not 200. */
/** optionalBody: an empty POST body reads as `{}` (only where every body field is optional). */
export type ProcedureMeta = OpenApiMeta<{ successStatus?: 201 | 202 | 204; optionalBody?: true }>;

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      // The Admin door shows zod messages next to fields; it never sends a stack trace, and an unexpected
      // failure never shows its own message (it may quote the database).
      const zodError = error.cause instanceof ZodError ? error.cause.flatten() : null;
      const message = error.code === 'INTERNAL_SERVER_ERROR' ? INTERNAL_ERROR_MESSAGE : shape.message;
      return { ...shape, message, data: { ...shape.data, stack: undefined, zodError } };
    },
  });

/**
 * Services throw AppError; turn it into a TRPCError that keeps the AppError as its cause. A database that
 * cannot be reached becomes the one 503 AppError of every door.
 */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause instanceof AppError ? result.error.cause : null;
  const appError = cause ?? (isDatabaseUnavailable(result.error) ? databaseUnavailableError() : null);
  if (appError) {
    return {
      ...result,
      error: new TRPCError({ code: appError.kind, message: appError.message, cause: appError }),
    };
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
export const publicProcedure = t.procedure.use(appErrors);
