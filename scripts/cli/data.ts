import type { Command } from 'commander';
import { runLockedPrune } from '@/server/data-lifecycle/scheduler';
import type { PruneReport } from '@/server/data-lifecycle/prune';
import { env } from '@/server/platform/env';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from '@/server/platform/lifecycle/embedded-backup';
import { databaseCommand, EXIT_FAILURE } from './runtime';

/** A command that opens no database itself (the backup opens its own): one JSON object or text, or an error line. */
function fileCommand<Options extends Record<string, unknown>>(
  command: Command,
  work: (options: Options) => Promise<{ json: Record<string, unknown>; text: string }>,
): Command {
  return command
    .option('--json', 'print one JSON object on stdout', false)
    .action(async (options: Options & { json: boolean }) => {
      try {
        const result = await work(options);
        process.stdout.write(options.json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
      } catch (error) {
        console.error(`error: ${(error as Error).message}`);
        process.exitCode = EXIT_FAILURE;
      }
    });
}

function pruneText(report: PruneReport): string {
  const verb = report.dryRun ? 'would remove' : 'removed';
  const width = Math.max(...Object.keys(report.removed).map((t) => t.length));
  return [
    `Retention at ${report.at}${report.dryRun ? ' (dry run: nothing changed)' : ''}, rows ${verb}:`,
    ...Object.entries(report.removed).map(([table, n]) => `  ${table.padEnd(width)}  ${n}`),
    `Partitions ${report.dryRun ? 'that would be dropped' : 'dropped'}: ${report.partitionsDropped.join(', ') || 'none'}`,
    ...(report.dryRun ? [] : [`Partitions created ahead: ${report.partitionsCreated.join(', ') || 'none'}`]),
  ].join('\n');
}

export function registerDataCommands(program: Command): void {
  databaseCommand(
    program
      .command('data:prune')
      .description(
        'apply the retention settings now (the server also does so every DATA_PRUNE_INTERVAL_MINUTES): remove history past retention, drop past partitions, create the coming months’ ones',
      )
      .option('--dry-run', 'count what would be removed, change nothing', false),
    async (db, options: { dryRun: boolean }) => {
      const report = await runLockedPrune(db, { dryRun: options.dryRun });
      if (!report) throw new Error('another instance is pruning right now: try again in a few minutes');
      return {
        json: {
          dry_run: report.dryRun,
          at: report.at,
          removed: report.removed,
          partitions_dropped: report.partitionsDropped,
          partitions_created: report.partitionsCreated,
        },
        text: pruneText(report),
      };
    },
  );

  fileCommand(
    program
      .command('db:backup')
      .description(
        'write a consistent copy of the embedded database (DATABASE_URL=pglite:…) to a file; the server must be stopped meanwhile (it takes seconds)',
      )
      .requiredOption('--out <file>', 'the backup file to write (a gzipped tar)'),
    async (options: { out: string }) => {
      const summary = await backupEmbeddedDatabase(env.DATABASE_URL, options.out);
      return {
        json: {
          file: summary.file,
          bytes: summary.bytes,
          participants: summary.participants,
          migrations: summary.migrations,
        },
        text: `Backed up ${summary.participants} participants (${summary.migrations} migrations applied) to ${summary.file} (${summary.bytes} bytes).\nKeep the app secret (./data/app-secret or NEXTAUTH_SECRET) with it: the webhook secrets in it are sealed with that.`,
      };
    },
  );
  fileCommand(
    program
      .command('db:restore')
      .description('restore a db:backup file into a new embedded database directory')
      .requiredOption('--from <file>', 'the backup file')
      .requiredOption('--to <dir>', 'a directory that does not exist yet (or is empty)'),
    async (options: { from: string; to: string }) => {
      const summary = await restoreEmbeddedDatabase(options.from, options.to);
      return {
        json: {
          data_dir: summary.dataDir,
          participants: summary.participants,
          migrations: summary.migrations,
        },
        text: `Restored ${summary.participants} participants into ${summary.dataDir}.\nServe it with DATABASE_URL=pglite:${summary.dataDir} (and the same app secret as when the backup was taken).`,
      };
    },
  );
}
