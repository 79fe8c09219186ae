import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { getAuthOptions } from '@/server/auth/options';
import { observeRequests } from '@/server/observability/observe-request';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options (and the secret) are resolved per request, never while `next build` collects routes.
const handler = observeRequests(
  '/api/auth/[...nextauth]',
  async (request: Request, context: RouteContext): Promise<Response> =>
    (await NextAuth(request as NextRequest, context, getAuthOptions())) as Response,
);

export { handler as GET, handler as POST };
