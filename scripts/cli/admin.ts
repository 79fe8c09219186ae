import { type Command, InvalidArgumentError } from 'commander';
import { z } from 'zod';
import { createAuditedAdmin } from '@/server/services/admin-users';
import { AppError } from '@/server/lib/errors';
import { cliActor } from './cli-actor';
import { databaseCommand, uuidArgument } from './runtime';

function emailArgument(value: string): string {
  if (!z.email().safeParse(value.trim()).success) throw new InvalidArgumentError('must be an email address.');
  return value.trim();
}

function passwordArgument(value: string): string {
  if (value.length < 12) throw new InvalidArgumentError('must be at least 12 characters.');
  return value;
}

export function registerAdminCommands(program: Command): void {
  databaseCommand<{
    email: string;
    password: string;
    tenant?: string;
    questionnaire?: string;
    operator: boolean;
  }>(
    program
      .command('admin:create')
      .description('create an Admin user, granted a tenant or one questionnaire (or a platform operator)')
      .requiredOption('--email <E>', 'sign-in email', emailArgument)
      .requiredOption('--password <P>', 'sign-in password (at least 12 characters)', passwordArgument)
      .option('--tenant <ID>', 'grant every questionnaire of this tenant', uuidArgument)
      .option('--questionnaire <ID>', 'grant this questionnaire only', uuidArgument)
      .option('--operator', 'make a platform operator (manages tenants and questionnaires)', false),
    async (db, options) => {
      if (options.tenant && options.questionnaire) {
        throw new AppError('BAD_REQUEST', 'give either --tenant or --questionnaire, not both');
      }
      const admin = await createAuditedAdmin(
        db,
        {
          email: options.email,
          password: options.password,
          tenantId: options.tenant,
          questionnaireId: options.questionnaire,
          isOperator: options.operator,
        },
        cliActor(),
      );
      return { json: admin, text: `Created Admin ${admin.email} (${admin.id})` };
    },
  );
}
