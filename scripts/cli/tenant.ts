import type { Command } from 'commander';
import { createTenant } from '@/server/questionnaires/tenants';
import { cliActor } from './cli-actor';
import { databaseCommand, textArgument } from './runtime';

export function registerTenantCommands(program: Command): void {
  databaseCommand<{ name: string }>(
    program
      .command('tenant:create')
      .description('create a tenant (a customer organisation)')
      .requiredOption('--name <name>', 'the tenant name', textArgument),
    async (db, { name }) => {
      const tenant = await createTenant(db, { name }, cliActor());
      return { json: tenant, text: `Created tenant ${tenant.name} (${tenant.id})` };
    },
  );
}
