// The one way this service sends HTTP to a customer: to an address checked by the SSRF guard and pinned for
// the connection, with an overall deadline, no redirects followed, and only the first bytes of the answer kept.
import type { Dispatcher } from 'undici';
import { resolveWebhookTarget, type ResolvedTarget, type UrlPolicy, UnsafeUrlError } from './ssrf-guard';
import { failedOnReusedSocket, freshClientFor, poolFor } from './connection-pools';

const RESPONSE_SNIPPET_BYTES = 1024;

export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** How much of the response body to keep (default: the first 1 KB). */
  maxResponseBytes?: number;
}

export interface OutboundResult {
  /** Null when no response arrived (refused URL, connection error, timeout). */
  statusCode: number | null;
  durationMs: number;
  /** The first bytes of the response body, as text; null when no response arrived. */
  snippet: string | null;
  /** Why no response arrived, or why it could not be read in time. */
  error: string | null;
}

/** POSTs the body and reports what happened; never throws. */
export async function postOutbound(request: OutboundRequest, policy: UrlPolicy): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target;
  try {
    target = await resolveWebhookTarget(request.url, policy);
  } catch (error) {
    const message = error instanceof UnsafeUrlError ? error.message : String(error);
    return { statusCode: null, durationMs: elapsed(), snippet: null, error: `Refused: ${message}` };
  }
  let sent = await send(request, target, poolFor(target), request.timeoutMs);
  // A pooled socket the receiver closed just as we reused it: nothing was answered, so send once more on a
  // fresh connection within what is left of the deadline (receivers de-duplicate by webhook-id anyway).
  if (sent.staleSocket) {
    const fresh = freshClientFor(target);
    sent = await send(request, target, fresh, Math.max(1, request.timeoutMs - elapsed()));
    fresh.close().catch(() => undefined); // after its one request
  }
  return { statusCode: sent.statusCode, durationMs: elapsed(), snippet: sent.snippet, error: sent.error };
}

interface Sent extends Omit<OutboundResult, 'durationMs'> {
  /** The request failed on a reused keep-alive socket before any response. */
  staleSocket: boolean;
}

/** Ends a request whose answer is not read to its end; undici then closes its connection. */
const NOT_READ_TO_THE_END = new Error('the answer was not read to its end');

/** One request on the pool's (pinned) connections, or on a fresh pinned connection (`freshClientFor`). */
function send(
  request: OutboundRequest,
  { url }: ResolvedTarget,
  dispatcher: Dispatcher,
  remainingMs: number,
): Promise<Sent> {
  const limit = request.maxResponseBytes ?? RESPONSE_SNIPPET_BYTES;

  return new Promise<Sent>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let kept = 0;
    let controller: Dispatcher.DispatchController | undefined;
    /** `reusable`: the response was read to its end, so the connection can serve the next request. */
    const finish = (error: string | null, reusable = false, staleSocket = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // PostgreSQL text cannot hold NUL characters; a binary answer is kept readable without them.
      const snippet = Buffer.concat(chunks).subarray(0, limit).toString('utf8').replace(/\0/g, '');
      resolve({ statusCode, snippet: statusCode === null ? null : snippet, error, staleSocket });
      if (!reusable) controller?.abort(NOT_READ_TO_THE_END);
    };
    const timer = setTimeout(
      () =>
        finish(
          `Timed out after ${request.timeoutMs} ms${statusCode === null ? ' waiting for a response' : ''}`,
        ),
      remainingMs,
    );
    // dispatch, not request(): the handler reads the answer's first bytes itself, without a stream per answer.
    // No redirect is followed (that would take an interceptor).
    dispatcher.dispatch(
      { path: url.pathname + url.search, method: 'POST', headers: request.headers, body: request.body },
      {
        onRequestStart(started) {
          controller = started;
          // The deadline passed while the request waited for a connection: it is not sent.
          if (settled) started.abort(NOT_READ_TO_THE_END);
        },
        onResponseStart(_, status) {
          if (status >= 200) statusCode = status; // not an interim 1xx
        },
        onResponseData(_, chunk) {
          if (kept < limit) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          // Enough of the body: the status decides the outcome, the rest is not needed.
          if (kept >= limit) finish(null);
        },
        onResponseEnd() {
          finish(null, true);
        },
        onResponseError(_, error: NodeJS.ErrnoException) {
          if (statusCode !== null) return finish(null);
          const stale = STALE_SOCKET_CODES.has(error.code ?? '') && failedOnReusedSocket(error);
          finish(describeConnectionError(error, url), false, stale);
        },
      },
    );
  });
}

/** A connection closed under a request: undici's own report of it, or the raw reset. */
const STALE_SOCKET_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

function describeConnectionError(error: NodeJS.ErrnoException, url: URL): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `Connection refused by ${url.host}`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET': // the receiver closed the connection without an answer
      return `Connection reset by ${url.host}`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `Connection to ${url.host} timed out`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${url.host} is unreachable`;
    case 'UND_ERR_INVALID_ARG':
    case 'UND_ERR_NOT_SUPPORTED': // a header HTTP/1.1 clients must not send (config.ts refuses them now)
      return `The request could not be sent: ${error.message}`;
    default:
      return error.code ? `${error.code}: ${error.message}` : error.message;
  }
}
