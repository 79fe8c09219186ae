'use client';
// tRPC + TanStack Query for the Admin pages. A call refused for lack of a session (ended in another browser,
// or expired) never takes what the Admin typed with it: a refused save stays on the page and its form says
// why; a refused query sends the browser to the sign-in page and back here afterwards, unless something was
// typed on the page (session-ended.ts).
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/doors/admin/router';
import { timeZoneName } from '@/components/ui/time';
import { QUERY_STALE_MS, TIME_ZONE_COOKIE } from './query-defaults';
import { forgetTyping, sessionEndedOnQuery, watchTyping } from './session-ended';

const trpcContext = createTRPCContext<AppRouter>();
const { TRPCProvider } = trpcContext;
export const { useTRPC } = trpcContext;

function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED'
  );
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) sessionEndedOnQuery();
      },
    }),
    defaultOptions: {
      // Offline, TanStack Query would hold a mutation paused (a spinner for ever); sending it fails at once
      // and the form says the service could not be reached.
      mutations: { networkMode: 'always' },
      queries: {
        staleTime: QUERY_STALE_MS,
        refetchOnWindowFocus: false,
        // Refusals and missing records will not change by asking again.
        retry: (count, error) =>
          count < 2 &&
          !(
            error instanceof TRPCClientError &&
            ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST'].includes(
              (error.data as { code?: string } | undefined)?.code ?? '',
            )
          ),
      },
    },
  });
}

/** Tells the server the browser's time zone for the next page it renders (query-defaults.ts). */
function rememberTimeZone() {
  const zone = timeZoneName();
  const cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (!document.cookie.split('; ').includes(cookie))
    document.cookie = `${cookie}; path=/admin; max-age=31536000; samesite=lax`;
}

export function AdminProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc' })] }),
  );
  const pathname = usePathname();
  useEffect(watchTyping, []);
  useEffect(rememberTimeZone, []);
  useEffect(() => forgetTyping(), [pathname]);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
