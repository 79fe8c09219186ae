// CSV enrolment against a real database: the preview's checks, the job, the results file, a second upload of
// the same file, and a worker that died between creating participants and recording them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { AppError } from '@/server/lib/errors';
import { createParticipant } from './participants';
import { testActor } from '@/server/test/actor';
import {
  createImportPreview,
  getImportProgress,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importResultsCsv,
  parseImportFile,
  resumeImports,
  runImport,
  startImport,
} from './participant-import';

const bytes = (text: string) => new TextEncoder().encode(text);
const actor = { type: 'cli' as const, id: 'tester' };

function csv(rows: number, prefix: string, bad: Record<number, string> = {}): string {
  const lines = ['Interview_Ref_Num,EMAIL,phone_number1'];
  for (let i = 1; i <= rows; i++)
    lines.push(bad[i] ?? `${prefix}-${i},p${i}@example.com,+1415555${String(i).padStart(4, '0')}`);
  return `${lines.join('\n')}\n`;
}

async function refusedMessage(work: () => unknown): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('reading an import file', () => {
  it('matches header names in any letter case and keeps the row order', () => {
    expect(parseImportFile(bytes('\uFEFFINTERVIEW_REF_NUM,Language\r\nA-1,German\r\nA-2,\r\n'))).toEqual([
      { irn: 'A-1', language: 'German' },
      { irn: 'A-2', language: '' },
    ]);
  });

  it('refuses what it cannot read, each with its own message', async () => {
    expect(await refusedMessage(() => parseImportFile(bytes('')))).toBe(IMPORT_MESSAGES.empty);
    expect(await refusedMessage(() => parseImportFile(bytes('interview_ref_num\n')))).toBe(
      IMPORT_MESSAGES.noRows,
    );
    expect(await refusedMessage(() => parseImportFile(bytes('email\nx@example.com\n')))).toBe(
      IMPORT_MESSAGES.noIrnColumn,
    );
    expect(await refusedMessage(() => parseImportFile(bytes('interview_ref_num,emial\nA,b\n')))).toBe(
      IMPORT_MESSAGES.unknownColumns(['emial']),
    );
    expect(await refusedMessage(() => parseImportFile(new Uint8Array([0x69, 0x0a, 0xff, 0xfe])))).toBe(
      IMPORT_MESSAGES.notUtf8,
    );
    expect(await refusedMessage(() => parseImportFile(bytes('interview_ref_num\n"A\n')))).toMatch(
      /^The file is not valid CSV: /,
    );
    expect(await refusedMessage(() => parseImportFile(new Uint8Array(IMPORT_MAX_BYTES + 1)))).toBe(
      'The file is larger than 10 MiB. Split it into smaller files.',
    );
    const tooMany = `interview_ref_num\n${Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `R${i}`).join('\n')}`;
    expect(await refusedMessage(() => parseImportFile(bytes(tooMany)))).toBe(
      'The file has more than 50,000 rows. Split it into smaller files.',
    );
  });

  it('stops reading at the row limit: a 10 MiB file of tiny rows, or one broken far past the limit, is "too many rows"', async () => {
    // 10 MiB of "1\n": 5 M rows, refused after 50,001 of them (issue 29, N4).
    const tiny = new Uint8Array(IMPORT_MAX_BYTES).fill(0x0a);
    tiny.set(bytes('interview_ref_num\n'));
    for (let i = 18; i < tiny.length; i += 2) tiny[i] = 0x31;
    expect(await refusedMessage(() => parseImportFile(tiny))).toBe(IMPORT_MESSAGES.tooManyRows);
    // The unclosed quote on row 60,000 is never reached: parsing stopped before it.
    const rows = Array.from({ length: 60_000 }, (_, i) => (i === 59_999 ? '"broken' : `R${i}`));
    expect(
      await refusedMessage(() => parseImportFile(bytes(`interview_ref_num\n${rows.join('\n')}\n`))),
    ).toBe(IMPORT_MESSAGES.tooManyRows);
    // Exactly at the limit the file is read whole.
    const atLimit = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `R${i}`).join('\n');
    expect(parseImportFile(bytes(`interview_ref_num\n${atLimit}\n`))).toHaveLength(IMPORT_MAX_ROWS);
  });
});

describe.each(testDatabaseKinds())('participant import on %s', (kind) => {
  let db: TestDatabase;
  let scope: { questionnaireId: string; tenantId: string };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const tenant = await db.prisma.tenant.create({ data: { name: 'Import Co' } });
    const questionnaire = await db.prisma.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } });
    scope = { questionnaireId: questionnaire.id, tenantId: tenant.id };
  });
  afterAll(() => db.close());

  const participants = (prefix: string) =>
    db.prisma.participant.count({
      where: { questionnaireId: scope.questionnaireId, irn: { startsWith: prefix } },
    });
  const preview = (text: string) =>
    createImportPreview(db.prisma, { scope, fileName: 'cohort.csv', bytes: bytes(text), actor });
  const readResults = async (importId: string) =>
    (await new Response(importResultsCsv(db.prisma, importId)).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  it('previews with the create’s messages, imports the good rows, and a second upload creates nobody', async () => {
    const file = csv(50, 'COH', { 7: 'COH-7,not-an-email,', 9: ' ,x@example.com,', 12: 'COH-11,,' });
    const first = await preview(file);
    expect(first.issues).toEqual([
      { row: 7, irn: 'COH-7', message: 'Invalid email format' },
      { row: 9, irn: '', message: 'IRN cannot be empty.' },
      {
        row: 12,
        irn: 'COH-11',
        message: 'Error: Duplicate IRN. IRN number COH-11 has already been assigned to another participant.',
      },
    ]);
    expect(first.progress).toMatchObject({ status: 'preview', totalRows: 50, invalidRows: 2, created: 0 });
    // Nothing is written before the import is started.
    expect(await participants('COH')).toBe(0);
    expect((await startImport(db.prisma, scope.questionnaireId, first.progress.id, testActor)).started).toBe(
      true,
    );
    // A double start (a double click) changes nothing.
    expect((await startImport(db.prisma, scope.questionnaireId, first.progress.id, testActor)).started).toBe(
      false,
    );
    const seen: number[] = [];
    expect(await runImport(db.prisma, first.progress.id, { onProgress: (p) => seen.push(p.done) })).toBe(
      true,
    );
    expect(seen.at(-1)).toBe(50);
    expect(await getImportProgress(db.prisma, scope.questionnaireId, first.progress.id)).toMatchObject({
      status: 'done',
      done: 50,
      created: 47,
      refused: 3,
    });
    expect(await participants('COH')).toBe(47);
    const results = await readResults(first.progress.id);
    expect(results[0]).toBe(
      'row,interview_ref_num,participant_uuid,particpant_guide_link,is_participant_allowed,error',
    );
    expect(results).toHaveLength(51);
    expect(results[1]).toMatch(/^1,COH-1,[0-9a-f-]{36},http:\/\/localhost:\d+\/guide\/[\w-]+,true,$/);
    expect(results[7]).toBe('7,COH-7,,,,Invalid email format');
    const stored = await db.prisma.participant.findFirstOrThrow({ where: { irn: 'COH-1' } });
    expect(results[1]).toContain(stored.id);

    const second = await preview(file);
    expect(second.issues).toHaveLength(50);
    await startImport(db.prisma, scope.questionnaireId, second.progress.id, testActor);
    await runImport(db.prisma, second.progress.id);
    expect(await getImportProgress(db.prisma, scope.questionnaireId, second.progress.id)).toMatchObject({
      created: 0,
      refused: 50,
    });
    expect(await participants('COH')).toBe(47);
    expect((await readResults(second.progress.id))[1]).toBe(
      '1,COH-1,,,,Error: Duplicate IRN. IRN number COH-1 has already been assigned to another participant.',
    );
  });

  it('resumes a job whose worker died after creating participants it had not recorded, creating each once', async () => {
    const { progress } = await preview(csv(300, 'RES'));
    await startImport(db.prisma, scope.questionnaireId, progress.id, testActor);
    // The dead worker: it claimed the job, created the first 150 rows' participants, and never recorded them.
    await db.prisma.participantImport.update({
      where: { id: progress.id },
      data: { leaseUntil: new Date(Date.now() + 60_000) },
    });
    const rows = await db.prisma.participantImportRow.findMany({
      where: { importId: progress.id },
      orderBy: { rowNumber: 'asc' },
      take: 150,
    });
    for (const row of rows)
      await createParticipant(
        db.prisma,
        scope,
        { projectId: scope.questionnaireId, irn: row.irn },
        { participantId: row.participantId, actor: testActor },
      );
    // Its lease still runs: nobody takes the job over yet.
    expect(await resumeImports(db.prisma)).toEqual([]);
    // The lease runs out (the server is gone): the next sweep finishes the job.
    await db.prisma.participantImport.update({
      where: { id: progress.id },
      data: { leaseUntil: new Date(0) },
    });
    expect(await resumeImports(db.prisma)).toEqual([progress.id]);
    expect(await getImportProgress(db.prisma, scope.questionnaireId, progress.id)).toMatchObject({
      status: 'done',
      created: 300,
      refused: 0,
    });
    expect(await participants('RES')).toBe(300);
    const ids = await db.prisma.participantImportRow.findMany({ where: { importId: progress.id } });
    const stored = await db.prisma.participant.findMany({
      where: { irn: { startsWith: 'RES-' } },
      select: { id: true },
    });
    expect(new Set(stored.map((p) => p.id))).toEqual(new Set(ids.map((r) => r.participantId)));
  });

  it('at shutdown stops after the chunk in hand and hands the job back for another worker to resume at once', async () => {
    const { progress } = await preview(csv(30, 'STOP'));
    await startImport(db.prisma, scope.questionnaireId, progress.id, testActor);
    // The server is draining: the worker finishes its current chunk, records it, releases its lease.
    expect(await runImport(db.prisma, progress.id, { batchRows: 10, shouldStop: () => true })).toBe(false);
    const job = await db.prisma.participantImport.findUniqueOrThrow({ where: { id: progress.id } });
    expect(job.leaseUntil).toBeNull();
    expect(await getImportProgress(db.prisma, scope.questionnaireId, progress.id)).toMatchObject({
      status: 'running',
      created: 10,
    });
    // Another instance's sweep takes it over without waiting for a lease to expire.
    expect(await resumeImports(db.prisma)).toEqual([progress.id]);
    expect(await participants('STOP')).toBe(30);
  });

  it('refuses just the later row of an IRN repeated inside a chunk or across chunks, and one taken meanwhile', async () => {
    const file = csv(12, 'DUP', { 3: 'DUP-1,x3@example.com,', 6: 'DUP-5,x6@example.com,', 11: 'DUP-2,,' });
    const { progress, issues } = await preview(file);
    expect(issues.map((i) => i.row)).toEqual([3, 6, 11]);
    // Taken after the preview, before the import runs: refused at run time by the create.
    await createParticipant(
      db.prisma,
      scope,
      { projectId: scope.questionnaireId, irn: 'DUP-8' },
      { actor: testActor },
    );
    await startImport(db.prisma, scope.questionnaireId, progress.id, testActor);
    // Chunks of four rows: rows 1-4 hold DUP-1 twice, DUP-5 (row 5) and its repeat (row 6) share the second
    // chunk, DUP-2 (row 2) comes back in the third.
    await runImport(db.prisma, progress.id, { batchRows: 4 });
    expect(await getImportProgress(db.prisma, scope.questionnaireId, progress.id)).toMatchObject({
      status: 'done',
      created: 8,
      refused: 4,
    });
    const duplicate = (irn: string) =>
      `Error: Duplicate IRN. IRN number ${irn} has already been assigned to another participant.`;
    const results = await readResults(progress.id);
    expect(results.filter((line) => line.includes('Duplicate IRN'))).toEqual([
      `3,DUP-1,,,,${duplicate('DUP-1')}`,
      `6,DUP-5,,,,${duplicate('DUP-5')}`,
      `8,DUP-8,,,,${duplicate('DUP-8')}`,
      `11,DUP-2,,,,${duplicate('DUP-2')}`,
    ]);
    const stored = await db.prisma.participant.findMany({
      where: { irn: { startsWith: 'DUP-' } },
      select: { irn: true, email: true },
      orderBy: { irn: 'asc' },
    });
    expect(stored).toHaveLength(9);
    // The first row of each repeated IRN is the one created.
    expect(stored.find((p) => p.irn === 'DUP-1')?.email).toBe('p1@example.com');
    expect(stored.find((p) => p.irn === 'DUP-5')?.email).toBe('p5@example.com');
  });

  it('an import of another questionnaire is not found', async () => {
    const { progress } = await preview(csv(1, 'OTHER'));
    const other = await db.prisma.questionnaire.create({ data: { tenantId: scope.tenantId, name: 'Other' } });
    expect(await refusedMessage(() => getImportProgress(db.prisma, other.id, progress.id))).toBe(
      'Import not found',
    );
    expect(await refusedMessage(() => startImport(db.prisma, other.id, progress.id, testActor))).toBe(
      'Import not found',
    );
  });
});
