// The fast REST door: `npm start` answers /questionnaire/v1/… from its own node:http server, before Next.js's
// router, with the same REST core as the App Router route (app/questionnaire/v1/[...path]/route.ts), on the
// node:http request itself: no fetch Request, Headers or Response is built. Next's per-request path (routing,
// the route module, its request and response wrappers) costs more CPU than the whole database write of a
// creation; the procedures behind both doors are the same tRPC procedures.
//
// What Next.js adds to the route's answers, this door adds too: the response headers of next.config.js
// (security headers, HSTS; server/platform/http/header-rules.ts), from the config object itself, and the Vary of every
// App Router answer (NEXT_VARY); e2e/door-compare.spec.ts compares both doors' answers, headers and all.
// Paths that Next would rewrite before routing (a trailing slash, "." segments, percent-encoding) and the other
// routes under /questionnaire/v1 (openapi.json, docs) are left to Next, so both doors give the same answer.
import { isOddRestRequest } from '@/server/doors/odd-requests';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SecurityHeaders } from '@/server/platform/http/header-rules';
import { MAX_JSON_BODY_BYTES } from '@/server/platform/lib/json-body';
import { describeFailure, errorAnswer } from './errors';
import type { RestAnswer, RestRequest } from './exchange';
import type { RestCore } from './handler';

const FAST_PREFIX = '/questionnaire/v1/';
/** Plain path segments only: anything else (dots, "%", empty segments, a trailing slash) goes to Next. */
const PLAIN_SEGMENTS = /^[A-Za-z0-9_~-]+(?:\/[A-Za-z0-9_~-]+)*$/;
const OTHER_ROUTES = /^docs(?:\/|$)/;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const NO_BYTES = new Uint8Array(0);
/**
 * The Vary Next.js gives every App Router answer (its client router's request headers: base-server.js
 * setVaryHeader), and the one its compression adds to a body of a compressible type (every answer with a
 * Content-Type here is JSON), whether or not it compresses it. This door does not compress.
 */
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';
const NEXT_VARY_WITH_BODY = `${NEXT_VARY}, Accept-Encoding`;

/** True when the fast door answers this request (method and raw request target). */
export function servedByFastDoor(method: string | undefined, target: string | undefined): boolean {
  // TRACE, PROPFIND, …: Next.js cannot answer them at all; the REST core answers 405 with Allow, or 404.
  if (isOddRestRequest(method, target)) return true;
  if (!method || !target || !METHODS.has(method) || !target.startsWith(FAST_PREFIX)) return false;
  const query = target.indexOf('?');
  const rest = target.slice(FAST_PREFIX.length, query < 0 ? undefined : query);
  return PLAIN_SEGMENTS.test(rest) && !OTHER_ROUTES.test(rest);
}

/**
 * The body's bytes; once there are more than the JSON limit, only the first limit + 1 of them (the handler then
 * answers 413). A declared length over the limit is not read at all. Reading stops there: the rest is never
 * pulled from the socket, which is closed after the answer (`cut`).
 */
function readBody(req: IncomingMessage): Promise<{ bytes: Buffer | null; cut: boolean }> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_JSON_BODY_BYTES)
    return Promise.resolve({ bytes: null, cut: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_JSON_BODY_BYTES) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.pause();
        resolve({ bytes: Buffer.concat(chunks).subarray(0, MAX_JSON_BODY_BYTES + 1), cut: true });
      }
    };
    const onEnd = () => resolve({ bytes: Buffer.concat(chunks, size), cut: false });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/** A header as fetch's Headers.get reads it: every value sent under the name, joined with ", ". */
function headerOf(req: IncomingMessage, name: string): string | null {
  const values = req.headersDistinct[name];
  return values ? values.join(', ') : null;
}

export function createFastRestDoor(options: { core: RestCore; securityHeaders: SecurityHeaders }) {
  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let answer: RestAnswer;
    let cut = false;
    try {
      const read = METHODS_WITH_BODY.has(req.method!) ? await readBody(req) : null;
      cut = read?.cut ?? false;
      const bytes = read?.bytes ?? null;
      const request: RestRequest = {
        method: req.method!,
        target: req.url!,
        headers: { get: (name) => headerOf(req, name) },
        // The bytes read above: at most the limit + 1 of them, so "too large" is seen as the route sees it.
        body: (limit) => Promise.resolve(cut || (bytes && bytes.length > limit) ? null : (bytes ?? NO_BYTES)),
      };
      answer = await options.core(request);
    } catch (error) {
      // The core answers every failure itself; this is a broken connection or an unreadable request.
      answer = errorAnswer('participant', describeFailure(error));
    }
    if (res.destroyed) return;
    for (const [name, value] of options.securityHeaders(req)) res.setHeader(name, value);
    for (const name in answer.headers) res.setHeader(name, answer.headers[name]!);
    res.setHeader('Vary', answer.headers['Content-Type'] ? NEXT_VARY_WITH_BODY : NEXT_VARY);
    // The unread rest of a refused body is not drained: the connection ends with this answer.
    if (cut) res.setHeader('Connection', 'close');
    res.statusCode = answer.status;
    res.end(answer.body ?? undefined);
  };
}
