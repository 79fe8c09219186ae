// What every log line of one HTTP request shares (its id, route template and API key id), carried through
// the async calls of the request so services log with the request's id without passing it around.
import type { Span } from '@opentelemetry/api';
import { currentRequestScope, withinRequestScope } from '@/server/platform/request-scope';

export interface RequestContext {
  requestId: string;
  /** The route template, e.g. "POST /questionnaire/v1/participant/{participant_id}"; set once matched. */
  route?: string;
  /** The id of the API key that made the request (never the key itself). */
  keyId?: string;
  /**
   * Set by the HTTP server's own observer (observeServerRequests): it writes the request's one access line,
   * so route handlers inside only name the route.
   */
  observedByServer?: boolean;
  /** The request's OpenTelemetry span while tracing is on (tracing.ts): the parent of its other spans. */
  span?: Span;
}

// Kept in the request's scope (server/platform/request-scope.ts), one per process: the logger (created once)
// must find the context whichever module copy the route handler used.
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return withinRequestScope({ context }, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return currentRequestScope()?.context;
}

/** Records facts learnt while handling the request (matched route, key id) for its access log line. */
export function annotateRequest(facts: Partial<Omit<RequestContext, 'requestId'>>): void {
  const context = currentRequestContext();
  if (context) Object.assign(context, facts);
}
