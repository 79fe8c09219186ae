// Offline replacement for `prisma migrate dev | deploy | status` (the prisma CLI needs a native engine that
// cannot be downloaded here). Runs against whatever DATABASE_URL points at.
//   npm run db:migrate -- --name add_webhooks     create a migration from schema changes and apply it
//   npm run db:deploy                             apply pending migrations
//   npm run db:status                             show the migration history's state (exit 1 unless up to date)
import { Command } from 'commander';
import { env } from '@/server/platform/env';
import { EmbeddedDatabaseBusyError } from '@/server/platform/db/embedded-lock';
import { sessionDatabaseUrl } from '@/server/platform/db/transaction-pooler';
import { createMigration, deployMigrations, migrationStatus } from '@/server/platform/db/migrations/migrator';

// Migrations take an advisory lock that must be held and released on one session: a direct connection.
const migrationsUrl = sessionDatabaseUrl(env);

const program = new Command('migrate').description('Offline Prisma migrations (WebAssembly schema engine)');

program
  .command('dev')
  .description('create a migration from prisma/schema.prisma changes, then apply pending migrations')
  .requiredOption('--name <name>', 'short snake_case name of the migration')
  .option('--create-only', 'write the migration without applying it', false)
  .action(async (opts: { name: string; createOnly: boolean }) => {
    if (!/^[a-z0-9_]+$/.test(opts.name))
      program.error('--name must use a-z, 0-9 and _ only', { exitCode: 2 });
    const folder = await createMigration(migrationsUrl, opts.name, { createOnly: opts.createOnly });
    console.log(
      folder
        ? `Created prisma/migrations/${folder}/migration.sql`
        : 'Already in sync: no schema change found.',
    );
  });

program
  .command('deploy')
  .description('apply every pending migration')
  .action(async () => {
    const applied = await deployMigrations(migrationsUrl);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
  });

program
  .command('status')
  .description('compare the database with prisma/migrations; exits 1 unless they agree')
  .action(async () => {
    const status = await migrationStatus(migrationsUrl);
    console.log(JSON.stringify(status, null, 2));
    // A release step (or a readiness check) must not go on with a database behind or ahead of this code.
    if (status.state !== 'up to date') process.exitCode = 1;
  });

program.exitOverride((err) => process.exit(err.exitCode === 1 ? 2 : err.exitCode));

try {
  await program.parseAsync();
} catch (error) {
  console.error(
    error instanceof EmbeddedDatabaseBusyError
      ? error.message
      : `Migration failed: ${(error as Error).message}`,
  );
  process.exitCode = 1;
}
