import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { adminProcedure, operatorProcedure } from '@/server/api/admin-procedures';
import { adminActor } from '@/server/api/admin-audit';
import { createTenant, listTenantsForAdmin, tenantName } from '@/server/services/tenants';

export const tenantRouter = createTRPCRouter({
  list: adminProcedure.query(async ({ ctx }) =>
    (await listTenantsForAdmin(ctx.db, ctx.admin)).map((t) => ({
      ...t,
      createdAt: t.createdAt.toISOString(),
    })),
  ),
  create: operatorProcedure
    .input(z.object({ name: tenantName }))
    .mutation(({ ctx, input }) => createTenant(ctx.db, input, adminActor(ctx))),
});
