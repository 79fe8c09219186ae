// The Admin door: tRPC over HTTP, authenticated by the next-auth session cookie (SameSite=Lax), and a
// request another site made the browser send is refused before anything runs (server/auth/csrf.ts).
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { getPrisma } from '@/server/db';
import { getSession } from '@/server/auth/session';
import { crossSiteRefusal } from '@/server/auth/csrf';
import { clientAddress } from '@/server/lib/client-address';
import { failureFields, logger } from '@/server/observability/logger';
import { observeRequests } from '@/server/observability/observe-request';

const handler = observeRequests('/api/trpc', async (req: Request) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: async () => ({
      db: getPrisma(),
      session: await getSession(),
      authorization: null,
      sourceIp: clientAddress(req.headers),
      headers: req.headers,
    }),
    onError({ error, path }) {
      // Expected refusals are the caller's business; anything else is ours, logged without input or stack.
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        logger.error({ ...failureFields(error), procedure: path ?? '?' }, 'Admin procedure failed');
      }
    },
  });
});

export { handler as GET, handler as POST };
