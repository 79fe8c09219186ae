// Idempotency keys: the first response to a request carrying `Idempotency-Key` is kept for 24 hours and
// replayed when the same API key sends the same key with the same request again. The row is the lock: the
// first request inserts it (INSERT … ON CONFLICT DO NOTHING), so of two concurrent requests with one key,
// on one instance or many sharing PostgreSQL, exactly one runs; the other finds the row and waits for it.
import { createHash } from 'node:crypto';
import type { Db } from '@/server/platform/db/client';
import {
  claimIdempotencyKeyStatement,
  storedIdempotencyRecordStatement,
  type StoredIdempotencyRow,
} from './statements';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * The lease of a row "in progress": after this long it belongs to a request whose instance died. A write
 * stores its answer in its own transaction (state "committed", see storeCommittedAnswer), and no transaction
 * outlives 15 s (server/platform/db/client.ts), so a row still "in progress" after the lease means the write never
 * committed: the next request with the key runs it again. A "committed" row is replayed, so a client whose
 * reply was lost gets it instead of a duplicate error.
 */
export const IDEMPOTENCY_STALE_MS = 60_000;
/** Share of new keys that also sweep expired rows, so no separate job is needed. */
const SWEEP_PROBABILITY = 0.01;

/** 1 to 255 printable ASCII characters (space to tilde). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
  mismatch:
    'Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request',
  inProgress: 'A request with this Idempotency-Key is still being processed; retry shortly',
} as const;

export type IdempotencyStart =
  /** This request owns the key: run it, then store its response (or release the key on a 5xx). */
  | { kind: 'started' }
  | { kind: 'replay'; status: number; body: string }
  /** The first request's answer held a secret shown once: later ones get this error instead of it. */
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' };

export interface IdempotencyRef {
  apiKeyId: string;
  key: string;
}

/** JSON with object keys sorted, so that the same body written differently hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": method, path (letter case aside) and body (key order aside). */
export function idempotencyRequestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path.toLowerCase()}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** Claims the key for this request, or says what to answer instead. */
export async function beginIdempotentRequest(
  db: Db,
  ref: IdempotencyRef,
  requestHash: string,
  now: Date = new Date(),
): Promise<IdempotencyStart> {
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  for (let tries = 0; tries < 5; tries++) {
    const inserted = await db.$executeRaw(
      claimIdempotencyKeyStatement({
        apiKeyId: ref.apiKeyId,
        key: ref.key,
        requestHash,
        state: 'in_progress',
        createdAt: now,
        expiresAt,
      }),
    );
    if (inserted === 1) {
      if (Math.random() < SWEEP_PROBABILITY) await sweepExpiredIdempotencyRecords(db, now);
      return { kind: 'started' };
    }
    const [row] = await db.$queryRaw<StoredIdempotencyRow[]>(
      storedIdempotencyRecordStatement(ref.apiKeyId, ref.key),
    );
    if (!row) continue; // released or swept in between: claim it again
    if (row.expires_at <= now) {
      await db.$executeRaw`
        DELETE FROM idempotency_record
        WHERE api_key_id = ${ref.apiKeyId}::uuid AND key = ${ref.key} AND expires_at <= ${now}`;
      continue;
    }
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'refused' && row.response_status !== null)
      return { kind: 'refused', status: row.response_status, message: row.response_body ?? '' };
    if ((row.state === 'done' || row.state === 'committed') && row.response_status !== null)
      return { kind: 'replay', status: row.response_status, body: row.response_body ?? '' };
    if (now.getTime() - row.created_at.getTime() > IDEMPOTENCY_STALE_MS) {
      await db.$executeRaw`
        DELETE FROM idempotency_record
        WHERE api_key_id = ${ref.apiKeyId}::uuid AND key = ${ref.key}
          AND state = 'in_progress' AND created_at = ${row.created_at}`;
      continue;
    }
    return { kind: 'in-progress' };
  }
  return { kind: 'in-progress' };
}

type StoredAnswer = { status: number; body: string };

/** Stores an answer on a record still held by its request ("in progress", or "committed" to become "done"). */
async function storeAnswer(db: Db, ref: IdempotencyRef, answer: StoredAnswer, state: 'committed' | 'done') {
  // A committed answer is stored once; the answer as sent then replaces it.
  const from = state === 'done' ? ['in_progress', 'committed'] : ['in_progress'];
  await db.$executeRaw`
    UPDATE idempotency_record
    SET state = ${state}, response_status = ${answer.status}, response_body = ${answer.body}
    WHERE api_key_id = ${ref.apiKeyId}::uuid AND key = ${ref.key} AND state = ANY(${from}::text[])`;
}

/** Stores the response of the request that claimed the key, as sent; later requests replay it. */
export const completeIdempotentRequest = (db: Db, ref: IdempotencyRef, response: StoredAnswer) =>
  storeAnswer(db, ref, response, 'done');

/**
 * Stores the answer of a write inside the write's own transaction, so the answer exists exactly when the
 * write does: if the process dies before the reply is sent (or before completeIdempotentRequest), a retry
 * with the key replays it.
 */
export const storeCommittedAnswer = (tx: Db, ref: IdempotencyRef, response: StoredAnswer) =>
  storeAnswer(tx, ref, response, 'committed');

/**
 * For a write whose answer holds a secret shown only once (a new API key): stores, inside the write's own
 * transaction, the error that requests repeating it with the key get instead of the answer, so the secret is
 * never stored nor sent twice and the write still happens once. Final: the answer as sent does not replace it.
 */
export async function storeRefusalForReplays(
  tx: Db,
  ref: IdempotencyRef,
  refusal: { status: number; message: string },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE idempotency_record
    SET state = 'refused', response_status = ${refusal.status}, response_body = ${refusal.message}
    WHERE api_key_id = ${ref.apiKeyId}::uuid AND key = ${ref.key} AND state = 'in_progress'`;
}

/** Gives the key up (the request failed on our side), so that a retry runs the request again. */
export async function releaseIdempotencyKey(db: Db, ref: IdempotencyRef): Promise<void> {
  await db.$executeRaw`
    DELETE FROM idempotency_record
    WHERE api_key_id = ${ref.apiKeyId}::uuid AND key = ${ref.key} AND state = 'in_progress'`;
}

/** Deletes expired records; returns how many. */
export async function sweepExpiredIdempotencyRecords(db: Db, now: Date = new Date()): Promise<number> {
  return db.$executeRaw`DELETE FROM idempotency_record WHERE expires_at <= ${now}`;
}
