import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { getAuthOptions } from '@/server/auth/options';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options (and the secret) are resolved per request, never while `next build` collects routes.
async function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  return (await NextAuth(request, context, getAuthOptions())) as Response;
}

export { handler as GET, handler as POST };
