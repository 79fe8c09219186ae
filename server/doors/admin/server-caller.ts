// The Admin door for server components and route handlers (create-t3-app's trpc/server.ts): the same
// procedures as /api/trpc, called in-process with a context built from the request's session cookie and
// headers, so the access checks live only in the procedures. One context per request (React cache()), and the
// signed-in Admin is loaded once per request however many procedures a page calls.
import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { appRouter } from '@/server/doors/admin/router';
import { createCallerFactory, type TrpcContext } from '@/server/platform/trpc';
import { getCurrentAdmin, getSession } from '@/server/admins/session';
import { getPrisma } from '@/server/platform/db';
import { createAdminContext, logAdminFailure } from './admin-context';

const createContext = cache(async (): Promise<TrpcContext> =>
  createAdminContext({
    db: getPrisma(),
    session: await getSession(),
    // The Admin the page itself reads (requireAdmin), loaded once per request for both.
    sessionAdmin: getCurrentAdmin,
    headers: new Headers(await headers()),
  }),
);

export const createAdminCaller = createCallerFactory(appRouter);
export type AdminCaller = ReturnType<typeof createAdminCaller>;

/** The Admin router, called as the signed-in Admin of the current request. */
export const api: AdminCaller = createAdminCaller(createContext, { onError: logAdminFailure });
