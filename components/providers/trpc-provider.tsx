'use client';
// tRPC + TanStack Query for the Admin pages. A call refused for lack of a session (expired or signed out in
// another tab) sends the browser to the sign-in page and back here afterwards.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/doors/admin/router';

const trpcContext = createTRPCContext<AppRouter>();
const { TRPCProvider } = trpcContext;
export const { useTRPC } = trpcContext;

function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED'
  );
}

function toSignIn(error: unknown) {
  if (!isUnauthorized(error)) return;
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/login?callbackUrl=${encodeURIComponent(here)}`);
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toSignIn }),
    mutationCache: new MutationCache({ onError: toSignIn }),
    defaultOptions: {
      // Offline, TanStack Query would hold a mutation paused (a spinner for ever); sending it fails at once
      // and the form says the service could not be reached.
      mutations: { networkMode: 'always' },
      queries: {
        staleTime: 10_000,
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

export function AdminProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc' })] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
