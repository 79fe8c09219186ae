// The Admin door's HTTP handler: tRPC over HTTP, authenticated by the next-auth session cookie. A request
// another site made the browser send is refused before anything runs (server/admins/csrf.ts), a body over
// ADMIN_TRPC_BODY_LIMIT_BYTES is refused while it streams in, and an unavailable database is a 503 with
// Retry-After, as on every door.
import 'server-only';
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { Session } from 'next-auth';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { appRouter } from '@/server/doors/admin/router';
import { crossSiteRefusal } from '@/server/admins/csrf';
import {
  ADMIN_TRPC_BODY_LIMIT_BYTES,
  bodyTooLargeMessage,
  withBodyWithin,
} from '@/server/platform/lib/body-limit';
import { DATABASE_RETRY_AFTER_SECONDS } from '@/server/platform/lib/database-errors';
import { metrics } from '@/server/platform/observability/metrics';
import { annotateRequest } from '@/server/platform/observability/request-context';
import { createAdminContext, logAdminFailure } from './admin-context';

export interface AdminDoorOptions {
  db: () => PrismaClient;
  session: () => Promise<Session | null>;
}

const knownProcedures = new Set(Object.keys(appRouter._def.procedures));

/**
 * Names the request's route after the procedure it calls (a batch counts each of its procedures, and is one
 * route: its combinations are unbounded). Only procedures the router has become labels: a made-up path must
 * not create a metric series.
 */
function observeProcedures(url: string): void {
  const called = new URL(url).pathname
    .replace(/^\/api\/trpc\/?/, '')
    .split(/,|%2C/i)
    .filter(Boolean);
  const known = called.filter((name) => knownProcedures.has(name));
  for (const procedure of known) metrics.adminProcedureCalls.inc({ procedure });
  const route =
    known.length !== called.length || !called.length
      ? '{unknown}'
      : called.length > 1
        ? '{batch}'
        : called[0];
  annotateRequest({ route: `/api/trpc/${route}` });
}

export function createAdminDoorHandler(options: AdminDoorOptions): (req: Request) => Promise<Response> {
  return async (incoming) => {
    observeProcedures(incoming.url);
    const refused = crossSiteRefusal(incoming);
    if (refused) return refused;
    const read = await withBodyWithin(
      incoming,
      ADMIN_TRPC_BODY_LIMIT_BYTES,
      (url, init) => new Request(url, init),
    );
    // Too large: tRPC answers the refusal itself (its error shape and code, 413), from a copy without the body.
    const req = read ?? new Request(incoming.url, { method: incoming.method, headers: incoming.headers });
    return fetchRequestHandler({
      endpoint: '/api/trpc',
      req,
      router: appRouter,
      createContext: async () => {
        if (!read)
          throw new TRPCError({
            code: 'PAYLOAD_TOO_LARGE',
            message: bodyTooLargeMessage(ADMIN_TRPC_BODY_LIMIT_BYTES),
          });
        return createAdminContext({
          db: options.db(),
          session: await options.session(),
          headers: req.headers,
        });
      },
      // Every answer is one Admin's data or a refusal: no browser or proxy may keep it.
      responseMeta: ({ errors }) => {
        const headers = new Headers({ 'Cache-Control': 'no-store' });
        if (errors.some((error) => error.code === 'SERVICE_UNAVAILABLE'))
          headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        return { headers };
      },
      onError: logAdminFailure,
    });
  };
}
