// The REST door's Idempotency-Key: a write sent again with the same key gets the first answer replayed, never
// a second participant, key or test result. The door claims the key before the procedure runs, and afterwards
// stores the answer (or releases the key after a 5xx or a throw, so that the client's retry runs again). An
// answer that held a secret shown once is not replayed: its replays get the error the write stored instead.
// Every POST and PUT honours the key; any other operation refuses it (400), so it is never silently ignored.
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
} from '@/server/api-keys/idempotency';
import { normalizePath } from './openapi-adapter';
import { IDEMPOTENT_OPERATIONS, operationKey } from '../../rest-contract/error-catalogue';
import { errorAnswer } from './errors';
import type { RestAnswer } from './exchange';
import type { RestBody } from './request-body';
import type { RestRoute } from './routes';
import { idempotencyNotSupportedMessage } from '@/server/api-keys/messages';

const IDEMPOTENCY_POLL_MS = 50;
export const DEFAULT_IDEMPOTENCY_WAIT_MS = 5_000;

export type IdempotencyClaim =
  /** No key sent, or no API key (the procedure answers its 401): the request runs as it is. */
  | { kind: 'none' }
  /** The key is this request's: run it, then settleIdempotentRequest. */
  | { kind: 'claimed'; ref: IdempotencyRef }
  /** Answered without running: the stored answer replayed, or a 400 / 409 about the key (or its replay). */
  | { kind: 'answered'; answer: RestAnswer };

/** Claims the request's Idempotency-Key when it has one and the operation takes one. */
export async function claimIdempotentRequest(
  db: PrismaClient,
  request: {
    idempotencyKey: string | null;
    apiKeyId: string | undefined;
    route: RestRoute;
    method: string;
    /** The path below REST_BASE_PATH. */
    path: string;
    body: Exclude<RestBody, { kind: 'failure' }>;
    waitMs: number;
  },
): Promise<IdempotencyClaim> {
  const { idempotencyKey, apiKeyId, route, method } = request;
  if (idempotencyKey === null || !apiKeyId) return { kind: 'none' };
  const operation = operationKey(route.method, route.path);
  if (!IDEMPOTENT_OPERATIONS.has(operation))
    return {
      kind: 'answered',
      answer: errorAnswer(route.style, { status: 400, message: idempotencyNotSupportedMessage(operation) }),
    };
  if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
    return {
      kind: 'answered',
      answer: errorAnswer(route.style, { status: 400, message: IDEMPOTENCY_MESSAGES.invalidKey }),
    };
  const ref = { apiKeyId, key: idempotencyKey };
  const hash = idempotencyRequestHash(
    method,
    normalizePath(request.path),
    request.body.kind === 'json' ? request.body.value : null,
  );
  const start = await claimIdempotencyKey(db, ref, hash, request.waitMs);
  if (start.kind === 'replay')
    return {
      kind: 'answered',
      answer: {
        status: start.status,
        headers: {
          ...(start.body ? { 'Content-Type': 'application/json' } : {}),
          'Cache-Control': 'no-store',
          'Idempotent-Replayed': 'true',
        },
        body: start.body || null,
      },
    };
  if (start.kind === 'refused')
    return {
      kind: 'answered',
      answer: errorAnswer(route.style, {
        status: start.status,
        message: start.message,
        headers: { 'Idempotent-Replayed': 'true' },
      }),
    };
  if (start.kind === 'mismatch')
    return {
      kind: 'answered',
      answer: errorAnswer(route.style, { status: 400, message: IDEMPOTENCY_MESSAGES.mismatch }),
    };
  if (start.kind === 'in-progress')
    return {
      kind: 'answered',
      answer: errorAnswer(route.style, {
        status: 409,
        message: IDEMPOTENCY_MESSAGES.inProgress,
        headers: { 'Retry-After': '1' },
      }),
    };
  return { kind: 'claimed', ref };
}

/** Stores the claimed request's answer for replays; a 5xx is not stored (the key is released instead). */
export async function settleIdempotentRequest(
  db: PrismaClient,
  ref: IdempotencyRef,
  answer: RestAnswer,
): Promise<void> {
  if (answer.status >= 500) await releaseIdempotentRequest(db, ref);
  else await completeIdempotentRequest(db, ref, { status: answer.status, body: answer.body ?? '' });
}

/** Frees the key after a failure, so that the client's retry runs again; a failure to free it is let go. */
export const releaseIdempotentRequest = (db: PrismaClient, ref: IdempotencyRef): Promise<void> =>
  releaseIdempotencyKey(db, ref).catch(() => undefined);

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
