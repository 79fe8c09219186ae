// tRPC initialisation, the request context and the procedure tiers shared by the Admin door and the REST door.
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Session } from 'next-auth';
import { ZodError } from 'zod';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/lib/errors';

export interface TrpcContext {
  db: PrismaClient;
  /** The signed-in Admin, for the Admin door. */
  session: Session | null;
  /** The raw Authorization header, for the REST door (API keys carry no prefix). */
  authorization: string | null;
  /** The client's address as seen by the server (first X-Forwarded-For hop when behind a proxy). */
  sourceIp: string | null;
  headers: Headers;
}

/** Extra procedure metadata: the REST success status when it is not 200. */
export type ProcedureMeta = OpenApiMeta<{ successStatus?: 201 | 202 | 204 }>;

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      // The Admin door shows zod messages next to fields; it never sends a stack trace.
      const zodError = error.cause instanceof ZodError ? error.cause.flatten() : null;
      return { ...shape, data: { ...shape.data, stack: undefined, zodError } };
    },
  });

/**
 * Services throw AppError; turn it into a TRPCError that keeps the AppError as its cause. Every AppError kind
 * is named after the tRPC code of the same meaning, so the kind is the code.
 */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    return {
      ...result,
      error: new TRPCError({ code: cause.kind, message: cause.message, cause }),
    };
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
export const publicProcedure = t.procedure.use(appErrors);
