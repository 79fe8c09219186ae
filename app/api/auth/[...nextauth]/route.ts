import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { getAuthOptions } from '@/server/admins/options';
import { withSignInLimits } from '@/server/admins/sign-in-door';
import { observeRequests } from '@/server/platform/observability/observe-request';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options (and the secret) are resolved per request, never while `next build` collects routes.
const handler = observeRequests(
  '/api/auth/[...nextauth]',
  withSignInLimits(
    async (request: NextRequest, context: RouteContext): Promise<Response> =>
      (await NextAuth(request, context, getAuthOptions())) as Response,
  ) as (request: Request, context: RouteContext) => Promise<Response>,
);

export { handler as GET, handler as POST };
