// What every log line of one HTTP request shares (its id, route template and API key id), carried through
// the async calls of the request so services log with the request's id without passing it around.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Span } from '@opentelemetry/api';
import { processSingleton } from '@/server/platform/process-registry';

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

// One per process: the logger (created once) must find the context whichever module copy the route handler used.
const storage = processSingleton('requestContext', () => new AsyncLocalStorage<RequestContext>());

export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Records facts learnt while handling the request (matched route, key id) for its access log line. */
export function annotateRequest(facts: Partial<Omit<RequestContext, 'requestId'>>): void {
  const context = storage.getStore();
  if (context) Object.assign(context, facts);
}
