// An import's rows as downloadable CSV files: the results (each row's participant, guide link and call gate, or
// its error) and the problems (every row refused or flagged). Formula-safe fields, as the participants export.
import type { Db } from '@/server/platform/db/client';
import { csvField } from '@/server/participants/export';
import { guideLink } from '@/server/participants/guide';
import { offendingValue, storedImportFields } from '@/server/imports/offending-value';

const RESULT_COLUMNS = [
  'row',
  'interview_ref_num',
  'participant_uuid',
  'particpant_guide_link',
  'is_participant_allowed',
  'error',
] as const;
const PROBLEM_COLUMNS = ['row', 'interview_ref_num', 'problem', 'column', 'value'] as const;

type ImportRowRecord = Awaited<ReturnType<Db['participantImportRow']['findMany']>>[number];
type CsvValue = string | number | boolean | null;
const csvLine = (values: CsvValue[]) => `${values.map(csvField).join(',')}\r\n`;

/**
 * An import's rows (all, or only those with a problem) as a CSV file, streamed a thousand rows at a time.
 * Fields are formula-safe like the participants export.
 */
function importRowsCsv(
  db: Db,
  importId: string,
  options: {
    header: readonly string[];
    problemsOnly: boolean;
    lines: (rows: ImportRowRecord[]) => Promise<CsvValue[][]>;
  },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine([...options.header])}`));
        return;
      }
      try {
        const rows = await db.participantImportRow.findMany({
          where: {
            importId,
            rowNumber: { gt: after },
            ...(options.problemsOnly && { error: { not: null } }),
          },
          orderBy: { rowNumber: 'asc' },
          take: 1_000,
        });
        if (rows.length === 0) {
          controller.close();
          return;
        }
        after = rows.at(-1)!.rowNumber;
        controller.enqueue(encoder.encode((await options.lines(rows)).map(csvLine).join('')));
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/**
 * The results file: one line per row of the upload with the created participant's uuid, guide link and call
 * gate, or the error.
 */
export function importResultsCsv(db: Db, importId: string): ReadableStream<Uint8Array> {
  return importRowsCsv(db, importId, {
    header: RESULT_COLUMNS,
    problemsOnly: false,
    lines: async (rows) => {
      const attempts = await db.attempt.findMany({
        where: {
          participantId: { in: rows.filter((r) => r.state === 'created').map((r) => r.participantId) },
          number: 1,
        },
        select: { participantId: true, guideToken: true },
      });
      const tokens = new Map(attempts.map((a) => [a.participantId, a.guideToken]));
      return rows.map((r) => {
        const created = r.state === 'created';
        const token = tokens.get(r.participantId);
        return [
          r.rowNumber,
          r.irn,
          created ? r.participantId : null,
          created && token ? guideLink(token) : null,
          created ? r.isAllowed : null,
          created ? null : (r.error ?? 'Not imported yet'),
        ];
      });
    },
  });
}

/**
 * Every problem of an import (the preview's, then the run's), with the column and value it is about: the page
 * lists only the first ones.
 */
export function importProblemsCsv(db: Db, importId: string): ReadableStream<Uint8Array> {
  return importRowsCsv(db, importId, {
    header: PROBLEM_COLUMNS,
    problemsOnly: true,
    lines: (rows) =>
      Promise.resolve(
        rows.map((r) => {
          const offending = offendingValue(storedImportFields(r), r.error!);
          return [r.rowNumber, r.irn, r.error, offending?.column ?? null, offending?.value ?? null];
        }),
      ),
  });
}
