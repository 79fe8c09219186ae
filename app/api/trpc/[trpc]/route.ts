// The Admin door: tRPC over HTTP, authenticated by the next-auth session cookie (SameSite=Lax, so another
// site cannot make a signed-in browser send a mutation).
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { getPrisma } from '@/server/db';
import { getSession } from '@/server/auth/session';

const firstForwardedFor = (headers: Headers) => headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null;

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: async () => ({
      db: getPrisma(),
      session: await getSession(),
      authorization: null,
      sourceIp: firstForwardedFor(req.headers),
      headers: req.headers,
    }),
    onError({ error, path }) {
      // Expected refusals are the caller's business; anything else is ours, logged without input or stack.
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        console.error(
          `[admin-trpc] ${path ?? '?'} failed: ${error.cause?.name ?? error.name}: ${error.message}`,
        );
      }
    },
  });
}

export { handler as GET, handler as POST };
