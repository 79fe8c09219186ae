// The REST endpoints as the fetch wrapper sees them, read from the router's OpenAPI metadata: used to answer
// unknown paths and wrong methods, to pick the error body shape, and to set 201/204 on success.
import {
  getPathRegExp,
  normalizePath,
  openApiProcedures,
  type OpenApiMethod,
  type OpenApiRouter,
} from './openapi-adapter';
import type { ProcedureMeta } from '@/server/platform/trpc';

/** Participant endpoints answer `{error, status, message, timestamp}`; API-key endpoints `{error}`. */
export type ErrorStyle = 'participant' | 'apikey';

export interface RestRoute {
  method: OpenApiMethod;
  /** The tRPC procedure behind it, e.g. participant.createOrRetake. */
  procedurePath: string;
  /** The OpenAPI path, e.g. /v1/participant/{participant_id}. */
  path: string;
  pattern: RegExp;
  successStatus: number;
  /** An empty body reads as `{}` (the body's fields are all optional). */
  optionalBody: boolean;
  style: ErrorStyle;
}

/** Where the REST API is mounted: {base_url} ends in /questionnaire, every path starts with /v1. */
export const REST_BASE_PATH = '/questionnaire';
const API_KEY_PATH_PREFIX = '/v1/tenants/';

/** The error style of a path, normalised as routes are matched (so `/v1/tenants/` and `/v1/tenants` agree). */
export const errorStyleOf = (path: string): ErrorStyle =>
  normalizePath(path).toLowerCase().startsWith(API_KEY_PATH_PREFIX) ? 'apikey' : 'participant';

export function restRoutes(router: OpenApiRouter): RestRoute[] {
  return openApiProcedures<ProcedureMeta>(router).map(({ path: procedurePath, meta }) => {
    const { openapi, successStatus, optionalBody } = meta;
    const path = normalizePath(openapi.path);
    return {
      method: openapi.method,
      procedurePath,
      path,
      pattern: getPathRegExp(path),
      successStatus: successStatus ?? 200,
      optionalBody: optionalBody === true,
      style: errorStyleOf(path),
    };
  });
}

export type RouteMatch =
  | { kind: 'found'; route: RestRoute }
  | { kind: 'method-not-allowed'; allowed: OpenApiMethod[]; style: ErrorStyle }
  | { kind: 'not-found' };

/** Matches the way trpc-to-openapi does (normalised path, case-insensitive), so both always agree. */
export function matchRoute(routes: RestRoute[], method: string, rawPath: string): RouteMatch {
  const path = normalizePath(rawPath);
  const onPath = routes.filter((route) => route.pattern.test(path));
  const route = onPath.find((r) => r.method === method);
  if (route) return { kind: 'found', route };
  if (onPath.length && onPath[0])
    return { kind: 'method-not-allowed', allowed: onPath.map((r) => r.method), style: onPath[0].style };
  return { kind: 'not-found' };
}
