// API keys: created by Admins (the first), the CLI or a key with apikey:write; scoped to one questionnaire.
import type { Db } from '@/server/db/client';
import type { ApiKey } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/lib/errors';
import { generateApiKey, hashApiKey, maskApiKey } from '@/server/auth/api-key-secret';

export const API_KEY_SCOPES = [
  'participant:read',
  'participant:write',
  'participant:delete',
  'apikey:write',
  'apikey:delete',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** The published request variant: A names the list "scopes", B names it "permissions". */
export type ScopeField = 'scopes' | 'permissions';

export const isApiKeyScope = (value: string): value is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(value);

/** The spec's API key record; `api_key` is the full value only when the key has just been created. */
export interface ApiKeyRecord {
  id: string;
  api_key: string;
  key_name: string;
  scopes?: string[];
  permissions?: string[];
  questionnaire_id: string;
  create_ts: string;
  update_ts: string;
}

export function toApiKeyRecord(key: ApiKey, fullValue?: string): ApiKeyRecord {
  const field = key.scopeField === 'permissions' ? 'permissions' : 'scopes';
  return {
    id: key.id,
    api_key: fullValue ?? maskApiKey(key.start, key.end),
    key_name: key.name,
    [field]: key.scopes,
    questionnaire_id: key.questionnaireId,
    create_ts: key.createdAt.toISOString(),
    update_ts: key.updatedAt.toISOString(),
  };
}

export interface CreateApiKeyInput {
  questionnaireId: string;
  name: string;
  scopes: ApiKeyScope[];
  scopeField?: ScopeField;
  createdByAdmin?: string;
  createdByKey?: string;
  /**
   * The scopes of the key that asks for this one (REST door). A key may grant only scopes it holds itself,
   * so `apikey:write` cannot mint a key with more power than its own. Admins and the CLI leave this unset.
   */
  grantorScopes?: readonly string[];
}

/** The create-key refusal of the spec, also used when a key asks for a scope it does not hold. */
export const NOT_AUTHORIZED_TO_CREATE_KEY = 'You are not authorized to perform this operation';

/** Creates a key; the returned record carries the full value, which is never available again. */
export async function createApiKey(
  db: Db,
  input: CreateApiKeyInput,
): Promise<{ key: ApiKey; record: ApiKeyRecord }> {
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: input.questionnaireId },
    select: { id: true },
  });
  if (!questionnaire) throw new AppError('NOT_FOUND', 'Questionnaire not found');
  const name = input.name.trim();
  if (!name) throw new AppError('BAD_REQUEST', 'key_name is required and cannot be null or empty');
  if (input.scopes.length === 0)
    throw new AppError('BAD_REQUEST', 'scope is required and cannot be null or empty');
  const unknown = input.scopes.filter((s) => !isApiKeyScope(s));
  if (unknown.length)
    throw new AppError(
      'BAD_REQUEST',
      `Unknown scope: ${unknown.join(', ')}. Known scopes: ${API_KEY_SCOPES.join(', ')}`,
    );
  const { grantorScopes } = input;
  if (grantorScopes && input.scopes.some((scope) => !grantorScopes.includes(scope)))
    throw new AppError('FORBIDDEN', NOT_AUTHORIZED_TO_CREATE_KEY);
  const secret = generateApiKey();
  const key = await db.apiKey.create({
    data: {
      questionnaireId: input.questionnaireId,
      name,
      hash: secret.hash,
      start: secret.start,
      end: secret.end,
      scopes: [...new Set(input.scopes)],
      scopeField: input.scopeField ?? 'scopes',
      createdByAdmin: input.createdByAdmin ?? null,
      createdByKey: input.createdByKey ?? null,
    },
  });
  return { key, record: toApiKeyRecord(key, secret.value) };
}

/** The questionnaire's keys that still work, newest first. */
export function listApiKeys(db: Db, questionnaireId: string): Promise<ApiKey[]> {
  return db.apiKey.findMany({ where: { questionnaireId, deletedAt: null }, orderBy: { createdAt: 'desc' } });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes a key of the questionnaire, named by its id (a UUID) or by its full value. Returns the deleted
 * key, or null when the questionnaire has no such live key.
 */
export async function deleteApiKey(
  db: Db,
  questionnaireId: string,
  idOrValue: string,
): Promise<ApiKey | null> {
  const where = UUID.test(idOrValue) ? { id: idOrValue.toLowerCase() } : { hash: hashApiKey(idOrValue) };
  const key = await db.apiKey.findFirst({ where: { ...where, questionnaireId, deletedAt: null } });
  if (!key) return null;
  // Conditional update: of two concurrent deletions only one reports success.
  const { count } = await db.apiKey.updateMany({
    where: { id: key.id, deletedAt: null },
    data: { deletedAt: new Date() },
  });
  // This instance refuses the key from now on; other instances within VERIFIED_KEY_TTL_MS.
  verifiedKeys.delete(key.hash);
  return count === 1 ? key : null;
}

/** The live key with this full value, or null. The lookup is by SHA-256, so no key is compared as text. */
export async function findLiveApiKey(db: Db, value: string): Promise<ApiKey | null> {
  const key = await db.apiKey.findUnique({ where: { hash: hashApiKey(value) } });
  return key && !key.deletedAt ? key : null;
}

/** A live key with the tenant of its questionnaire: what the REST door needs to authorise a request. */
export type AuthenticatedApiKey = ApiKey & { tenantId: string };

/**
 * The live key with this full value and its questionnaire's tenant, or null. The tenant is null when the
 * questionnaire was deleted while the request was on its way (deleting it deletes its keys too).
 */
export function findLiveApiKeyWithTenant(db: Db, value: string): Promise<VerifiedApiKey | null> {
  return findLiveApiKeyWithTenantByHash(db, hashApiKey(value));
}

type VerifiedApiKey = ApiKey & { tenantId: string | null };

async function findLiveApiKeyWithTenantByHash(db: Db, hash: string): Promise<VerifiedApiKey | null> {
  const key = await db.apiKey.findUnique({
    where: { hash },
    include: { questionnaire: { select: { tenantId: true } } },
  });
  if (!key || key.deletedAt) return null;
  const { questionnaire, ...row } = key;
  // Typed as present, but an include reads null when the row has just gone.
  return { ...row, tenantId: (questionnaire as { tenantId: string } | null)?.tenantId ?? null };
}

/** How stale lastUsedAt may get: a busy key is written at most once a minute. */
export const LAST_USED_PRECISION_MS = 60_000;

/**
 * Notes that a key was used. Cheap on busy keys (nothing is written when the stored time is recent), and
 * written with SQL so the key's update_ts, which tells when the key itself changed, stays as it was.
 */
export async function recordApiKeyUse(db: Db, key: Pick<ApiKey, 'id' | 'lastUsedAt'>, now = new Date()) {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  await db.$executeRaw`
    UPDATE api_key SET last_used_at = ${now}
    WHERE id = ${key.id}::uuid AND (last_used_at IS NULL OR last_used_at < ${staleBefore})`;
  // The key object may be the cached one: remember the write so the next minute of requests skips it.
  key.lastUsedAt = now;
}

/**
 * How long a verified key is trusted without asking the database again. A key deleted on another instance
 * is refused there within this time; the deleting instance forgets it at once (deleteApiKey). The promise
 * is "within 5 s"; half a second is kept for the request that notices (measured: 5,004 ms with a 5 s TTL).
 */
export const VERIFIED_KEY_TTL_MS = 4_500;
const VERIFIED_KEY_CACHE_SIZE = 10_000;
const verifiedKeys = new Map<string, { key: VerifiedApiKey; expiresAt: number }>();

/**
 * findLiveApiKeyWithTenant behind a short-lived in-process cache keyed by the key's hash. Only live keys
 * are cached, so a new key works at once and an unknown one is always looked up.
 */
export async function verifyApiKeyCached(
  db: Db,
  value: string,
  now = Date.now(),
): Promise<VerifiedApiKey | null> {
  const hash = hashApiKey(value);
  const hit = verifiedKeys.get(hash);
  if (hit && hit.expiresAt > now) return hit.key;
  const key = await findLiveApiKeyWithTenantByHash(db, hash);
  verifiedKeys.delete(hash);
  if (key) {
    // Oldest-first eviction: Map iterates in insertion order.
    if (verifiedKeys.size >= VERIFIED_KEY_CACHE_SIZE) verifiedKeys.delete(verifiedKeys.keys().next().value!);
    verifiedKeys.set(hash, { key, expiresAt: now + VERIFIED_KEY_TTL_MS });
  }
  return key;
}

/** Empties the verification cache (tests and benchmarks). */
export function forgetVerifiedApiKeys(): void {
  verifiedKeys.clear();
}
