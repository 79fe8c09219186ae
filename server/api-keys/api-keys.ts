// API keys: created by Admins (the first), the CLI or a key with apikey:write; scoped to one questionnaire.
// Creating, rolling and deleting a key write its audit entry in the same transaction; the door says who acts.
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { recordAudit, type AuditAction, type AuditActor } from '@/server/audit/audit-log';
import type { ApiKey } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { API_KEY_MESSAGES } from '@/server/api-keys/messages';
import { REST_MESSAGES } from '@/server/rest-contract/messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { isUuid } from '@/server/platform/lib/ids';
import { generateApiKey, hashApiKey, maskApiKey } from '@/server/api-keys/secret';
import { metrics } from '@/server/platform/observability/metrics';
import { env } from '@/server/platform/env';
import { processSingleton } from '@/server/platform/process-registry';
import { setNewest } from '@/server/platform/lib/bounded-map';

declare module '@/server/platform/process-registry' {
  interface ProcessSingletons {
    /** Live API keys verified in the last seconds. */
    verifiedKeys: VerifiedKeyCache;
    /** Hashes that were no live key in the last minute. */
    unknownKeys: UnknownKeyCache;
  }
}

export const API_KEY_SCOPES = [
  'participant:read',
  'participant:write',
  'participant:delete',
  'apikey:write',
  'apikey:delete',
  /** Our extension: read the questionnaire's webhook endpoints and their delivery log (GET /v1/webhooks/…). */
  'webhook:read',
  /**
   * Our extension: steer the questionnaire's webhook (endpoints, retry now, test event, secret rotation,
   * POST /v1/webhooks/recover); it includes reading them.
   */
  'webhook:write',
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
  /** After this instant the key authenticates no more; null or absent: never. */
  expiresAt?: Date | null;
  /** Carried over by a roll: the key's own rate limit. */
  rateLimitPerMinute?: number | null;
  /** For a key minted by a key: the first key of the tree, whose rate-limit bucket and limit it shares. */
  rootKeyId?: string | null;
}

/** The refusal of values that are not scopes, naming them and the known ones. */
export const unknownScopeMessage = (unknown: readonly string[]) =>
  `Unknown scope: ${unknown.join(', ')}. Known scopes: ${API_KEY_SCOPES.join(', ')}`;

/** A child key may not be asked to live longer than the key that creates it. */
export const expiryAfterParentMessage = (parentExpiry: string) =>
  `expires_at must not be later than ${parentExpiry}, when the key creating it expires`;

/** The refusal once a questionnaire holds its maximum of live keys. */
export const tooManyKeysMessage = (max: number | string) =>
  `This questionnaire already has ${max} live API keys, the most allowed; delete one before creating another`;

/**
 * Creates a key and writes its audit entry (`api_key.create`, never the key's value) in one transaction, or in
 * the caller's. The returned record carries the full value, which is never available again.
 *
 * At most `maxLiveKeys` keys of a questionnaire may be live at once (every door). A key created by another
 * key (`createdByKey`) can never outlive, out-rate or out-scope its parent, read again inside the transaction
 * rather than from the verification cache: it holds only scopes the parent holds, gets the parent's expiry
 * when none is asked for (a later one is refused), and joins the parent's tree, whose requests all draw from
 * the root key's rate-limit bucket under the root's limit; the old value of a rolled key mints nothing.
 */
export async function createApiKey(
  db: Db,
  input: CreateApiKeyInput,
  actor: AuditActor,
  { maxLiveKeys = env.API_KEYS_PER_QUESTIONNAIRE_MAX }: { maxLiveKeys?: number } = {},
): Promise<{ key: ApiKey; record: ApiKeyRecord }> {
  return inTransaction(db, async (tx) => {
    // Two concurrent creations cannot both take the last place, nor a key mint while it is being revoked.
    await lockQuestionnaireKeys(tx, input.questionnaireId);
    checkKeyInput(input);
    const inherited = input.createdByKey ? await inheritFromParent(tx, input, input.createdByKey) : input;
    const now = new Date();
    const live = await tx.apiKey.count({
      where: {
        questionnaireId: input.questionnaireId,
        deletedAt: null,
        OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
      },
    });
    if (live >= maxLiveKeys) throw new AppError('CONFLICT', tooManyKeysMessage(maxLiveKeys));
    const created = await insertApiKey(tx, inherited);
    const { key } = created;
    await recordKeyAudit(tx, actor, 'api_key.create', key, created.tenantId, {
      name: key.name,
      scopes: key.scopes,
      expiresAt: key.expiresAt?.toISOString() ?? null,
    });
    return { key, record: created.record };
  });
}

/**
 * Locks the questionnaire's row: creations, rolls and deletions of its keys take turns (a key and every key it
 * minted belong to one questionnaire), so no key is minted by a parent whose revocation is under way.
 */
async function lockQuestionnaireKeys(tx: Db, questionnaireId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM questionnaire WHERE id = ${questionnaireId}::uuid FOR UPDATE`;
}

/** Refuses a request that no key could be created from; returns the trimmed name. */
function checkKeyInput(input: CreateApiKeyInput): string {
  const name = input.name.trim();
  if (!name) throw new AppError('BAD_REQUEST', REST_MESSAGES.keyNameRequired);
  if (input.scopes.length === 0) throw new AppError('BAD_REQUEST', REST_MESSAGES.scopeRequired);
  const unknown = input.scopes.filter((s) => !isApiKeyScope(s));
  if (unknown.length) throw new AppError('BAD_REQUEST', unknownScopeMessage(unknown));
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now())
    throw new AppError('BAD_REQUEST', API_KEY_MESSAGES.expiryInPast);
  return name;
}

/** The input narrowed to what the parent key may hand on; refuses what it may not. */
async function inheritFromParent(
  db: Db,
  input: CreateApiKeyInput,
  parentId: string,
): Promise<CreateApiKeyInput> {
  const parent = await db.apiKey.findUnique({ where: { id: parentId } });
  // A deleted, expired or rolled key (its old value, kept alive for the overlap) may not mint.
  if (!parent || !isKeyUsable(parent) || parent.rolledToId)
    throw new AppError('FORBIDDEN', API_KEY_MESSAGES.notAuthorized);
  if (input.scopes.some((scope) => !parent.scopes.includes(scope)))
    throw new AppError('FORBIDDEN', API_KEY_MESSAGES.notAuthorized);
  if (parent.expiresAt && input.expiresAt && input.expiresAt > parent.expiresAt)
    throw new AppError('BAD_REQUEST', expiryAfterParentMessage(parent.expiresAt.toISOString()));
  return {
    ...input,
    expiresAt: input.expiresAt ?? parent.expiresAt,
    // The tree's limit is its root's, applied when a request is counted: nothing of its own to copy.
    rateLimitPerMinute: null,
    rootKeyId: parent.rootKeyId ?? parent.id,
  };
}

/**
 * The key alone, without an audit entry: the successor of a roll (audited as the roll), and test fixtures
 * and benchmarks that seed keys. Every door creates keys with createApiKey.
 */
export async function insertApiKey(
  db: Db,
  input: CreateApiKeyInput,
): Promise<{ key: ApiKey; record: ApiKeyRecord; tenantId: string }> {
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: input.questionnaireId },
    select: { id: true, tenantId: true, sandbox: true },
  });
  if (!questionnaire) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  const name = checkKeyInput(input);
  const secret = generateApiKey({ sandbox: questionnaire.sandbox });
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
      rootKeyId: input.rootKeyId ?? null,
      expiresAt: input.expiresAt ?? null,
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    },
  });
  // A fresh random value was never looked up; forgetting its hash anyway means no refusal could hide it.
  unknownKeys.delete(secret.hash);
  return { key, record: toApiKeyRecord(key, secret.value), tenantId: questionnaire.tenantId };
}

/** The questionnaire's keys that still work, newest first. */
export function listApiKeys(db: Db, questionnaireId: string, now = new Date()): Promise<ApiKey[]> {
  return db.apiKey.findMany({
    where: { questionnaireId, deletedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    orderBy: { createdAt: 'desc' },
  });
}

/**
 * The questionnaire's keys that were not deleted, expired ones included (the Admin list), newest first, each
 * with the root key of its tree (null for a key no key minted), whose rate limit it shares.
 */
export function listApiKeysWithExpired(
  db: Db,
  questionnaireId: string,
): Promise<(ApiKey & { rootKey: Pick<ApiKey, 'id' | 'name' | 'rateLimitPerMinute'> | null })[]> {
  return db.apiKey.findMany({
    where: { questionnaireId, deletedAt: null },
    orderBy: { createdAt: 'desc' },
    include: { rootKey: { select: { id: true, name: true, rateLimitPerMinute: true } } },
  });
}

/** True while a key authenticates: not deleted and not past its expiry. */
const isKeyUsable = (key: Pick<ApiKey, 'deletedAt' | 'expiresAt'>, now = Date.now()): boolean =>
  !key.deletedAt && (!key.expiresAt || key.expiresAt.getTime() > now);

/**
 * What a list shows about a key: active; rolled (replaced, still working until its expiry: the overlap);
 * expired.
 */
export type ApiKeyState = 'active' | 'rolled' | 'expired';

export function apiKeyState(
  key: Pick<ApiKey, 'deletedAt' | 'expiresAt' | 'rolledToId'>,
  now = Date.now(),
): ApiKeyState {
  if (!isKeyUsable(key, now)) return 'expired';
  return key.rolledToId ? 'rolled' : 'active';
}

/** How long the old value of a rolled key keeps working. */
export const ROLL_OVERLAPS = {
  none: 0,
  '1h': 60 * 60_000,
  '24h': 24 * 60 * 60_000,
  '7d': 7 * 24 * 60 * 60_000,
} as const;
export type RollOverlap = keyof typeof ROLL_OVERLAPS;
export const ROLL_OVERLAP_NAMES = Object.keys(ROLL_OVERLAPS) as [RollOverlap, ...RollOverlap[]];

const ROLL_KEY_NOT_FOUND = 'That key does not exist, has expired or was already rolled';

/**
 * Rolls a key: a new value with the same name, scopes, rate limit, expiry and place in its tree is issued (its
 * full value is in the returned record, once), and the old value keeps working for `overlap`, then is refused
 * like a deleted key. Every key the old value minted, down the tree, is deleted at once, whatever the overlap:
 * a key is rolled because its value may be known to someone else, who could have minted keys with it, and
 * the holders of those keys get no new value from the roll. A key can be rolled once; its successor can be
 * rolled in turn. One transaction with its audit entries (`api_key.roll`, and `api_key.delete` for each key
 * revoked with it), or the caller's.
 */
export async function rollApiKey(
  db: Db,
  input: { questionnaireId: string; keyId: string; overlap: RollOverlap; createdByAdmin?: string },
  actor: AuditActor,
  now = new Date(),
): Promise<{ old: ApiKey; key: ApiKey; record: ApiKeyRecord }> {
  return inTransaction(db, (tx) => rollInTransaction(tx, input, actor, now));
}

async function rollInTransaction(
  db: Db,
  input: { questionnaireId: string; keyId: string; overlap: RollOverlap; createdByAdmin?: string },
  actor: AuditActor,
  now: Date,
): Promise<{ old: ApiKey; key: ApiKey; record: ApiKeyRecord }> {
  await lockQuestionnaireKeys(db, input.questionnaireId);
  const old = await db.apiKey.findFirst({
    where: { id: input.keyId, questionnaireId: input.questionnaireId, deletedAt: null, rolledToId: null },
  });
  if (!old || !isKeyUsable(old, now.getTime())) throw new AppError('NOT_FOUND', ROLL_KEY_NOT_FOUND);
  const overlapEnd = new Date(now.getTime() + ROLL_OVERLAPS[input.overlap]);
  const created = await insertApiKey(db, {
    questionnaireId: old.questionnaireId,
    name: old.name,
    scopes: old.scopes.filter(isApiKeyScope),
    scopeField: old.scopeField === 'permissions' ? 'permissions' : 'scopes',
    createdByAdmin: input.createdByAdmin,
    // The successor takes the old key's place in its tree: revoked with its minter, limited with its root.
    createdByKey: old.createdByKey ?? undefined,
    rootKeyId: old.rootKeyId,
    expiresAt: old.expiresAt,
    rateLimitPerMinute: old.rateLimitPerMinute,
  });
  // Conditional: of two concurrent rolls of one key only one succeeds (the other's transaction rolls back).
  const { count } = await db.apiKey.updateMany({
    where: { id: old.id, rolledToId: null },
    data: {
      rolledToId: created.key.id,
      expiresAt: old.expiresAt && old.expiresAt < overlapEnd ? old.expiresAt : overlapEnd,
    },
  });
  if (count !== 1) throw new AppError('NOT_FOUND', ROLL_KEY_NOT_FOUND);
  // This instance applies the new expiry at once; others within VERIFIED_KEY_TTL_MS (as for a deletion).
  verifiedKeys.delete(old.hash);
  const rolled = await db.apiKey.findUniqueOrThrow({ where: { id: old.id } });
  const revoked = await revokeMintedKeys(db, rolled, created.tenantId, actor, 'minter_rolled', now);
  await recordKeyAudit(db, actor, 'api_key.roll', rolled, created.tenantId, {
    name: rolled.name,
    newKeyId: created.key.id,
    overlap: input.overlap,
    oldKeyExpiresAt: rolled.expiresAt?.toISOString() ?? null,
    mintedKeysRevoked: revoked,
  });
  return { old: rolled, key: created.key, record: created.record };
}

/**
 * Deletes a key of the questionnaire, named by its id (a UUID) or by its full value, and every key it minted,
 * down the tree, each with its audit entry (`api_key.delete`) in one transaction, or the caller's. Returns the
 * deleted key, or null when the questionnaire has no such live key (nothing is written).
 */
export async function deleteApiKey(
  db: Db,
  questionnaireId: string,
  idOrValue: string,
  actor: AuditActor,
): Promise<ApiKey | null> {
  const where = isUuid(idOrValue) ? { id: idOrValue.toLowerCase() } : { hash: hashApiKey(idOrValue) };
  return inTransaction(db, async (tx) => {
    await lockQuestionnaireKeys(tx, questionnaireId);
    const key = await tx.apiKey.findFirst({
      where: { ...where, questionnaireId, deletedAt: null },
      include: { questionnaire: { select: { tenantId: true } } },
    });
    if (!key) return null;
    const now = new Date();
    // Conditional update: of two concurrent deletions only one reports success.
    const { count } = await tx.apiKey.updateMany({
      where: { id: key.id, deletedAt: null },
      data: { deletedAt: now },
    });
    // This instance refuses the key from now on; other instances within VERIFIED_KEY_TTL_MS.
    verifiedKeys.delete(key.hash);
    if (count !== 1) return null;
    const { questionnaire, ...deleted } = key;
    const revoked = await revokeMintedKeys(tx, deleted, questionnaire.tenantId, actor, 'minter_deleted', now);
    await recordKeyAudit(tx, actor, 'api_key.delete', deleted, questionnaire.tenantId, {
      name: deleted.name,
      mintedKeysRevoked: revoked,
    });
    return deleted;
  });
}

/** The audit entry of `action` on `key`, a key of its questionnaire in the tenant `tenantId`. */
const recordKeyAudit = (
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  key: Pick<ApiKey, 'id' | 'questionnaireId'>,
  tenantId: string,
  details: Record<string, unknown>,
) =>
  recordAudit(db, {
    actor,
    action,
    targetType: 'api_key',
    targetId: key.id,
    tenantId,
    questionnaireId: key.questionnaireId,
    details,
  });

/** Why a key was deleted with another one, as its audit entry says (details.reason). */
type RevocationReason = 'minter_deleted' | 'minter_rolled';

/**
 * Deletes every live key `minter` minted, down the tree (keys minted by those, and so on), in the caller's
 * transaction: one `api_key.delete` audit entry per key, naming the key whose deletion or roll revoked it
 * (details.revokedWith) and the key that minted it (details.mintedBy). This instance refuses them at once;
 * other instances within VERIFIED_KEY_TTL_MS, as for any deletion. Returns how many were deleted.
 */
async function revokeMintedKeys(
  tx: Db,
  minter: Pick<ApiKey, 'id' | 'questionnaireId'>,
  tenantId: string,
  actor: AuditActor,
  reason: RevocationReason,
  now: Date,
): Promise<number> {
  // Deleted keys are walked through too: what they minted before this rule existed goes now.
  const revoked = await tx.$queryRaw<{ id: string; name: string; hash: string; mintedBy: string }[]>`
    WITH RECURSIVE minted (id) AS (
      SELECT id FROM api_key WHERE created_by_key = ${minter.id}::uuid
      UNION
      SELECT k.id FROM api_key k JOIN minted m ON k.created_by_key = m.id
    )
    UPDATE api_key SET deleted_at = ${now}, updated_at = ${now}
    FROM minted WHERE api_key.id = minted.id AND api_key.deleted_at IS NULL
    RETURNING api_key.id, api_key.name, api_key.hash, api_key.created_by_key AS "mintedBy"`;
  for (const key of revoked) {
    verifiedKeys.delete(key.hash);
    // A minted key belongs to its minter's questionnaire.
    await recordKeyAudit(
      tx,
      actor,
      'api_key.delete',
      { id: key.id, questionnaireId: minter.questionnaireId },
      tenantId,
      {
        name: key.name,
        reason,
        revokedWith: minter.id,
        mintedBy: key.mintedBy,
      },
    );
  }
  return revoked.length;
}

/** A live key with the tenant of its questionnaire: what the REST door needs to authorise a request. */
export type AuthenticatedApiKey = ApiKey & { tenantId: string; sandbox: boolean };

/**
 * The live key with this full value and its questionnaire's tenant, or null. The tenant is null when the
 * questionnaire was deleted while the request was on its way (deleting it deletes its keys too).
 */
export async function findLiveApiKeyWithTenant(db: Db, value: string): Promise<VerifiedApiKey | null> {
  const found = await findLiveApiKeyWithTenantByHash(db, hashApiKey(value));
  return typeof found === 'string' ? null : found;
}

/**
 * `sandbox` is the questionnaire's mode (false when it has just gone), which the key's prefix must match.
 * `rateLimit` names the bucket the key's requests draw from and its limit (null: the service default): the
 * key's own, or for a key minted by a key, its root key's, shared by the whole tree.
 */
type VerifiedApiKey = ApiKey & {
  tenantId: string | null;
  sandbox: boolean;
  rateLimit: { bucketId: string; perMinute: number | null };
};

/**
 * The live key with this hash, or why there is none: `gone` when no key has this hash or it was deleted or
 * has expired (for good: nothing brings such a key back), `archived` when its questionnaire or tenant is
 * archived (a restore brings it back).
 */
async function findLiveApiKeyWithTenantByHash(
  db: Db,
  hash: string,
  now = Date.now(),
): Promise<VerifiedApiKey | 'gone' | 'archived'> {
  const key = await db.apiKey.findUnique({
    where: { hash },
    include: {
      questionnaire: {
        select: { tenantId: true, sandbox: true, archivedAt: true, tenant: { select: { archivedAt: true } } },
      },
      rootKey: { select: { id: true, rateLimitPerMinute: true } },
    },
  });
  if (!key || !isKeyUsable(key, now)) return 'gone';
  // The keys of an archived questionnaire, or of one in an archived tenant, are refused like unknown ones.
  if (key.questionnaire?.archivedAt || key.questionnaire?.tenant.archivedAt) return 'archived';
  const { questionnaire, rootKey, ...row } = key;
  // Typed as present, but an include reads null when the row has just gone.
  const owner = questionnaire as { tenantId: string; sandbox: boolean } | null;
  const limitFrom = rootKey ?? row;
  return {
    ...row,
    tenantId: owner?.tenantId ?? null,
    sandbox: owner?.sandbox ?? false,
    rateLimit: { bucketId: limitFrom.id, perMinute: limitFrom.rateLimitPerMinute },
  };
}

/** How stale lastUsedAt may get: a busy key is written at most once a minute. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * Notes that a key was used, and from which address (null when TRUST_PROXY does not let us know it). Cheap
 * on busy keys (nothing is written when the stored time is recent, so at most one write a minute per key),
 * and written with SQL so the key's update_ts, which tells when the key itself changed, stays as it was.
 */
export async function recordApiKeyUse(
  db: Db,
  key: Pick<ApiKey, 'id' | 'lastUsedAt' | 'lastUsedIp'>,
  sourceIp: string | null = null,
  now = new Date(),
) {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  await db.$executeRaw`
    UPDATE api_key SET last_used_at = ${now}, last_used_ip = ${sourceIp}
    WHERE id = ${key.id}::uuid AND (last_used_at IS NULL OR last_used_at < ${staleBefore})`;
  // The key object may be the cached one: remember the write so the next minute of requests skips it.
  key.lastUsedAt = now;
  key.lastUsedIp = sourceIp;
}

/**
 * How long a verified key is trusted without asking the database again. A key deleted on another instance
 * is refused there within this time; the deleting instance forgets it at once (deleteApiKey). The promise
 * is "within 5 s"; half a second is kept for the request that notices (measured: 5,004 ms with a 5 s TTL).
 */
export const VERIFIED_KEY_TTL_MS = 4_500;
const VERIFIED_KEY_CACHE_SIZE = 10_000;
// One per process: a key deleted through the Admin app must leave the cache the REST door reads.
type VerifiedKeyCache = Map<string, { key: VerifiedApiKey; expiresAt: number }>;
const verifiedKeys = processSingleton('verifiedKeys', (): VerifiedKeyCache => new Map());

/**
 * How long a hash that is no live key is refused without asking the database again. Only hashes that name no
 * key, or a deleted or expired one, are remembered: such a key never works again, and a new key's value is
 * fresh randomness (160 bits) whose hash nobody can have sent before; creating a key forgets its hash anyway.
 */
export const UNKNOWN_KEY_TTL_MS = 60_000;
const UNKNOWN_KEY_CACHE_SIZE = 10_000;
/** The hashes refused lately, with when each entry lapses; oldest first (the size cap drops those first). */
type UnknownKeyCache = Map<string, number>;
const unknownKeys = processSingleton('unknownKeys', (): UnknownKeyCache => new Map());

/**
 * What a caller does about keys this instance does not know to be keys (the REST door: a per-address limit).
 * `take` is called before such a key costs a database lookup or is refused from the cache, and throws to
 * refuse the request; `giveBack` when the key turned out to be live after all.
 */
export interface UnknownKeyBudget {
  take: () => void;
  giveBack: () => void;
}

/**
 * findLiveApiKeyWithTenant behind two short-lived in-process caches keyed by the key's hash: live keys (for
 * VERIFIED_KEY_TTL_MS) and hashes that are no live key (UNKNOWN_KEY_TTL_MS; see there why that cannot hide a
 * new key). A hash verified live before, even long ago, is looked up again without asking `budget`: a busy
 * client's own key is never refused for what others sent from its address.
 */
export async function verifyApiKeyCached(
  db: Db,
  value: string,
  now = Date.now(),
  budget?: UnknownKeyBudget,
): Promise<VerifiedApiKey | null> {
  const hash = hashApiKey(value);
  const hit = verifiedKeys.get(hash);
  // A cached key past its own expiry is refused at once, not when the cache entry runs out.
  const fresh = hit !== undefined && hit.expiresAt > now && isKeyUsable(hit.key, now);
  if (fresh) {
    metrics.apiKeyCache.inc({ result: 'hit' });
    return hit.key;
  }
  if (!hit) budget?.take();
  if ((unknownKeys.get(hash) ?? 0) > now) {
    metrics.apiKeyCache.inc({ result: 'unknown' });
    return null;
  }
  metrics.apiKeyCache.inc({ result: 'miss' });
  const found = await findLiveApiKeyWithTenantByHash(db, hash, now);
  if (typeof found === 'string') {
    verifiedKeys.delete(hash);
    if (found === 'gone') setNewest(unknownKeys, hash, now + UNKNOWN_KEY_TTL_MS, UNKNOWN_KEY_CACHE_SIZE);
    return null;
  }
  if (!hit) budget?.giveBack();
  unknownKeys.delete(hash);
  setNewest(
    verifiedKeys,
    hash,
    { key: found, expiresAt: now + VERIFIED_KEY_TTL_MS },
    VERIFIED_KEY_CACHE_SIZE,
  );
  return found;
}

/** Empties both verification caches (tests and benchmarks). */
export function forgetVerifiedApiKeys(): void {
  verifiedKeys.clear();
  unknownKeys.clear();
}
