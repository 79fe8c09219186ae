// Wraps a route handler so that every answer carries X-Request-Id, every request writes one access log line
// (request id, route template, method, status, duration, API key id) and is counted in the duration
// histogram. The handler may name the route template and key it matched (annotateRequest).
import { REQUEST_ID_HEADER, requestIdFrom } from '@/server/lib/request-id';
import { logger } from './logger';
import { metrics } from './metrics';
import { runInRequestContext, type RequestContext } from './request-context';

type Handler<A extends unknown[]> = (req: Request, ...rest: A) => Promise<Response>;

/** `route` is the template logged until the handler names a more precise one, e.g. "/api/metrics". */
export function observeRequests<A extends unknown[]>(route: string, handler: Handler<A>): Handler<A> {
  return (req, ...rest) =>
    observeRequest(route, req.method, req.headers, async (requestId) => {
      // Code further in reads the same id from the request (e.g. to store it with what the request queued).
      if (req.headers.get(REQUEST_ID_HEADER) !== requestId) {
        try {
          req.headers.set(REQUEST_ID_HEADER, requestId);
        } catch {
          // Immutable headers: the context still carries the id.
        }
      }
      return withRequestId(await handler(req, ...rest), requestId);
    });
}

/**
 * Runs `work` for one request in its request context (the incoming X-Request-Id when well formed, else a new
 * one), then writes its access line and histogram sample with the status it answered (500 when it threw).
 * For doors that do not speak fetch (the fast REST door); the answer's X-Request-Id is theirs to set.
 */
export function observeRequest<T extends { status: number }>(
  route: string,
  method: string,
  headers: Pick<Headers, 'get'>,
  work: (requestId: string) => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const requestId = requestIdFrom(headers);
  const context: RequestContext = { requestId, route };
  return runInRequestContext(context, async () => {
    let answer: T;
    try {
      answer = await work(requestId);
    } catch (error) {
      observe(context, method, 500, started);
      throw error;
    }
    observe(context, method, answer.status, started);
    return answer;
  });
}

function observe(context: RequestContext, method: string, status: number, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const route = context.route ?? 'unknown';
  metrics.httpRequestDuration.observe({ route, method, status: String(status) }, seconds);
  const level = status >= 500 ? 'error' : 'info';
  logger[level]({ method, status, durationMs: Math.round(seconds * 10_000) / 10 }, 'request');
}

/** The response with X-Request-Id set (copied when its headers are immutable, e.g. a redirect). */
export function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}
