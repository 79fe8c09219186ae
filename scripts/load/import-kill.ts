// A server killed (SIGKILL) in the middle of a 10,000-row CSV import and started again: the restarted server's
// sweep takes the job over once the dead worker's lease has run out and finishes it, every row created
// exactly once. The job is uploaded and started through the same services the Admin app's upload and Start
// button call; the server finds it with the sweep it runs at start-up.
import { randomBytes } from 'node:crypto';
import { createDatabase } from '@/server/platform/db/client';
import { createImportPreview, getImportProgress, startImport } from '@/server/imports/job';
import { IMPORT_LEASE_MS } from '@/server/imports/runner';
import { seedQuestionnaire } from '../bench/fixtures';
import { startBenchServer } from '../bench/server';

export interface ImportKillFigures {
  rows: number;
  createdWhenKilled: number;
  secondsUntilFinishedAfterRestart: number;
  participantsStored: number;
  distinctIrns: number;
  participantsWithoutAttempt: number;
  rowsCreated: number;
  ok: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runImportKill(options: {
  databaseUrl: string;
  distDir: string;
  port: number;
  rows: number;
}): Promise<ImportKillFigures> {
  const seeded = await seedQuestionnaire(options.databaseUrl);
  const db = createDatabase(options.databaseUrl, 2);
  try {
    const lines = ['interview_ref_num,email'];
    for (let i = 1; i <= options.rows; i++) lines.push(`KILL-${i},k${i}@example.com`);
    const { progress } = await createImportPreview(db.prisma, {
      scope: seeded,
      fileName: 'kill.csv',
      bytes: new TextEncoder().encode(`${lines.join('\n')}\n`),
      actor: { type: 'system', id: 'load' },
    });
    await startImport(db.prisma, seeded.questionnaireId, progress.id, { type: 'system' });
    const serverOptions = {
      port: options.port,
      distDir: options.distDir,
      env: {
        DATABASE_URL: options.databaseUrl,
        NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      },
    };
    const created = async () =>
      (await getImportProgress(db.prisma, seeded.questionnaireId, progress.id)).created;
    let server = await startBenchServer(serverOptions);
    // Killed once a good part, but not all, of the file is in.
    while ((await created()) < options.rows / 4) await sleep(200);
    await server.kill();
    const createdWhenKilled = await created();
    server = await startBenchServer(serverOptions);
    const restarted = Date.now();
    // The dead worker's lease (30 s) runs out, the next sweep (every 15 s) takes the job over.
    const deadline = restarted + IMPORT_LEASE_MS + 10 * 60_000;
    while ((await getImportProgress(db.prisma, seeded.questionnaireId, progress.id)).status !== 'done') {
      if (Date.now() > deadline) break;
      await sleep(500);
    }
    const secondsUntilFinishedAfterRestart = Math.round((Date.now() - restarted) / 1000);
    await server.stop();
    const [counts] = await db.prisma.$queryRaw<
      { total: number; distinct_irns: number; without_attempt: number }[]
    >`
      SELECT count(*)::int AS total, count(DISTINCT irn)::int AS distinct_irns,
             count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM attempt a WHERE a.participant_id = p.id))::int
               AS without_attempt
      FROM participant p WHERE questionnaire_id = ${seeded.questionnaireId}::uuid`;
    const final = await getImportProgress(db.prisma, seeded.questionnaireId, progress.id);
    const figures = {
      rows: options.rows,
      createdWhenKilled,
      secondsUntilFinishedAfterRestart,
      participantsStored: counts?.total ?? 0,
      distinctIrns: counts?.distinct_irns ?? 0,
      participantsWithoutAttempt: counts?.without_attempt ?? -1,
      rowsCreated: final.created,
    };
    return {
      ...figures,
      ok:
        createdWhenKilled < options.rows &&
        final.status === 'done' &&
        figures.participantsStored === options.rows &&
        figures.distinctIrns === options.rows &&
        figures.participantsWithoutAttempt === 0 &&
        figures.rowsCreated === options.rows,
    };
  } finally {
    await db.close();
  }
}
