// participants:import as an operator runs it (a child process), on PostgreSQL: killed with SIGKILL in the
// middle of a 10,000-row import, then resumed; every row must end up created exactly once.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');
const ROWS = 10_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('participants:import killed mid-way (PostgreSQL)', () => {
  let db: TestDatabase;
  let dir: string;
  let questionnaireId: string;
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, DATABASE_URL: db.url, NODE_ENV: 'production' });

  beforeAll(async () => {
    db = await createTestDatabase('postgresql');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-import-'));
    const tenant = await db.prisma.tenant.create({ data: { name: 'Kill Co' } });
    questionnaireId = (await db.prisma.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } })).id;
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finishes after a SIGKILL with every row created exactly once', async () => {
    const file = path.join(dir, 'cohort.csv');
    const lines = ['interview_ref_num,email'];
    for (let i = 1; i <= ROWS; i++) lines.push(`KILL-${i},k${i}@example.com`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);

    const child = spawn(
      TSX,
      ['scripts/cli.ts', 'participants:import', '--questionnaire', questionnaireId, '--file', file, '--json'],
      {
        env: env(),
        stdio: 'ignore',
      },
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
    const { stdout } = await run(
      TSX,
      [
        'scripts/cli.ts',
        'participants:import',
        '--questionnaire',
        questionnaireId,
        '--resume',
        job.id,
        '--json',
      ],
      { env: env() },
    );
    expect(JSON.parse(stdout)).toMatchObject({ status: 'done', total_rows: ROWS, created: ROWS, refused: 0 });
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
