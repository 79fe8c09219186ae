// The public API-key endpoints: a key acts only on keys of its own questionnaire, named in the path with the
// questionnaire's tenant. And ours: GET /v1/me, the calling key itself.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { AppError } from '@/server/platform/lib/errors';
import {
  API_KEY_SCOPES,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  toApiKeyRecord,
  type ApiKeyScope,
} from '@/server/api-keys/api-keys';
import { maskApiKey } from '@/server/api-keys/secret';
import { env } from '@/server/platform/env';
import { callingKeyInput, callingKeyOutput } from '@/server/rest-contract/calling-key';
import { apiKeyActor } from '@/server/api-keys/rest-context';
import { apiKeyProcedure } from '@/server/api-keys/rest-procedures';
import {
  API_KEY_AUTH,
  API_KEY_MESSAGES,
  keyAlreadyCreatedMessage,
  type AuthMessages,
} from '@/server/api-keys/messages';
import { REST_MESSAGES } from '@/server/rest-contract/messages';
import { storeRefusalForReplays } from '@/server/api-keys/idempotency';
import { inTransaction } from '@/server/platform/db/transaction';
import {
  apiKeyCreateInput,
  apiKeyDeleteInput,
  apiKeyListInput,
  apiKeyListOutput,
  apiKeyRecordOutput,
} from '@/server/rest-contract/schemas';

const { notAuthorized: NOT_AUTHORIZED, keyNotFound: KEY_NOT_FOUND } = API_KEY_MESSAGES;

/**
 * An API-key endpoint: the key needs one of `scopes`, and the path's tenant and questionnaire must be the
 * key's own. That is checked before the body, so a key learns nothing about another tenant's keys.
 */
function keyManagementProcedure(
  scopes: ApiKeyScope | ApiKeyScope[],
  messages: AuthMessages,
  otherTenant: () => AppError,
) {
  return apiKeyProcedure(scopes, messages).use(async ({ ctx, getRawInput, next }) => {
    const path = (await getRawInput()) as { tenant_id?: unknown; questionnaire_id?: unknown };
    const same = (value: unknown, expected: string) =>
      typeof value === 'string' && value.toLowerCase() === expected;
    if (
      !same(path.tenant_id, ctx.apiKey.tenantId) ||
      !same(path.questionnaire_id, ctx.apiKey.questionnaireId)
    )
      throw otherTenant();
    return next();
  });
}

const TAGS = ['API keys'];
const BASE = '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys';

/** A path segment as the client meant it (a raw key may arrive percent-encoded). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export const apiKeyRouter = createTRPCRouter({
  me: apiKeyProcedure(API_KEY_SCOPES)
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/me',
        operationId: 'getCallingKey',
        tags: TAGS,
        summary: 'The calling key (who am I)',
        description:
          'Beyond the published interface. The key in the Authorization header as it acts: its id, masked ' +
          'value, name, scopes, mode (test for a sandbox questionnaire’s pais_test_ key), expiry, ' +
          'questionnaire, that questionnaire’s tenant (the tenant_id of the key paths) and its rate limit. ' +
          'Any valid key may ask, whatever its scopes.',
      },
    })
    .input(callingKeyInput)
    .output(callingKeyOutput)
    .query(({ ctx }) => {
      const key = ctx.apiKey;
      return {
        id: key.id,
        api_key: maskApiKey(key.start, key.end),
        key_name: key.name,
        scopes: key.scopes,
        mode: key.sandbox ? ('test' as const) : ('live' as const),
        expires_at: key.expiresAt?.toISOString() ?? null,
        questionnaire_id: key.questionnaireId,
        tenant_id: key.tenantId,
        rate_limit: {
          // What the door allowed this request; a caller without the door reads the key's own.
          requests_per_minute:
            ctx.rest.rateLimitPerMinute ??
            ctx.rest.apiKey?.rateLimit.perMinute ??
            key.rateLimitPerMinute ??
            env.API_RATE_LIMIT_PER_MINUTE,
          shared: key.rootKeyId !== null,
        },
      };
    }),

  create: keyManagementProcedure(
    'apikey:write',
    { ...API_KEY_AUTH, forbidden: NOT_AUTHORIZED },
    () => new AppError('FORBIDDEN', NOT_AUTHORIZED),
  )
    .meta({
      openapi: {
        method: 'POST',
        path: BASE,
        operationId: 'createApiKey',
        tags: TAGS,
        summary: 'Create API key',
        description:
          'Two request variants are accepted: `scopes` (A) or `permissions` (B); the response names the ' +
          'granted list the same way. The full api_key is returned only in this response. ' +
          'Needs the apikey:write scope, and a key may grant only scopes it holds itself: asking for any ' +
          'other is 403 "You are not authorized to perform this operation", as is any request with the old ' +
          'value of a rolled key. The new key never outlives or out-rates its creator: without expires_at it ' +
          'expires when the creating key does, a later expires_at is refused (400), and its requests draw from ' +
          'the same rate-limit bucket as the creating key, under the limit of the first key of the tree (the ' +
          'key no key created): all keys minted from one key together make no more requests than it may. ' +
          'Deleting or rolling the creating key deletes the new key too, and every key minted from it. ' +
          'A questionnaire holds at most API_KEYS_PER_QUESTIONNAIRE_MAX live keys (100 by default); one more ' +
          'is 409. With an Idempotency-Key, sending the request again creates no second key: as the value is ' +
          'shown only once, the repeat gets 409 naming the key created (delete it if the first answer was ' +
          'lost).',
      },
      successStatus: 201,
    })
    .input(apiKeyCreateInput)
    .output(apiKeyRecordOutput)
    .mutation(async ({ ctx, input }) => {
      if (input.scopes !== undefined && input.permissions !== undefined)
        throw new AppError('BAD_REQUEST', API_KEY_MESSAGES.bothScopeFields);
      const scopeField = input.permissions !== undefined ? 'permissions' : 'scopes';
      const ref = ctx.rest.idempotency;
      return inTransaction(ctx.db, async (tx) => {
        const { record } = await createApiKey(
          tx,
          {
            questionnaireId: ctx.apiKey.questionnaireId,
            name: input.key_name,
            // The service refuses values that are not scopes, naming them.
            scopes: (input[scopeField] ?? []) as ApiKeyScope[],
            scopeField,
            createdByKey: ctx.apiKey.id,
            expiresAt: input.expires_at ? new Date(input.expires_at) : null,
          },
          apiKeyActor(ctx),
        );
        // The answer holds the key's value, shown once: a repeat gets a 409 naming the key, stored with it.
        if (ref)
          await storeRefusalForReplays(tx, ref, {
            status: 409,
            message: keyAlreadyCreatedMessage(record.id),
          });
        return record;
      });
    }),

  list: keyManagementProcedure(
    ['apikey:write', 'apikey:delete'],
    API_KEY_AUTH,
    () => new AppError('FORBIDDEN', NOT_AUTHORIZED),
  )
    .meta({
      openapi: {
        method: 'GET',
        path: BASE,
        operationId: 'listApiKeys',
        tags: TAGS,
        summary: 'List API keys',
        description:
          'The questionnaire’s live keys, newest first, each api_key masked. ' +
          'Needs the apikey:write or apikey:delete scope.',
      },
    })
    .input(apiKeyListInput)
    .output(apiKeyListOutput)
    .query(async ({ ctx }) =>
      (await listApiKeys(ctx.db, ctx.apiKey.questionnaireId)).map((key) => toApiKeyRecord(key)),
    ),

  delete: keyManagementProcedure(
    'apikey:delete',
    API_KEY_AUTH,
    () => new AppError('NOT_FOUND', KEY_NOT_FOUND),
  )
    .meta({
      openapi: {
        method: 'DELETE',
        path: `${BASE}/{apikey}`,
        operationId: 'deleteApiKey',
        tags: TAGS,
        summary: 'Delete API key',
        description:
          'Names the key by its raw value (variant A) or by its id, a UUID (variant B). The deletion is ' +
          'permanent: any later request with the key gets 401. Every key the deleted key minted, and every ' +
          'key minted from those, is deleted with it in the same transaction (other instances of the service ' +
          'refuse them within 5 seconds, as the key itself). Rolling a key in the Admin app deletes the keys ' +
          'it minted the same way, at once, whatever the overlap of its old value. Needs the apikey:delete ' +
          'scope.',
      },
      successStatus: 204,
    })
    .input(apiKeyDeleteInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const idOrValue = decodeSegment(input.apikey).trim();
      if (!idOrValue) throw new AppError('BAD_REQUEST', REST_MESSAGES.apiKeyValueRequired);
      const deleted = await deleteApiKey(ctx.db, ctx.apiKey.questionnaireId, idOrValue, apiKeyActor(ctx));
      if (!deleted) throw new AppError('NOT_FOUND', KEY_NOT_FOUND);
    }),
});
