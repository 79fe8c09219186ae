// Each API key's request log and hourly usage, as the Admin app shows them (a key's detail on the API keys
// page): what an Admin needs to debug a customer's integration (their 401s, 400s and 429s) without server
// logs. Kept off the request path: a request only appends to an in-memory batch (observe-request.ts calls
// recordKeyRequest once its answer is known, while gathering is on), and a flusher writes the batch every second with two
// statements (server/api-keys/request-log.ts). Usage is counted for every call; the log itself keeps, per
// key and batch, the first KEPT_FAILURES failed calls and the first KEPT_SUCCESSES successful ones, so a
// key sending thousands of calls a second cannot turn the log into the biggest table (failed calls are the
// ones an Admin looks for; the usage counts say how many calls there were). Only what is safe to keep for a
// week: the route template (never the path's values), no query string, no body, never the key itself.
import { processSingleton } from '@/server/platform/process-registry';
import { onKeyedRequest, type KeyedRequest } from '@/server/platform/observability/observe-request';

declare module '@/server/platform/process-registry' {
  interface ProcessSingletons {
    /** The batch of API-key requests the flusher writes (fast REST door and route handlers fill the same). */
    keyRequestLog: KeyRequestLogState;
  }
}

type KeyRequest = KeyedRequest;

interface KeyUsage {
  keyId: string;
  hour: Date;
  requests: number;
  failed: number;
  rateLimited: number;
}

export interface KeyRequestBatch {
  requests: KeyRequest[];
  usage: KeyUsage[];
}

/** Per key and batch (a second): how many successful and failed calls the log keeps. */
export const KEPT_SUCCESSES = 20;
const KEPT_FAILURES = 200;
const HOUR_MS = 3_600_000;

interface KeyRequestLogState {
  enabled: boolean;
  requests: KeyRequest[];
  kept: Map<string, { successes: number; failures: number }>;
  usage: Map<string, KeyUsage>;
}

// One per process: the fast REST door and the route handlers must fill the one batch the flusher writes.
const state = processSingleton('keyRequestLog', () => ({
  enabled: false,
  requests: [],
  kept: new Map(),
  usage: new Map(),
}));

/** Called by the flusher when it starts (and stops): until then nothing is gathered (tests, CLI). */
export function gatherKeyRequests(on: boolean): void {
  state.enabled = on;
  onKeyedRequest(on ? recordKeyRequest : undefined);
}

/** Notes one answered call of an API key. Cheap: a push and two map updates. */
function recordKeyRequest(request: KeyRequest): void {
  if (!state.enabled) return;
  const failed = request.status >= 400;
  const hour = Math.floor(request.at.getTime() / HOUR_MS) * HOUR_MS;
  const usageKey = `${request.keyId} ${hour}`;
  let usage = state.usage.get(usageKey);
  if (!usage) {
    usage = { keyId: request.keyId, hour: new Date(hour), requests: 0, failed: 0, rateLimited: 0 };
    state.usage.set(usageKey, usage);
  }
  usage.requests++;
  if (failed) usage.failed++;
  if (request.status === 429) usage.rateLimited++;

  let kept = state.kept.get(request.keyId);
  if (!kept) {
    kept = { successes: 0, failures: 0 };
    state.kept.set(request.keyId, kept);
  }
  if (failed ? kept.failures++ < KEPT_FAILURES : kept.successes++ < KEPT_SUCCESSES)
    state.requests.push(request);
}

/** Hands over what was gathered since the last call and starts a new batch. */
export function takeKeyRequestBatch(): KeyRequestBatch {
  const batch = { requests: state.requests, usage: [...state.usage.values()] };
  state.requests = [];
  state.kept = new Map();
  state.usage = new Map();
  return batch;
}
