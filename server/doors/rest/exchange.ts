// A REST request and its answer as the REST door's core (handler.ts) sees them, whichever way they came in: a
// fetch Request from Next.js's App Router route, or a node:http request on the fast door of `npm start`. The
// fast door answers thousands of requests a second; building a fetch Request, its Headers, an AbortSignal and
// a Response for each of them cost more CPU than the database write of a creation.

/** A header's value by name (several of one name joined with ", ", as fetch's Headers.get does), or null. */
type RequestHeaders = Pick<Headers, 'get'>;

/** What the core reads of a request. */
export interface RestRequest {
  /** As sent; the core upper-cases it. */
  method: string;
  /** The path and query, e.g. /questionnaire/v1/participant?x=1. */
  target: string;
  /** Its headers, as far as the core reads them (a fetch Request's own Headers will do). */
  headers: RequestHeaders;
  /** The body's bytes, or null once there are (or are declared to be) more than `limit` of them. */
  body: (limit: number) => Promise<Uint8Array | null>;
}

/** What the core answers: the status, the headers and the body text (null: none). */
export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export const jsonAnswer = (
  status: number,
  body: string,
  headers: Record<string, string> = {},
): RestAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json', ...headers },
  body,
});

export const answerToResponse = (answer: RestAnswer): Response =>
  new Response(answer.body, { status: answer.status, headers: answer.headers });

/** The path and query of a URL, e.g. of a fetch Request's absolute url. */
export function targetOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** A request target's path and its query ("" or "?…"). */
export function splitTarget(target: string): { path: string; query: string } {
  const query = target.indexOf('?');
  return query < 0
    ? { path: target, query: '' }
    : { path: target.slice(0, query), query: target.slice(query) };
}
