// The CSV import of `rows` participants, timed from upload to the last row recorded, through the same
// services the Admin app uses (preview, start, the worker), with the Admin list's first page asked every
// LIST_EVERY_MS meanwhile in the same process: the list's p95 says whether the app stays responsive.
// Alone: `npm run bench -- --only-figure import [--only postgresql] [--import-rows 10000]`, or standalone on a
// throw-away PostgreSQL database: `npx tsx scripts/bench/import.ts --rows 10000`.
import { pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { createDatabase } from '@/server/platform/db/client';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { createImportPreview, getImportProgress, startImport } from '@/server/imports/job';
import { runImport } from '@/server/imports/runner';
import { participantPageSchema, searchParticipants } from '@/server/participants/search';
import { percentiles } from './http-load';
import { loadAverageNow, recordBenchResult } from './benchmarks-doc';

export interface ImportFigures {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  created: number;
  /** The Admin list's first page while the import ran. */
  listDuringImport: { samples: number; p50: number; p95: number };
}

const LIST_EVERY_MS = 50;

export async function measureImport(
  db: PrismaClient,
  scope: { questionnaireId: string; tenantId: string },
  rows: number,
): Promise<ImportFigures> {
  const prefix = `BENCH-IMPORT-${Date.now()}`;
  const lines = ['interview_ref_num,email,phone_number1,language'];
  for (let i = 1; i <= rows; i++)
    lines.push(
      `${prefix}-${i},person${i}@example.com,+1202555${String(i % 10_000).padStart(4, '0')},English`,
    );
  const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);

  const samples: number[] = [];
  let importing = true;
  const listing = (async () => {
    const query = participantPageSchema.parse({ limit: 50 });
    while (importing) {
      const started = performance.now();
      await searchParticipants(db, scope.questionnaireId, query);
      samples.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, LIST_EVERY_MS));
    }
  })();

  const started = performance.now();
  const { progress } = await createImportPreview(db, {
    scope,
    fileName: 'bench.csv',
    bytes,
    actor: { type: 'system', id: 'bench' },
  });
  await startImport(db, scope.questionnaireId, progress.id, { type: 'system' });
  await runImport(db, progress.id);
  const seconds = (performance.now() - started) / 1000;
  importing = false;
  await listing;
  const done = await getImportProgress(db, scope.questionnaireId, progress.id);
  const { p50, p95 } = percentiles(samples);
  return {
    rows,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(rows / seconds),
    created: done.created,
    listDuringImport: { samples: samples.length, p50, p95 },
  };
}

/**
 * Saves a figure as bench/results/import-<time>.json (import-embedded-<time>.json for the embedded database)
 * with the machine's load average before and after: other work on the machine moves the figure.
 */
/** Records the import figures as the set "import (<database>)" (bench/results/latest.json, docs/benchmarks.md). */
export function writeImportResult(
  database: 'embedded' | 'postgresql',
  figures: ImportFigures,
  loadAverageAtStart: number[],
): string[] {
  return recordBenchResult(`import (${database})`, { loadAverageAtStart, figures });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = new Command('bench-import')
    .option(
      '--postgres <url>',
      'PostgreSQL server for the throw-away database',
      'postgresql://postgres@127.0.0.1:5432/postgres',
    )
    .option('--rows <n>', 'rows in the file', (v) => Number(v), 10_000)
    .parse()
    .opts<{ postgres: string; rows: number }>();
  const { freshPostgresDatabase, seedQuestionnaire } = await import('./fixtures');
  const fresh = await freshPostgresDatabase(options.postgres, 'pais_bench_import');
  try {
    const seeded = await seedQuestionnaire(fresh.url);
    const database = createDatabase(fresh.url, 10);
    try {
      const loadAverageAtStart = loadAverageNow();
      const figures = await measureImport(database.prisma, seeded, options.rows);
      const file = writeImportResult('postgresql', figures, loadAverageAtStart);
      console.log(JSON.stringify(figures, null, 2), `\nwritten: ${file.join(', ')}`);
    } finally {
      await database.close();
    }
  } finally {
    await fresh.drop();
  }
}
