import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { adminProcedure, operatorFormProcedure } from '@/server/admins/procedures';
import { adminActor } from '@/server/audit/admin-actor';
import { createTenant, listTenantsForAdmin, tenantName } from '@/server/questionnaires/tenants';
import { removeTenant, restoreTenant, tenantRemoval } from '@/server/questionnaires/removal';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';

const tenantId = z.object({ tenantId: z.uuid({ error: QUESTIONNAIRE_MESSAGES.tenantNotFound }) });

export const tenantRouter = createTRPCRouter({
  /** The live tenants, or with `archived` the archived ones; for operators, what removing each would do. */
  list: adminProcedure
    .input(z.object({ archived: z.boolean().optional() }).optional())
    .query(async ({ ctx, input }) => {
      const tenants = await listTenantsForAdmin(ctx.db, ctx.admin, { archived: input?.archived });
      return Promise.all(
        tenants.map(async (t) => ({
          ...t,
          createdAt: t.createdAt.toISOString(),
          removal: ctx.admin.isOperator ? await tenantRemoval(ctx.db, t.id) : null,
        })),
      );
    }),
  create: operatorFormProcedure
    .input(z.object({ name: tenantName }))
    .mutation(({ ctx, input }) => ctx.once((tx) => createTenant(tx, { name: input.name }, adminActor(ctx)))),
  /** Deletes a tenant without questionnaires; archives one with questionnaires. */
  remove: operatorFormProcedure.input(tenantId).mutation(async ({ ctx, input }) => ({
    removal: await ctx.once((tx) => removeTenant(tx, input.tenantId, adminActor(ctx))),
  })),
  restore: operatorFormProcedure.input(tenantId).mutation(async ({ ctx, input }) => {
    await ctx.once((tx) => restoreTenant(tx, input.tenantId, adminActor(ctx)));
    return { id: input.tenantId };
  }),
});
