// The fast REST door: `npm start` answers /questionnaire/v1/… from its own node:http server, before Next.js's
// router, with the same fetch handler the App Router route (app/questionnaire/v1/[...path]/route.ts) uses. Next's
// per-request path (routing, the route module, its request and response wrappers) costs more CPU than the
// whole database write of a creation; the procedures behind both doors are the same tRPC procedures.
//
// What Next.js adds to the route's answers, this door adds too: the response headers of next.config.js
// (security headers, HSTS), applied from the config object itself so both doors read one list. Paths that Next
// would rewrite before routing (a trailing slash, "." segments, percent-encoding) and the other routes under
// /questionnaire/v1 (openapi.json, docs) are left to Next, so both doors always give the same answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextConfig } from 'next';
import { bodiesReadAhead } from '@/server/lib/body-limit';
import { MAX_JSON_BODY_BYTES } from '@/server/lib/json-body';
import { describeFailure, errorResponse } from './errors';

export type FetchHandler = (req: Request) => Promise<Response>;

/** A `headers()` rule of next.config.js, as far as this door uses it. */
export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
  has?: { type: string; key: string; value?: string }[];
}

const FAST_PREFIX = '/questionnaire/v1/';
/** Plain path segments only: anything else (dots, "%", empty segments, a trailing slash) goes to Next. */
const PLAIN_SEGMENTS = /^[A-Za-z0-9_~-]+(?:\/[A-Za-z0-9_~-]+)*$/;
const OTHER_ROUTES = /^docs(?:\/|$)/;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
/** The requests are parsed against a fixed origin: nothing in the REST door reads the host. */
const ORIGIN = 'http://localhost';

/** True when the fast door answers this request (method and raw request target). */
export function servedByFastDoor(method: string | undefined, target: string | undefined): boolean {
  if (!method || !target || !METHODS.has(method) || !target.startsWith(FAST_PREFIX)) return false;
  const query = target.indexOf('?');
  const rest = target.slice(FAST_PREFIX.length, query < 0 ? undefined : query);
  return PLAIN_SEGMENTS.test(rest) && !OTHER_ROUTES.test(rest);
}

/** The `headers()` rules of next.config.js itself, so that both doors read one list. */
export async function loadNextHeaderRules(): Promise<HeaderRule[]> {
  const configUrl = new URL('../../next.config.js', import.meta.url).href;
  const config = ((await import(configUrl)) as { default: NextConfig }).default;
  return ((await config.headers?.()) ?? []) as HeaderRule[];
}

/** The header rules next.config.js would apply to a path under /questionnaire/v1 (all of ours are "/:path*"). */
export function configHeadersFor(rules: HeaderRule[], req: IncomingMessage): [string, string][] {
  const headers: [string, string][] = [];
  for (const rule of rules) {
    if (rule.source !== '/:path*') continue;
    const applies = (rule.has ?? []).every((condition) => {
      if (condition.type !== 'header') return false;
      const value = req.headers[condition.key.toLowerCase()];
      return typeof value === 'string' && (condition.value === undefined || value === condition.value);
    });
    if (applies) for (const { key, value } of rule.headers) headers.push([key, value]);
  }
  return headers;
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

/** The request as the fetch handler takes it; the bytes already read are handed over beside it, not streamed. */
function toFetchRequest(req: IncomingMessage, body: Buffer | null): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const request = new Request(`${ORIGIN}${req.url}`, { method: req.method, headers });
  if (body && body.length) bodiesReadAhead.set(request, body);
  return request;
}

export function createFastRestDoor(options: { handler: FetchHandler; headerRules: HeaderRule[] }) {
  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let response: Response;
    let cut = false;
    try {
      const body = METHODS_WITH_BODY.has(req.method!) ? await readBody(req) : null;
      cut = body?.cut ?? false;
      response = await options.handler(toFetchRequest(req, body?.bytes ?? null));
    } catch (error) {
      // The handler answers every failure itself; this is a broken connection or an unreadable request.
      response = errorResponse('participant', describeFailure(error));
    }
    const text = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    if (res.destroyed) return;
    for (const [name, value] of configHeadersFor(options.headerRules, req)) res.setHeader(name, value);
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.statusCode = response.status;
    // The unread rest of a refused body is not drained: the connection ends with this answer.
    if (cut) res.setHeader('Connection', 'close');
    res.end(text);
  };
}
