// What the browser's query cache and the server's prefetch (prefetch.tsx) agree on: an answer the server put
// in the page is as fresh as one the browser fetched itself, so hydration asks for it again only once stale.
export const QUERY_STALE_MS = 10_000;

// The Admin's time zone (the browser's), remembered for the server: figures counted per day (the overview's
// charts) can then be fetched with the page instead of after hydration. Only a hint: the browser still
// asks for its own zone's figures when this is missing or out of date.
export const TIME_ZONE_COOKIE = 'admin_time_zone';
