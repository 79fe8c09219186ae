import { type Command, InvalidArgumentError } from 'commander';
import { z } from 'zod';
import { createAuditedAdmin, resetAdminPassword } from '@/server/admins/users';
import { generatePassword } from '@/server/admins/passwords';
import { AppError } from '@/server/platform/lib/errors';
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

/** What the operator passes on: a password they (and their shell history) saw works once, and not for long. */
const temporaryPasswordNote = (expiresAt: Date | null) =>
  `It signs in until ${expiresAt?.toISOString() ?? '?'} (ADMIN_INVITATION_EXPIRY_HOURS), and only to choose the Admin's own.`;

export function registerAdminCommands(program: Command): void {
  databaseCommand<{
    email: string;
    password?: string;
    tenant?: string;
    questionnaire?: string;
    operator: boolean;
  }>(
    program
      .command('admin:create')
      .description(
        'create an Admin user, granted a tenant or one questionnaire (or a platform operator), with a temporary password the Admin replaces at the first sign-in',
      )
      .requiredOption('--email <E>', 'sign-in email', emailArgument)
      .option(
        '--password <P>',
        'temporary sign-in password (at least 12 characters); omitted: one is generated and printed',
        passwordArgument,
      )
      .option('--tenant <ID>', 'grant every questionnaire of this tenant', uuidArgument)
      .option('--questionnaire <ID>', 'grant this questionnaire only', uuidArgument)
      .option('--operator', 'make a platform operator (manages tenants and questionnaires)', false),
    async (db, options) => {
      if (options.tenant && options.questionnaire) {
        throw new AppError('BAD_REQUEST', 'give either --tenant or --questionnaire, not both');
      }
      const generated = options.password ? null : generatePassword();
      const admin = await createAuditedAdmin(
        db,
        {
          email: options.email,
          password: options.password ?? generated!,
          tenantId: options.tenant,
          questionnaireId: options.questionnaire,
          isOperator: options.operator,
          mustChangePassword: true,
        },
        cliActor(),
      );
      return {
        json: {
          id: admin.id,
          email: admin.email,
          ...(generated ? { temporaryPassword: generated } : {}),
          passwordExpiresAt: admin.passwordExpiresAt?.toISOString() ?? null,
        },
        text:
          `Created Admin ${admin.email} (${admin.id})\n` +
          (generated ? `Temporary password: ${generated}\n` : '') +
          temporaryPasswordNote(admin.passwordExpiresAt),
      };
    },
  );

  databaseCommand<{ email: string }>(
    program
      .command('admin:reset-password')
      .description(
        "give an Admin a new generated temporary password (for an expired invitation or a lost password); ends the Admin's sessions",
      )
      .requiredOption('--email <E>', 'the Admin’s sign-in email', emailArgument),
    async (db, options) => {
      const reset = await resetAdminPassword(db, options.email, cliActor());
      return {
        json: reset,
        text:
          `New temporary password for ${reset.email}: ${reset.temporaryPassword}\n` +
          temporaryPasswordNote(reset.passwordExpiresAt),
      };
    },
  );
}
