// The REST door's procedure tiers: every endpoint authenticates the raw `Authorization: <API_KEY>` header,
// then checks the key's scopes, then that the body is a JSON object, all before the body is validated.
import { publicProcedure } from '@/server/platform/trpc';
import { AppError } from '@/server/platform/lib/errors';
import {
  verifyApiKeyCached,
  recordApiKeyUse,
  type ApiKeyScope,
  type AuthenticatedApiKey,
  type UnknownKeyBudget,
} from '@/server/api-keys/api-keys';
import { MESSAGES } from '@/server/participants/messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { PARTICIPANT_AUTH, type AuthMessages } from '@/server/api-keys/messages';
import { isSandboxKeyText } from '@/server/api-keys/secret';
import type { RestRequestFacts, VerifiedApiKey } from './rest-context';
import { JSON_BODY_MESSAGES } from '@/server/platform/lib/json-body';
import { failureFields, logger } from '@/server/platform/observability/logger';

/** Longer headers are not keys; they are refused without hashing. */
const MAX_KEY_LENGTH = 512;

/** The key itself, with no prefix per the spec; a "Bearer " prefix is tolerated. */
function apiKeyFromHeader(header: string | null): string {
  return (header ?? '')
    .trim()
    .replace(/^bearer\s+/i, '')
    .trim();
}

/**
 * The live key the header names, or null (no header, an over-long value, an unknown or deleted key). A key
 * this instance does not know to be a key first takes from `budget` (the REST door's per-address limit), which
 * throws to refuse the request.
 */
export async function lookUpApiKey(
  db: Parameters<typeof verifyApiKeyCached>[0],
  header: string | null,
  budget?: UnknownKeyBudget,
): Promise<VerifiedApiKey | null> {
  const value = apiKeyFromHeader(header);
  if (!value || value.length > MAX_KEY_LENGTH) return null;
  return verifyApiKeyCached(db, value, Date.now(), budget);
}

/**
 * The request's key, or the 401 with the endpoint's wording. `known` is the wrapper's own lookup of the same
 * header (undefined when it did not look), so a request costs one lookup.
 */
async function authenticateApiKey(
  db: Parameters<typeof verifyApiKeyCached>[0],
  header: string | null,
  messages: AuthMessages,
  known?: VerifiedApiKey | null,
  sourceIp: string | null = null,
): Promise<VerifiedApiKey> {
  if (!apiKeyFromHeader(header)) throw new AppError('UNAUTHORIZED', messages.missing);
  const key = known === undefined ? await lookUpApiKey(db, header) : known;
  if (!key) throw new AppError('UNAUTHORIZED', messages.invalid);
  try {
    await recordApiKeyUse(db, key, sourceIp);
  } catch (error) {
    // Bookkeeping only: a failed write must not refuse a valid key.
    logger.warn(failureFields(error), 'could not record API key use');
  }
  return key;
}

/**
 * The key's questionnaire, which a concurrent deletion may just have removed. A sandbox key (pais_test_) acts
 * only in a sandbox questionnaire and a live key only in a live one: keys are minted with their
 * questionnaire's prefix and the mode never changes, so a mismatch is a key that does not belong here.
 */
function withTenant(key: VerifiedApiKey): AuthenticatedApiKey {
  if (key.tenantId === null) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  if (isSandboxKeyText(key.start) !== key.sandbox) throw new AppError('FORBIDDEN', MESSAGES.notAssociated);
  return { ...key, tenantId: key.tenantId };
}

/**
 * A procedure that needs an API key holding at least one of `scopes`. The key is in `ctx.apiKey`, with the
 * questionnaire it acts in and that questionnaire's tenant.
 */
export function apiKeyProcedure(
  scopes: ApiKeyScope | readonly ApiKeyScope[],
  messages: AuthMessages = PARTICIPANT_AUTH,
) {
  const anyOf: readonly string[] = typeof scopes === 'string' ? [scopes] : scopes;
  // One middleware, not one per step: every level of tRPC's middleware chain copies the call's options and
  // context, and the REST door runs this chain thousands of times a second.
  return publicProcedure.use(async ({ ctx, next }) => {
    // The REST door's facts about the request; a caller without them (a test, a script) has a JSON object body.
    const rest = (ctx as { rest?: RestRequestFacts }).rest ?? { bodyIsObject: true };
    const key = await authenticateApiKey(ctx.db, ctx.authorization, messages, rest.apiKey, ctx.sourceIp);
    if (!key.scopes.some((scope) => anyOf.includes(scope)))
      throw new AppError('FORBIDDEN', messages.forbidden);
    const apiKey = withTenant(key);
    if (!rest.bodyIsObject) throw new AppError('BAD_REQUEST', JSON_BODY_MESSAGES.notObject);
    return next({ ctx: { rest, apiKey } });
  });
}
