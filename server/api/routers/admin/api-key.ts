import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { questionnaireAdminProcedure } from '@/server/api/admin-procedures';
import { maskApiKey } from '@/server/auth/api-key-secret';
import { AppError } from '@/server/lib/errors';
import { API_KEY_SCOPES, createApiKey, deleteApiKey, listApiKeys } from '@/server/services/api-keys';

export const apiKeyName = z
  .string()
  .trim()
  .min(1, { error: 'Give the key a name' })
  .max(100, { error: 'Use at most 100 characters' });

export const apiKeyRouter = createTRPCRouter({
  list: questionnaireAdminProcedure.query(async ({ ctx }) =>
    (await listApiKeys(ctx.db, ctx.questionnaire.id)).map((key) => ({
      id: key.id,
      name: key.name,
      maskedKey: maskApiKey(key.start, key.end),
      scopes: key.scopes,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
  ),
  /** The only response that ever carries the full key. */
  create: questionnaireAdminProcedure
    .input(
      z.object({
        name: apiKeyName,
        scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, { error: 'Choose at least one scope' }),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { key, record } = await createApiKey(ctx.db, {
        questionnaireId: ctx.questionnaire.id,
        name: input.name,
        scopes: input.scopes,
        createdByAdmin: ctx.admin.id,
      });
      return {
        id: key.id,
        name: key.name,
        key: record.api_key,
        scopes: key.scopes,
        tenantId: ctx.questionnaire.tenantId,
        questionnaireId: ctx.questionnaire.id,
      };
    }),
  delete: questionnaireAdminProcedure
    .input(z.object({ keyId: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      const deleted = await deleteApiKey(ctx.db, ctx.questionnaire.id, input.keyId);
      if (!deleted) throw new AppError('NOT_FOUND', 'That key does not exist or was already deleted');
      return { id: deleted.id };
    }),
});
