// The one way this service sends HTTP to a customer: to an address checked by the SSRF guard and pinned for
// the connection, with an overall deadline, no redirects followed, and only the first bytes of the answer kept.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveWebhookTarget, type UrlPolicy, UnsafeUrlError } from './ssrf-guard';

export const RESPONSE_SNIPPET_BYTES = 1024;

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

/** A lookup that always answers with the address already checked, in whichever form the socket asks for. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    } else {
      callback(null, address, family);
    }
  };
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
  const { url, address, family } = target;
  const transport = url.protocol === 'https:' ? https : http;
  const body = Buffer.from(request.body, 'utf8');
  const limit = request.maxResponseBytes ?? RESPONSE_SNIPPET_BYTES;

  return new Promise<OutboundResult>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let kept = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // PostgreSQL text cannot hold NUL characters; a binary answer is kept readable without them.
      const snippet = Buffer.concat(chunks).subarray(0, limit).toString('utf8').replace(/\0/g, '');
      resolve({ statusCode, durationMs: elapsed(), snippet: statusCode === null ? null : snippet, error });
      req.destroy();
    };
    const timer = setTimeout(
      () =>
        finish(
          `Timed out after ${request.timeoutMs} ms${statusCode === null ? ' waiting for a response' : ''}`,
        ),
      request.timeoutMs,
    );
    const req = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(body.length) },
        lookup: pinnedLookup(address, family),
        // A fresh connection per request: a pooled socket would bypass the pinned address check.
        agent: false,
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
        res.on('end', () => finish(null));
        res.on('error', () => finish(null));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish(statusCode === null ? describeConnectionError(error, url) : null);
    });
    req.end(body);
  });
}

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
