import type { Command } from 'commander';
import { withAudit } from '@/server/services/audit-log';
import { createTenant } from '@/server/services/tenants';
import { cliActor } from './cli-actor';
import { databaseCommand, textArgument } from './runtime';

export function registerTenantCommands(program: Command): void {
  databaseCommand<{ name: string }>(
    program
      .command('tenant:create')
      .description('create a tenant (a customer organisation)')
      .requiredOption('--name <name>', 'the tenant name', textArgument),
    async (db, { name }) => {
      const tenant = await withAudit(
        db,
        (tx) => createTenant(tx, { name }),
        (t) => ({
          actor: cliActor(),
          action: 'tenant.create',
          targetType: 'tenant',
          targetId: t.id,
          tenantId: t.id,
        }),
      );
      return { json: tenant, text: `Created tenant ${tenant.name} (${tenant.id})` };
    },
  );
}
