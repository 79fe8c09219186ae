// participants:import: the CSV enrolment from a terminal, through the same preview and job as the Admin app,
// with a progress bar on stderr (none with --json, which prints one summary object).
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Command } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { AppError } from '@/server/platform/lib/errors';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import {
  createImportPreview,
  getImportProgress,
  startImport,
  type ImportProgress,
} from '@/server/imports/job';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@/server/imports/participant-import';
import { runImport } from '@/server/imports/runner';
import { cliActor } from './cli-actor';
import { databaseCommand, uuidArgument } from './runtime';

const ISSUES_PRINTED = 20;

async function readFile(file: string): Promise<Uint8Array> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new AppError('BAD_REQUEST', `No such file: ${file}`);
  // Refused before reading: a huge file is never loaded.
  if (stat.size > IMPORT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
  return fs.readFile(file);
}

/** Runs (or resumes) the job with a progress bar when stderr is a terminal. */
async function runWithProgress(db: PrismaClient, progress: ImportProgress, quiet: boolean) {
  const bar =
    !quiet && process.stderr.isTTY
      ? new SingleBar(
          {
            format:
              'Importing [{bar}] {percentage}% | {value}/{total} rows | {created} created, {refused} refused | {rate} rows/s',
            stream: process.stderr,
          },
          Presets.shades_classic,
        )
      : null;
  const payload = (p: ImportProgress) => ({ created: p.created, refused: p.refused, rate: p.rate ?? 0 });
  bar?.start(progress.totalRows, progress.done, payload(progress));
  try {
    const finished = await runImport(db, progress.id, { onProgress: (p) => bar?.update(p.done, payload(p)) });
    if (!finished)
      throw new AppError(
        'CONFLICT',
        `Import ${progress.id} is being run by another worker (a server or another CLI); follow it in the Admin app.`,
      );
  } finally {
    bar?.stop();
  }
  return getImportProgress(db, progress.questionnaireId, progress.id);
}

const summary = (p: ImportProgress) => ({
  import_id: p.id,
  questionnaire_id: p.questionnaireId,
  file_name: p.fileName,
  status: p.status,
  total_rows: p.totalRows,
  created: p.created,
  refused: p.refused,
  rows_per_second: p.rate,
});

export function registerParticipantImportCommand(program: Command): void {
  databaseCommand<{ questionnaire: string; file?: string; resume?: string; dryRun: boolean; json: boolean }>(
    program
      .command('participants:import')
      .description(
        'enrol participants from a CSV file (columns: interview_ref_num, phone_number1, phone_number2, ' +
          'external_ref_id, email, language; at most 50,000 rows and 10 MiB); bad rows are refused and listed',
      )
      .requiredOption('--questionnaire <ID>', 'the questionnaire to enrol into', uuidArgument)
      .option('--file <F.csv>', 'the CSV file')
      .option(
        '--resume <IMPORT_ID>',
        'finish an import that a stopped server or CLI left running',
        uuidArgument,
      )
      .option('--dry-run', 'check the file and list its bad rows; create no one', false),
    async (db, options) => {
      const questionnaire = await db.questionnaire.findUnique({
        where: { id: options.questionnaire },
        select: { id: true, tenantId: true },
      });
      if (!questionnaire) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
      if (options.resume) {
        const progress = await getImportProgress(db, questionnaire.id, options.resume);
        const done =
          progress.status === 'done' ? progress : await runWithProgress(db, progress, options.json);
        return {
          json: summary(done),
          text: `Import ${done.id}: ${done.created} created, ${done.refused} refused.`,
        };
      }
      if (!options.file) throw new AppError('BAD_REQUEST', 'Give --file <F.csv> (or --resume <IMPORT_ID>).');
      const { progress, issues } = await createImportPreview(db, {
        scope: { questionnaireId: questionnaire.id, tenantId: questionnaire.tenantId },
        fileName: path.basename(options.file),
        bytes: await readFile(options.file),
        actor: cliActor(),
      });
      const issueLines = issues.slice(0, ISSUES_PRINTED).map((i) => `  row ${i.row}: ${i.message}`);
      if (issues.length > ISSUES_PRINTED)
        issueLines.push(`  … and more (see the results file in the Admin app)`);
      if (!options.json && issueLines.length)
        process.stderr.write(`${issues.length} row(s) will be refused:\n${issueLines.join('\n')}\n`);
      if (options.dryRun)
        return {
          json: { ...summary(progress), issues },
          text: `Checked ${progress.totalRows} rows: ${progress.totalRows - issues.length} would be created. No one was created.`,
        };
      await startImport(db, questionnaire.id, progress.id, cliActor());
      const done = await runWithProgress(db, progress, options.json);
      return {
        json: { ...summary(done), issues },
        text: `Imported ${done.fileName}: ${done.created} created, ${done.refused} refused (import ${done.id}).`,
      };
    },
  );
}
