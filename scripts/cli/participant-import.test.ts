// participants:import as an operator runs it (a child process), on PostgreSQL: killed with SIGKILL in the
// middle of a 10,000-row import, then resumed; every row must end up created exactly once.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@/server/platform/db/client';
import { testDatabaseKinds } from '@/server/test/database';
import { createCliDatabase, runCli, spawnCli, type CliDatabase } from './test-cli';

const ROWS = 10_000;
// PostgreSQL only: the test counts the rows from a connection of its own while the CLI imports, which the
// embedded database (one process at a time) does not admit.
const onPostgres = testDatabaseKinds().includes('postgresql');

describe.skipIf(!onPostgres)('participants:import killed mid-way (PostgreSQL)', () => {
  let cliDatabase: CliDatabase;
  let db: Database;
  let questionnaireId: string;

  beforeAll(async () => {
    cliDatabase = await createCliDatabase('postgresql');
    db = createDatabase(cliDatabase.url, 2);
    const tenant = await db.prisma.tenant.create({ data: { name: 'Kill Co' } });
    questionnaireId = (await db.prisma.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } })).id;
  });
  afterAll(async () => {
    await db?.close();
    await cliDatabase?.close();
  });

  it('finishes after a SIGKILL with every row created exactly once', async () => {
    const file = path.join(cliDatabase.dir, 'cohort.csv');
    const lines = ['interview_ref_num,email'];
    for (let i = 1; i <= ROWS; i++) lines.push(`KILL-${i},k${i}@example.com`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);

    const child = spawnCli(
      cliDatabase,
      ['participants:import', '--questionnaire', questionnaireId, '--file', file, '--json'],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Killed once a good part, but not all, of the file is in.
    for (;;) {
      const created = await db.prisma.participant.count({ where: { questionnaireId } });
      if (created >= 1_500) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGKILL');
    await exited;
    const job = await db.prisma.participantImport.findFirstOrThrow({ where: { questionnaireId } });
    expect(job.status).toBe('running');
    const before = await db.prisma.participant.count({ where: { questionnaireId } });
    expect(before).toBeLessThan(ROWS);

    // The dead worker's lease runs out (30 s in production; here the clock is moved, not waited for).
    await db.prisma.participantImport.update({ where: { id: job.id }, data: { leaseUntil: new Date(0) } });
    const resumed = await runCli(cliDatabase, [
      'participants:import',
      '--questionnaire',
      questionnaireId,
      '--resume',
      job.id,
      '--json',
    ]);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      status: 'done',
      total_rows: ROWS,
      created: ROWS,
      refused: 0,
    });
    const [counts] = await db.prisma.$queryRaw<{ total: number; distinct_irns: number }[]>`
      SELECT count(*)::int AS total, count(DISTINCT irn)::int AS distinct_irns
      FROM participant WHERE questionnaire_id = ${questionnaireId}::uuid`;
    expect(counts).toEqual({ total: ROWS, distinct_irns: ROWS });
    const attempts = await db.prisma.attempt.count({ where: { participant: { questionnaireId } } });
    expect(attempts).toBe(ROWS);
    const rows = await db.prisma.participantImportRow.groupBy({
      by: ['state'],
      where: { importId: job.id },
      _count: { _all: true },
    });
    expect(rows).toEqual([{ state: 'created', _count: { _all: ROWS } }]);
  }, 240_000);
});
