// The REST door: the public router served by trpc-to-openapi under /questionnaire, wrapped so that every
// response has the spec's exact shape. Before tRPC sees a request the wrapper answers unknown paths (404),
// wrong methods (405), keys over their rate limit (429), non-JSON bodies (415), bodies over 64 KiB (413) and
// unparsable JSON (400), and replays stored responses for a repeated Idempotency-Key; afterwards it rebuilds
// every error from the TRPCError the procedure failed with and sets 201/204 where the spec says so.
// The core speaks RestRequest/RestAnswer (exchange.ts): createRestHandler wraps it for fetch (the App Router
// route), createFastRestDoor (fast-door.ts) for node:http (the fast door of `npm start`); both call the
// procedures the same way (procedure-caller.ts).
import { normalizePath } from './openapi-adapter';
import { env } from '@/server/env';
import { AppError } from '@/server/lib/errors';
import { restRouter } from '@/server/api/routers/rest';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import {
  beginIdempotentRequest,
  completeIdempotentRequest,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  idempotencyRequestHash,
  releaseIdempotencyKey,
  type IdempotencyRef,
  type IdempotencyStart,
} from '@/server/services/idempotency';
import { rateLimitExceeded, rateLimitHeaders } from '@/server/services/rate-limits';
import { createRateLimitLeases } from '@/server/services/rate-limit-lease';
import { lookUpApiKey } from './auth';
import { createRestContext, type RestRequestFacts } from './context';
import { DOOR_MESSAGES, IDEMPOTENT_OPERATIONS, operationKey } from './error-catalogue';
import { describeFailure, errorAnswer } from './errors';
import {
  answerToResponse,
  jsonAnswer,
  splitTarget,
  targetOf,
  type RestAnswer,
  type RestRequest,
} from './exchange';
import { createProcedureCaller } from './procedure-caller';
import { errorStyleOf, matchRoute, restRoutes, REST_BASE_PATH, type RestRoute } from './routes';
import { REST_MESSAGES } from './schemas';
import { parseJsonBody } from '@/server/lib/json-body';
import { readBodyWithin } from '@/server/lib/body-limit';
import { logUnexpected } from '@/server/lib/log-unexpected';
import { metrics } from '@/server/observability/metrics';
import { observeRequest } from '@/server/observability/observe-request';
import { annotateRequest } from '@/server/observability/request-context';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const API_KEY_COLLECTION = /^\/v1\/tenants\/[^/]+\/questionnaires\/[^/]+\/apikeys\/*$/i;

export interface RestHandlerOptions {
  /** The database, or a function that opens it on first use (so importing the route opens nothing). */
  db: PrismaClient | (() => PrismaClient);
  /** Requests per minute of a key without its own limit; default API_RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute?: number;
  /** How long a request waits for another one running with the same Idempotency-Key before a 409. */
  idempotencyWaitMs?: number;
}

const IDEMPOTENCY_POLL_MS = 50;
const DEFAULT_IDEMPOTENCY_WAIT_MS = 5_000;

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'failure'; answer: RestAnswer };

export type RestCore = (req: RestRequest) => Promise<RestAnswer>;

/** The REST door for fetch: the App Router route (which hosts running only `next start` use). */
export function createRestHandler(options: RestHandlerOptions): (req: Request) => Promise<Response> {
  const core = createRestCore(options);
  return async (req) =>
    answerToResponse(
      await core({
        method: req.method,
        target: targetOf(req.url),
        headers: req.headers,
        body: (limit) => readBodyWithin(req, limit),
      }),
    );
}

/** The REST door on RestRequest/RestAnswer, whichever door the request came in by. */
export function createRestCore(options: RestHandlerOptions): RestCore {
  const callProcedure = createProcedureCaller(restRouter);
  const routes = restRoutes(restRouter);
  const database = () => (typeof options.db === 'function' ? options.db() : options.db);
  const defaultLimit = () => options.rateLimitPerMinute ?? env.API_RATE_LIMIT_PER_MINUTE;
  const idempotencyWaitMs = options.idempotencyWaitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS;
  // This handler's (this instance's) leases on the shared rate-limit buckets.
  const rateLimits = createRateLimitLeases();

  async function handle(req: RestRequest): Promise<RestAnswer> {
    const { path: fullPath, query } = splitTarget(req.target);
    const path = restPath(fullPath);
    const method = req.method.toUpperCase();
    // DELETE …/apikeys/ with the key left out: the spec's 400, not a 405 for the collection.
    if (method === 'DELETE' && API_KEY_COLLECTION.test(path))
      return errorAnswer('apikey', { status: 400, message: REST_MESSAGES.apiKeyValueRequired });
    const match = matchRoute(routes, method, path);
    // Every answer on an API-key path, even one the door gives before it knows the operation, is `{error}`.
    if (match.kind === 'not-found')
      return errorAnswer(errorStyleOf(path), { status: 404, message: DOOR_MESSAGES.endpointNotFound });
    if (match.kind === 'method-not-allowed') {
      return errorAnswer(match.style, {
        status: 405,
        message: DOOR_MESSAGES.methodNotAllowed(method, match.allowed),
        headers: { Allow: match.allowed.join(', ') },
      });
    }
    const { route } = match;
    annotateRequest({ route: `${REST_BASE_PATH}${route.path}` });
    const db = database();

    // Every request of a live key takes a token, whatever it asks for; unknown keys get their 401 from the
    // procedure (with the endpoint's own wording).
    const apiKey = await lookUpApiKey(db, req.headers.get('authorization'));
    let limitHeaders: Record<string, string> = {};
    if (apiKey) {
      annotateRequest({ keyId: apiKey.id });
      const decision = await rateLimits.take(db, apiKey.id, apiKey.rateLimitPerMinute ?? defaultLimit());
      limitHeaders = rateLimitHeaders(decision);
      if (!decision.allowed) {
        metrics.rateLimitRefusals.inc();
        const failure = describeFailure(rateLimitExceeded(decision));
        return errorAnswer(route.style, { ...failure, headers: { ...failure.headers, ...limitHeaders } });
      }
    }
    const withLimits = (answer: RestAnswer): RestAnswer => ({
      ...answer,
      headers: { ...answer.headers, ...limitHeaders },
    });

    const body = METHODS_WITH_BODY.has(method) ? await readRestBody(req, route) : { kind: 'none' as const };
    if (body.kind === 'failure') return withLimits(body.answer);

    const idempotencyKey = req.headers.get('idempotency-key');
    let claimed: IdempotencyRef | null = null;
    if (
      idempotencyKey !== null &&
      apiKey &&
      IDEMPOTENT_OPERATIONS.has(operationKey(route.method, route.path))
    ) {
      if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
        return withLimits(
          errorAnswer(route.style, { status: 400, message: IDEMPOTENCY_MESSAGES.invalidKey }),
        );
      const ref = { apiKeyId: apiKey.id, key: idempotencyKey };
      const hash = idempotencyRequestHash(
        method,
        normalizePath(path),
        body.kind === 'json' ? body.value : null,
      );
      const start = await claimIdempotencyKey(db, ref, hash, idempotencyWaitMs);
      if (start.kind === 'replay')
        return withLimits({
          status: start.status,
          headers: {
            ...(start.body ? { 'Content-Type': 'application/json' } : {}),
            'Cache-Control': 'no-store',
            'Idempotent-Replayed': 'true',
          },
          body: start.body || null,
        });
      if (start.kind === 'mismatch')
        return withLimits(errorAnswer(route.style, { status: 400, message: IDEMPOTENCY_MESSAGES.mismatch }));
      if (start.kind === 'in-progress')
        return withLimits(
          errorAnswer(route.style, {
            status: 409,
            message: IDEMPOTENCY_MESSAGES.inProgress,
            headers: { 'Retry-After': '1' },
          }),
        );
      claimed = ref;
    }

    let answer: RestAnswer;
    try {
      answer = await runProcedure(db, req, { path, query }, method, route, body, apiKey, claimed);
    } catch (error) {
      if (claimed) await releaseIdempotencyKey(db, claimed).catch(() => undefined);
      throw error;
    }
    if (claimed) {
      if (answer.status >= 500) await releaseIdempotencyKey(db, claimed).catch(() => undefined);
      else await completeIdempotentRequest(db, claimed, { status: answer.status, body: answer.body ?? '' });
    }
    return withLimits(answer);
  }

  /** The request through its procedure, the answer rebuilt in the spec's shape. */
  async function runProcedure(
    db: PrismaClient,
    req: RestRequest,
    /** The path below REST_BASE_PATH and the query. */
    target: { path: string; query: string },
    method: string,
    route: RestRoute,
    body: Exclude<Body, { kind: 'failure' }>,
    apiKey: RestRequestFacts['apiKey'],
    idempotency: IdempotencyRef | null,
  ): Promise<RestAnswer> {
    const facts: RestRequestFacts = {
      bodyIsObject:
        body.kind === 'none' ||
        (typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value)),
      apiKey,
      idempotency,
    };
    const result = await callProcedure({
      method,
      ...target,
      body: body.kind === 'json' ? { value: body.value } : undefined,
      context: createRestContext(db, req.headers, facts),
      route,
    });
    const captured = result.error;

    if (result.status < 400 && !captured) {
      if (route.successStatus === 204)
        return { status: 204, headers: { 'Cache-Control': 'no-store' }, body: null };
      return jsonAnswer(route.successStatus, result.body, { 'Cache-Control': 'no-store' });
    }
    const failure = describeFailure(captured);
    if (failure.status >= 500 && !(captured?.cause instanceof AppError)) logUnexpected(route.path, captured);
    return errorAnswer(route.style, failure);
  }

  return (req) =>
    observeRequest(`${REST_BASE_PATH}/*`, req.method, req.headers, async (requestId) => {
      let answer: RestAnswer;
      try {
        answer = await handle(req);
      } catch (error) {
        // Outside a procedure: the key lookup, the rate limit, the idempotency record. An unreachable
        // database is a 503 the client can retry, like inside one.
        const failure = describeFailure(error);
        if (failure.status === 500) logUnexpected('request', error);
        answer = errorAnswer(errorStyleOf(restPath(splitTarget(req.target).path)), failure);
      }
      answer.headers['X-Request-Id'] = requestId;
      return answer;
    });
}

/**
 * Claims the key, or waits (briefly) while another request holding it runs, then replays its response. Still
 * running after `waitMs`: "in-progress", answered with a 409 the client can retry.
 */
async function claimIdempotencyKey(
  db: PrismaClient,
  ref: IdempotencyRef,
  hash: string,
  waitMs: number,
): Promise<IdempotencyStart> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const start = await beginIdempotentRequest(db, ref, hash);
    if (start.kind !== 'in-progress' || Date.now() >= deadline) return start;
    await new Promise((resolve) => setTimeout(resolve, IDEMPOTENCY_POLL_MS));
  }
}

/** The path below REST_BASE_PATH, e.g. /v1/participant. */
const restPath = (pathname: string) =>
  pathname.startsWith(`${REST_BASE_PATH}/`) ? pathname.slice(REST_BASE_PATH.length) : pathname;

/** The body as the door reads it, or the answer that refuses it (400, 413, 415 in the endpoint's style). */
async function readRestBody(req: RestRequest, route: RestRoute): Promise<Body> {
  let empty = false;
  const readBytes = async (limit: number) => {
    const bytes = await req.body(limit);
    empty = bytes?.length === 0;
    return bytes;
  };
  const read = await parseJsonBody(req.headers.get('content-type'), readBytes, { allowMissingType: true });
  if (read.kind === 'json') return read;
  if (empty && route.optionalBody) return { kind: 'json', value: {} };
  return { kind: 'failure', answer: errorAnswer(route.style, read) };
}
