// The REST door's route handler (the App Router route under /questionnaire; `npm start` serves the same through
// fast-door.ts): the public router's procedures, reached through trpc-to-openapi's route matching and wrapped so that every
// response has the spec's exact shape. Before tRPC sees a request the wrapper answers unknown paths (404),
// wrong methods (405), keys over their rate limit and addresses sending too many unknown keys (429), non-JSON
// bodies (415), bodies over 64 KiB (413) and unparsable JSON (400), and replays stored responses for a
// repeated Idempotency-Key; afterwards it rebuilds every error from the TRPCError the procedure failed with
// and sets 201/204 where the spec says so.
// The core speaks RestRequest/RestAnswer (exchange.ts): createRestHandler wraps it for fetch (the App Router
// route), createFastRestDoor (fast-door.ts) for node:http (the fast door of `npm start`); both call the
// procedures the same way (procedure-caller.ts).
import { env } from '@/server/platform/env';
import { restRouter } from '@/server/doors/rest/router';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { readBodyWithin } from '@/server/platform/lib/body-limit';
import { clientAddress } from '@/server/platform/lib/client-address';
import { logUnexpected } from '@/server/platform/lib/log-unexpected';
import { observeRequest } from '@/server/platform/observability/observe-request';
import { annotateRequest } from '@/server/platform/observability/request-context';
import { lookUpApiKey } from '../../api-keys/rest-procedures';
import { describeFailure, errorAnswer } from './errors';
import { answerToResponse, splitTarget, targetOf, type RestAnswer, type RestRequest } from './exchange';
import {
  claimIdempotentRequest,
  DEFAULT_IDEMPOTENCY_WAIT_MS,
  releaseIdempotentRequest,
  settleIdempotentRequest,
} from './idempotent-request';
import { answerByProcedure } from './procedure-answer';
import { createProcedureCaller } from './procedure-caller';
import { createRateLimitGate } from './rate-limit-gate';
import { createUnknownKeyLimiter } from '../../api-keys/unknown-key-limit';
import { readRestBody } from './request-body';
import { outsideRequestDeadline, withRequestDeadline } from '@/server/platform/db/request-deadline';
import { errorStyleOf, matchRoute, restRoutes, REST_BASE_PATH, type RestRoute } from './routes';
import { DOOR_MESSAGES, REST_MESSAGES } from '../../rest-contract/messages';

const API_KEY_COLLECTION = /^\/v1\/tenants\/[^/]+\/questionnaires\/[^/]+\/apikeys\/*$/i;

export interface RestHandlerOptions {
  /** The database, or a function that opens it on first use (so importing the route opens nothing). */
  db: PrismaClient | (() => PrismaClient);
  /** Requests per minute of a key without its own limit; default API_RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute?: number;
  /** Requests per minute per client address with keys that are no live key; API_UNKNOWN_KEY_LIMIT_PER_MINUTE. */
  unknownKeyLimitPerMinute?: number;
  /** How long a request waits for another one running with the same Idempotency-Key before a 409. */
  idempotencyWaitMs?: number;
  /** The request's deadline and one statement's limit; default REQUEST_DEADLINE_MS, DATABASE_STATEMENT_TIMEOUT_MS. */
  deadline?: { deadlineMs: number; statementTimeoutMs: number };
}

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

/**
 * The REST door on RestRequest/RestAnswer, whichever door the request came in by: the route, then the rate
 * limit, the body, the Idempotency-Key and the procedure, each answering for itself when it refuses.
 */
export function createRestCore(options: RestHandlerOptions): RestCore {
  const callProcedure = createProcedureCaller(restRouter);
  const routes = restRoutes(restRouter);
  const database = () => (typeof options.db === 'function' ? options.db() : options.db);
  const takeToken = createRateLimitGate(() => options.rateLimitPerMinute ?? env.API_RATE_LIMIT_PER_MINUTE);
  const unknownKeys = createUnknownKeyLimiter(
    () => options.unknownKeyLimitPerMinute ?? env.API_UNKNOWN_KEY_LIMIT_PER_MINUTE,
  );
  const idempotencyWaitMs = options.idempotencyWaitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS;
  const deadline = options.deadline ?? {
    deadlineMs: env.REQUEST_DEADLINE_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  };

  async function handle(req: RestRequest): Promise<RestAnswer> {
    const { path: fullPath, query } = splitTarget(req.target);
    const path = restPath(fullPath);
    const method = req.method.toUpperCase();
    const match = routeOrRefusal(routes, method, path);
    if ('answer' in match) return match.answer;
    const { route } = match;
    annotateRequest({ route: `${REST_BASE_PATH}${route.path}` });
    const db = database();

    // Every request of a live key takes a token of its tree's bucket, whatever it asks for; unknown keys get
    // their 401 from the procedure (with the endpoint's own wording), or a 429 when their address sent too many.
    const apiKey = await lookUpApiKey(
      db,
      req.headers.get('authorization'),
      unknownKeys.budgetFor(clientAddress(req.headers)),
    );
    let limitHeaders: Record<string, string> = {};
    let rateLimitPerMinute: number | undefined;
    if (apiKey) {
      annotateRequest({ keyId: apiKey.id });
      const limit = await takeToken(db, apiKey.rateLimit, route.style);
      if (limit.refusal) return limit.refusal;
      limitHeaders = limit.headers;
      rateLimitPerMinute = limit.perMinute;
    }
    const withLimits = (answer: RestAnswer): RestAnswer => ({
      ...answer,
      headers: { ...answer.headers, ...limitHeaders },
    });

    const body = await readRestBody(req, method, route);
    if (body.kind === 'failure') return withLimits(body.answer);

    const claim = await claimIdempotentRequest(db, {
      idempotencyKey: req.headers.get('idempotency-key'),
      apiKeyId: apiKey?.id,
      route,
      method,
      path,
      body,
      waitMs: idempotencyWaitMs,
    });
    if (claim.kind === 'answered') return withLimits(claim.answer);
    const claimed = claim.kind === 'claimed' ? claim.ref : null;

    let answer: RestAnswer;
    try {
      answer = await answerByProcedure(callProcedure, db, {
        req,
        target: { path, query },
        method,
        route,
        body,
        apiKey,
        rateLimitPerMinute,
        idempotency: claimed,
      });
    } catch (error) {
      if (claimed) await outsideRequestDeadline(() => releaseIdempotentRequest(db, claimed));
      throw error;
    }
    if (claimed) await outsideRequestDeadline(() => settleIdempotentRequest(db, claimed, answer));
    return withLimits(answer);
  }

  return (req) =>
    observeRequest(`${REST_BASE_PATH}/*`, req.method, req.headers, async (requestId) => {
      let answer: RestAnswer;
      try {
        // Its database work rolls back rather than commit past the deadline (server/platform/db/request-deadline.ts).
        answer = await withRequestDeadline(deadline, () => handle(req));
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

/** The route the request asks for, or the answer for a path or method the REST API does not have. */
function routeOrRefusal(
  routes: RestRoute[],
  method: string,
  path: string,
): { route: RestRoute } | { answer: RestAnswer } {
  // DELETE …/apikeys/ with the key left out: the spec's 400, not a 405 for the collection.
  if (method === 'DELETE' && API_KEY_COLLECTION.test(path))
    return { answer: errorAnswer('apikey', { status: 400, message: REST_MESSAGES.apiKeyValueRequired }) };
  const match = matchRoute(routes, method, path);
  // Every answer on an API-key path, even one the door gives before it knows the operation, is `{error}`.
  if (match.kind === 'not-found')
    return {
      answer: errorAnswer(errorStyleOf(path), { status: 404, message: DOOR_MESSAGES.endpointNotFound }),
    };
  if (match.kind === 'method-not-allowed')
    return {
      answer: errorAnswer(match.style, {
        status: 405,
        message: DOOR_MESSAGES.methodNotAllowed(method, match.allowed),
        headers: { Allow: match.allowed.join(', ') },
      }),
    };
  return { route: match.route };
}

/** The path below REST_BASE_PATH, e.g. /v1/participant. */
const restPath = (pathname: string) =>
  pathname.startsWith(`${REST_BASE_PATH}/`) ? pathname.slice(REST_BASE_PATH.length) : pathname;
