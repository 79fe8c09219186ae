import type { Command } from 'commander';
import { runLockedPrune } from '@/server/lifecycle/scheduler';
import type { PruneReport } from '@/server/lifecycle/prune';
import { databaseCommand } from './runtime';

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
}
