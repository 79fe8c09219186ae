// A page's first screen, fetched on the server in the page's own request: each query is answered through the
// server-side caller (server/doors/admin/server-caller.ts: the same procedures and access checks as
// /api/trpc), put in a per-request query cache under the key the browser's useQuery uses, rendered into the
// HTML and handed to the browser's cache (HydrationBoundary), so the page asks for nothing after hydration.
// A query that fails here is left out: the browser asks for it itself and shows what it always showed (the
// 503 message, the sign-in redirect), so a server-side failure never becomes a different page.
import 'server-only';
import { dehydrate, HydrationBoundary, QueryClient, type QueryKey } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { cookies } from 'next/headers';
import { Suspense, type ReactNode } from 'react';
import type { AppRouter } from '@/server/doors/admin/router';
import { appRouter } from '@/server/doors/admin/router';
import { QUERY_STALE_MS, TIME_ZONE_COOKIE } from './query-defaults';

/**
 * Query keys only, as the browser's `useTRPC()` makes them. The queries themselves are answered through the
 * server-side caller (never through this proxy's own query functions, which would skip its logging).
 */
const keys = createTRPCOptionsProxy<AppRouter>({
  router: appRouter,
  ctx: () => {
    throw new Error('The prefetch keys proxy answers no query: call the server-side caller');
  },
  queryClient: () => new QueryClient(),
});
export { keys as adminQueryKeys };

export interface PrefetchQuery {
  /** Puts the answer in `queryClient` under the browser's key; a failure leaves it out (prefetchQuery's rule). */
  prefetch: (queryClient: QueryClient) => Promise<void>;
}

/** The answer through JSON as over HTTP (dates as strings, no undefined fields). */
const asOverHttp = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/**
 * One query for <Prefetch>: `adminQuery(adminQueryKeys.apiKey.list, api.apiKey.list, { questionnaireId })`.
 * The answer goes through JSON as over HTTP, so the browser's cache holds exactly what its own request would
 * have. `then` (optional) names the queries the answer decides, for a page that renders parts of itself only
 * once it has the answer; they are fetched after it, and not at all when it failed.
 */
export function adminQuery<TInput, TOutput>(
  key: { queryKey: (input: TInput) => QueryKey },
  call: (input: TInput) => Promise<TOutput>,
  input: TInput,
  then?: (answer: TOutput) => PrefetchQuery[],
): PrefetchQuery {
  return {
    prefetch: async (queryClient) => {
      let answered: { value: TOutput } | undefined;
      await queryClient.prefetchQuery({
        queryKey: key.queryKey(input),
        queryFn: async () => {
          answered = { value: await call(input) };
          return asOverHttp(answered.value) ?? null;
        },
      });
      if (answered && then) await prefetchAll(queryClient, then(answered.value));
    },
  };
}

/** The same for a procedure without input: `adminQueryWithoutInput(adminQueryKeys.account.security, api.account.security)`. */
export function adminQueryWithoutInput(
  key: { queryKey: () => QueryKey },
  call: () => Promise<unknown>,
): PrefetchQuery {
  return adminQuery(key, () => call(), undefined);
}

/**
 * The first page of a list the browser reads with useInfiniteQuery (`infiniteQueryOptions(input)`):
 * `adminInfiniteQuery(adminQueryKeys.webhook.deliveries, api.webhook.deliveries, input)`. Stored as
 * useInfiniteQuery stores it ({ pages, pageParams }), the first page's parameter left undefined as the
 * browser leaves it (no cursor), so the browser's refetches of it ask for the same page.
 */
export function adminInfiniteQuery<TInput>(
  key: { infiniteQueryKey: (input: TInput) => QueryKey },
  call: (input: TInput) => Promise<unknown>,
  input: TInput,
): PrefetchQuery {
  return {
    prefetch: (queryClient) =>
      queryClient.prefetchInfiniteQuery({
        queryKey: key.infiniteQueryKey(input),
        queryFn: async () => asOverHttp(await call(input)) ?? null,
        initialPageParam: undefined,
      }),
  };
}

const prefetchAll = (queryClient: QueryClient, queries: PrefetchQuery[]) =>
  Promise.all(queries.map((query) => query.prefetch(queryClient)));

/**
 * Fetches `queries` in parallel, then renders `children` with their answers in the browser's query cache.
 * Until then the page streams `fallback` (what the page itself shows while its data loads): the browser
 * fetches the scripts while the server fetches the data.
 */
export function Prefetch({
  queries,
  fallback,
  children,
}: {
  queries: PrefetchQuery[];
  fallback: ReactNode;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <Prefetched queries={queries}>{children}</Prefetched>
    </Suspense>
  );
}

async function Prefetched({ queries, children }: { queries: PrefetchQuery[]; children: ReactNode }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: QUERY_STALE_MS, retry: false } },
  });
  await prefetchAll(queryClient, queries);
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}

/**
 * A page's search parameters (Next.js's `searchParams`) as the browser's useSearchParams() reads them, for a
 * list whose query comes from the address: the same reader then gives the server the browser's input.
 */
export function addressParams(searchParams: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(searchParams))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      params.append(name, one);
  return params;
}

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The Admin's time zone as the browser last told it (query-defaults.ts), or UTC before it has. */
export async function timeZoneHint(): Promise<string> {
  const zone = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  return zone && zone.length <= 64 && isTimeZone(zone) ? zone : 'UTC';
}
