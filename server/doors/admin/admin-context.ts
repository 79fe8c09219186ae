// The Admin door's tRPC context and its failure log, one definition for both ways in: over HTTP (/api/trpc,
// admin-door.ts) and in-process from server components and route handlers (server-caller.ts).
import type { TRPCError } from '@trpc/server';
import type { Session } from 'next-auth';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import type { TrpcContext } from '@/server/platform/trpc';
import type { SessionAdmin } from '@/server/admins/session';
import { adminClientAddress } from '@/server/platform/lib/client-address';
import { failureFields, logger } from '@/server/platform/observability/logger';

export function createAdminContext(request: {
  db: PrismaClient;
  session: Session | null;
  /** The Admin the request has already loaded, shared with the page (server-side caller). */
  sessionAdmin?: () => Promise<SessionAdmin | null>;
  headers: Headers;
}): TrpcContext {
  return {
    db: request.db,
    session: request.session,
    ...(request.sessionAdmin ? { sessionAdmin: request.sessionAdmin } : {}),
    authorization: null,
    sourceIp: adminClientAddress(request.headers),
    headers: request.headers,
  };
}

/**
 * Expected refusals are the caller's business; anything else is ours, logged by procedure without its input
 * (what failed and, at debug, where: failureFields).
 */
export function logAdminFailure({ error, path }: { error: TRPCError; path?: string }): void {
  if (error.code === 'INTERNAL_SERVER_ERROR')
    logger.error(
      { ...failureFields(error.cause ?? error), procedure: path ?? '?' },
      'Admin procedure failed',
    );
}
