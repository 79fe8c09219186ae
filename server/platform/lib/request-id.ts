// Request ids: every HTTP answer carries X-Request-Id, and the id of a result-ingestion request follows the
// result into its webhook deliveries. A well-formed incoming id (from a load balancer or the caller) is kept so
// one id can be followed across systems; anything else is replaced, so a log line never carries a caller's
// arbitrary text.
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** 1–128 characters of letters, digits and `-_.:`; what load balancers and tracing systems send. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

export function isWellFormedRequestId(value: string | null | undefined): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

function newRequestId(): string {
  return randomUUID();
}

/** The incoming X-Request-Id when it is well formed, otherwise a new one. */
export function requestIdFrom(headers: Pick<Headers, 'get'>): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return isWellFormedRequestId(incoming) ? incoming : newRequestId();
}
