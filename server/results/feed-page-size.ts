// The size limit of a results feed page (GET /v1/results), apart from how a page is cut to it
// (result-feed-budget.ts), so that the docs pages and the OpenAPI descriptions can state it without the database.
/**
 * The most bytes of a page's JSON body, whatever `limit` asks for. A page always holds its first result, so a
 * reader moves on even past a result larger than this (the publishing limits keep results far smaller).
 */
export const FEED_PAGE_BYTES = 1024 * 1024;
/** FEED_PAGE_BYTES for people: "1 MiB (1,048,576 bytes)". */
export const FEED_PAGE_SIZE_TEXT = `1 MiB (${FEED_PAGE_BYTES.toLocaleString('en-US')} bytes)`;
