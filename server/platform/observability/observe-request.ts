// Wraps a route handler, or the whole HTTP server, so that every answer carries X-Request-Id, every request
// writes one access log line (request id, route template, method, status, duration, API key id, and the path
// when the server writes it) and is counted in the duration histogram. The handler may name the route
// template and key it matched (annotateRequest). A path with a secret in it is written as its route pattern
// (path-secrets.ts).
import { REQUEST_ID_HEADER, requestIdFrom } from '@/server/platform/lib/request-id';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { failureFields, logger } from './logger';
import { endHttpSpan, startHttpSpan } from './tracing';
import { metrics } from './metrics';
import { processSingleton } from '@/server/platform/process-registry';
import { currentRequestContext, runInRequestContext, type RequestContext } from './request-context';
import { loggablePath } from './path-secrets';

const TRACEPARENT_HEADER = 'traceparent';

/** One answered request made with an API key, as the key's request log records it. */
export interface KeyedRequest {
  keyId: string;
  at: Date;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
}

// Who is told of each answered API-key request: the key request log registers itself (onKeyedRequest), since
// platform code knows no domain.
const keyedRequestSink = processSingleton('keyedRequestSink', () => ({ value: undefined }));

/** `sink` hears of every request made with an API key once it is answered; undefined stops it. */
export function onKeyedRequest(sink: ((request: KeyedRequest) => void) | undefined): void {
  keyedRequestSink.value = sink;
}

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
  const server = currentRequestContext();
  if (server?.observedByServer) {
    // The HTTP server writes this request's line when the answer is sent: name the route, keep its id.
    server.route = route;
    return work(server.requestId);
  }
  const started = performance.now();
  const requestId = requestIdFrom(headers);
  const context: RequestContext = { requestId, route };
  const span = startHttpSpan(method, () => headers.get(TRACEPARENT_HEADER));
  if (span) context.span = span;
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

function observe(
  context: RequestContext,
  method: string,
  status: number,
  started: number,
  path?: string,
): void {
  const seconds = (performance.now() - started) / 1000;
  const route = context.route ?? 'unknown';
  const durationMs = Math.round(seconds * 10_000) / 10;
  metrics.httpRequestDuration.observe({ route, method, status: String(status) }, seconds);
  endHttpSpan(context.span ?? null, method, route, status, path);
  if (context.keyId)
    keyedRequestSink.value?.({
      keyId: context.keyId,
      at: new Date(),
      method,
      route,
      status,
      durationMs,
      requestId: context.requestId,
    });
  const level = status >= 500 ? 'error' : 'info';
  logger[level]({ method, status, durationMs, path }, 'request');
}

/**
 * The route label of a request no route handler named: Next.js's static files, a page, or a 404. Paths are
 * not labels (a made-up path must not create a metric series); the access line carries the path.
 */
function serverRouteOf(path: string, status: number): string {
  if (path.startsWith('/_next/static/')) return '/_next/static/{file}';
  if (path.startsWith('/_next/')) return '/_next/{internal}';
  return status === 404 ? '{not found}' : '{page}';
}

/**
 * Wraps the HTTP server's request handler (Next.js's, in scripts/start.ts) so that every request it serves
 * (pages, 404s, static files, the OpenAPI document, the route handlers) writes one access line and one
 * histogram sample when its answer is sent, and answers with X-Request-Id. Route handlers inside
 * (observeRequests) name the route and use the same request id instead of writing a line of their own.
 */
export function observeServerRequests(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now();
    const requestId = requestIdFrom({ get: (name) => headerValue(req.headers[name.toLowerCase()]) });
    const context: RequestContext = { requestId, observedByServer: true };
    const span = startHttpSpan(req.method ?? 'GET', () => headerValue(req.headers[TRACEPARENT_HEADER]));
    if (span) context.span = span;
    // A path with a secret in it (a guide link) is logged, traced and labelled as its route pattern.
    const { path, route: secretRoute } = loggablePath((req.url ?? '/').split('?')[0]!);
    let written = false;
    const done = () => {
      if (written) return;
      written = true;
      // Cut off before an answer (the client went away): 499, as proxies log it.
      const status = res.writableFinished || res.headersSent ? res.statusCode : 499;
      context.route ??= secretRoute ?? serverRouteOf(path, status);
      runInRequestContext(context, () => observe(context, req.method ?? 'GET', status, started, path));
    };
    res.once('finish', done);
    res.once('close', done);
    // Everything further in (proxy.ts, the route handlers) reads the id from the request: the same one.
    req.headers[REQUEST_ID_HEADER] = requestId;
    if (!res.headersSent) res.setHeader(REQUEST_ID_HEADER, requestId);
    void runInRequestContext(context, () => handle(req, res)).catch((error: unknown) => {
      logger.error({ ...failureFields(error), path }, 'request handler failed');
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
}

function headerValue(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The response with X-Request-Id set (copied when its headers are immutable, e.g. a redirect). */
function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}
