// The one way this service sends HTTP to a customer: to an address checked by the SSRF guard and pinned for
// the connection, with an overall deadline, no redirects followed, and only the first bytes of the answer kept.
import http from 'node:http';
import https from 'node:https';
import { resolveWebhookTarget, type ResolvedTarget, type UrlPolicy, UnsafeUrlError } from './ssrf-guard';
import { agentFor, pinnedLookup } from './agent-pool';

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
  let sent = await send(request, target, agentFor(target), request.timeoutMs);
  // A pooled socket the receiver closed just as we reused it: nothing was answered, so send once more on a
  // fresh connection within what is left of the deadline (receivers de-duplicate by webhook-id anyway).
  if (sent.staleSocket) sent = await send(request, target, false, Math.max(1, request.timeoutMs - elapsed()));
  return { statusCode: sent.statusCode, durationMs: elapsed(), snippet: sent.snippet, error: sent.error };
}

interface Sent extends Omit<OutboundResult, 'durationMs'> {
  /** The request failed on a reused keep-alive socket before any response. */
  staleSocket: boolean;
}

/** One request on the agent's (pinned) connections, or on a fresh pinned connection when `agent` is false. */
function send(
  request: OutboundRequest,
  { url, address, family }: ResolvedTarget,
  agent: http.Agent | false,
  remainingMs: number,
): Promise<Sent> {
  const transport = url.protocol === 'https:' ? https : http;
  const body = Buffer.from(request.body, 'utf8');
  const limit = request.maxResponseBytes ?? RESPONSE_SNIPPET_BYTES;

  return new Promise<Sent>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let kept = 0;
    /** `reusable`: the response was read to its end, so the connection can serve the next request. */
    const finish = (error: string | null, reusable = false, staleSocket = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // PostgreSQL text cannot hold NUL characters; a binary answer is kept readable without them.
      const snippet = Buffer.concat(chunks).subarray(0, limit).toString('utf8').replace(/\0/g, '');
      resolve({ statusCode, snippet: statusCode === null ? null : snippet, error, staleSocket });
      if (!reusable) req.destroy();
    };
    const timer = setTimeout(
      () =>
        finish(
          `Timed out after ${request.timeoutMs} ms${statusCode === null ? ' waiting for a response' : ''}`,
        ),
      remainingMs,
    );
    const req = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(body.length) },
        lookup: pinnedLookup(address, family),
        // Kept-alive sockets are safe to reuse: the agent is pinned to this same checked address (agent-pool).
        agent,
      },
      (res) => {
        statusCode = res.statusCode ?? null;
        res.on('data', (chunk: Buffer) => {
          if (kept < limit) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          // Enough of the body: the status decides the outcome, the rest is not needed.
          if (kept >= limit) finish(null);
        });
        res.on('end', () => finish(null, true));
        res.on('error', () => finish(null));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const stale = statusCode === null && req.reusedSocket && STALE_SOCKET_CODES.has(error.code ?? '');
      finish(statusCode === null ? describeConnectionError(error, url) : null, false, stale);
    });
    req.end(body);
  });
}

const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);

function describeConnectionError(error: NodeJS.ErrnoException, url: URL): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `Connection refused by ${url.host}`;
    case 'ECONNRESET':
      return `Connection reset by ${url.host}`;
    case 'ETIMEDOUT':
      return `Connection to ${url.host} timed out`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${url.host} is unreachable`;
    default:
      return error.code ? `${error.code}: ${error.message}` : error.message;
  }
}
