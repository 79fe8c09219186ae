import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { questionnaireAdminProcedure, questionnaireFormProcedure } from '@/server/admins/procedures';
import { maskApiKey } from '@/server/api-keys/secret';
import { env } from '@/server/platform/env';
import { AppError } from '@/server/platform/lib/errors';
import {
  API_KEY_SCOPES,
  apiKeyState,
  createApiKey,
  deleteApiKey,
  listApiKeysWithExpired,
  rollApiKey,
  ROLL_OVERLAP_NAMES,
} from '@/server/api-keys/api-keys';
import {
  RATE_LIMIT_MAX,
  RATE_LIMIT_MIN,
  rateLimitEditVersion,
  setApiKeyRateLimit,
} from '@/server/api-keys/rate-limits';
import { editVersionSchema } from '@/server/platform/lib/edit-version';
import { adminActor } from '@/server/audit/admin-actor';
import type { Db } from '@/server/platform/db/client';
import { hasInvisibleCharacters, INVISIBLE_IN_NAME_MESSAGE } from '@/server/platform/lib/identifier-text';
import { keyUsageHours, listKeyRequests } from '@/server/api-keys/request-log';
import { atMostCharactersMessage } from '@/server/platform/lib/field-messages';

const apiKeyName = z
  .string()
  .trim()
  .min(1, { error: 'Give the key a name' })
  .max(100, { error: atMostCharactersMessage(100) })
  .refine((name) => !hasInvisibleCharacters(name), { error: INVISIBLE_IN_NAME_MESSAGE });
const WHOLE_REQUESTS_PER_MINUTE = 'Enter a whole number of requests per minute';

export const apiKeyRouter = createTRPCRouter({
  list: questionnaireAdminProcedure.query(async ({ ctx }) =>
    (await listApiKeysWithExpired(ctx.db, ctx.questionnaire.id)).map((key) => ({
      id: key.id,
      name: key.name,
      maskedKey: maskApiKey(key.start, key.end),
      scopes: key.scopes,
      createdAt: key.createdAt.toISOString(),
      expiresAt: key.expiresAt?.toISOString() ?? null,
      state: apiKeyState(key),
      rolledToId: key.rolledToId,
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      lastUsedIp: key.lastUsedIp,
      // A key minted by a key draws from its root key's bucket, under the root's limit.
      rateLimitPerMinute: (key.rootKey ?? key).rateLimitPerMinute,
      rateLimitSharedWith: key.rootKey?.name ?? null,
      defaultRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
      rateLimitEditVersion: rateLimitEditVersion(key),
    })),
  ),
  /** The only response that ever carries the full key. */
  create: questionnaireFormProcedure
    .input(
      z.object({
        name: apiKeyName,
        scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, { error: 'Choose at least one scope' }),
        /** When the key stops working; null or absent: never. */
        expiresAt: z.iso.datetime({ offset: true, error: 'Choose a valid expiry date' }).nullish(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { key, record } = await ctx.once((tx) =>
        createApiKey(
          tx,
          {
            questionnaireId: ctx.questionnaire.id,
            name: input.name,
            scopes: input.scopes,
            createdByAdmin: ctx.admin.id,
            expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          },
          adminActor(ctx),
        ),
      );
      return {
        id: key.id,
        name: key.name,
        key: record.api_key,
        scopes: key.scopes,
        tenantId: ctx.questionnaire.tenantId,
        questionnaireId: ctx.questionnaire.id,
      };
    }),
  /** Issues a new value (shown once); the old one keeps working for the chosen overlap. */
  roll: questionnaireFormProcedure
    .input(z.object({ keyId: z.uuid(), overlap: z.enum(ROLL_OVERLAP_NAMES) }))
    .mutation(async ({ ctx, input }) => {
      const rolled = await ctx.once((tx) =>
        rollApiKey(
          tx,
          {
            questionnaireId: ctx.questionnaire.id,
            keyId: input.keyId,
            overlap: input.overlap,
            createdByAdmin: ctx.admin.id,
          },
          adminActor(ctx),
        ),
      );
      return {
        id: rolled.key.id,
        name: rolled.key.name,
        key: rolled.record.api_key,
        oldKeyId: rolled.old.id,
        oldKeyExpiresAt: rolled.old.expiresAt?.toISOString() ?? null,
      };
    }),
  delete: questionnaireFormProcedure.input(z.object({ keyId: z.uuid() })).mutation(async ({ ctx, input }) => {
    const deleted = await ctx.once((tx) =>
      deleteApiKey(tx, ctx.questionnaire.id, input.keyId, adminActor(ctx)),
    );
    if (!deleted) throw new AppError('NOT_FOUND', 'That key does not exist or was already deleted');
    return { id: deleted.id };
  }),
  /**
   * The key's own rate limit in requests per minute; null goes back to the service default. Refused when it
   * changed since the form's `editVersion` (the list's `rateLimitEditVersion`).
   */
  setRateLimit: questionnaireFormProcedure
    .input(
      z.object({
        keyId: z.uuid(),
        editVersion: editVersionSchema.optional(),
        perMinute: z
          .number({ error: WHOLE_REQUESTS_PER_MINUTE })
          .int({ error: WHOLE_REQUESTS_PER_MINUTE })
          .min(RATE_LIMIT_MIN, { error: `Allow at least ${RATE_LIMIT_MIN} request per minute` })
          .max(RATE_LIMIT_MAX, { error: `Allow at most ${RATE_LIMIT_MAX.toLocaleString('en')} per minute` })
          .nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const updated = await ctx.once((tx) =>
        setApiKeyRateLimit(
          tx,
          {
            keyId: input.keyId,
            questionnaireId: ctx.questionnaire.id,
            perMinute: input.perMinute,
            editVersion: input.editVersion,
          },
          adminActor(ctx),
        ),
      );
      return { id: updated.id, rateLimitPerMinute: updated.rateLimitPerMinute };
    }),
  /** The key's calls of the last days (newest first, a page at a time), for its detail view. */
  requestLog: questionnaireAdminProcedure
    .input(
      z.object({
        keyId: z.uuid(),
        filter: z.union([z.enum(['all', 'failed', 'succeeded']), z.number().int().min(100).max(599)]),
        cursor: z.string().max(80).nullish(),
      }),
    )
    .query(async ({ ctx, input }) => {
      await keyOfQuestionnaire(ctx.db, ctx.questionnaire.id, input.keyId);
      return listKeyRequests(ctx.db, input.keyId, {
        filter: input.filter,
        before: input.cursor,
        days: env.API_KEY_REQUEST_LOG_RETENTION_DAYS,
        limit: KEY_REQUEST_PAGE,
      });
    }),
  /** The key's calls per hour (the page adds them up into the Admin's own days). */
  usage: questionnaireAdminProcedure.input(z.object({ keyId: z.uuid() })).query(async ({ ctx, input }) => {
    await keyOfQuestionnaire(ctx.db, ctx.questionnaire.id, input.keyId);
    return {
      days: env.API_KEY_REQUEST_LOG_RETENTION_DAYS,
      hours: await keyUsageHours(ctx.db, input.keyId, env.API_KEY_REQUEST_LOG_RETENTION_DAYS),
    };
  }),
});

const KEY_REQUEST_PAGE = 50;

/** NOT_FOUND unless the key (live, expired or deleted) belongs to the questionnaire. */
async function keyOfQuestionnaire(db: Db, questionnaireId: string, keyId: string): Promise<void> {
  const key = await db.apiKey.findFirst({ where: { id: keyId, questionnaireId }, select: { id: true } });
  if (!key) throw new AppError('NOT_FOUND', 'That key does not exist');
}
