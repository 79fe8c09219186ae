// The Admin door's import procedures on a real database: start (audited once, however often it is clicked),
// progress polling, and a job whose worker died being resumed by whoever watches it.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCallerFor } from '@/server/test/admin-caller';
import { seedQuestionnaire } from '@/server/test/questionnaire-fixture';
import { createAdmin } from '@/server/admins/users';
import { createImportPreview } from '@/server/imports/job';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';

describe.each(testDatabaseKinds())('participant import procedures (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let scope: { questionnaireId: string; tenantId: string };
  let api: ReturnType<typeof adminCallerFor>;

  beforeAll(async () => {
    scope = await seedQuestionnaire(db.prisma);
    const admin = await createAdmin(db.prisma, {
      email: `imports-${kind}@example.com`,
      password: 'a-long-enough-password',
      questionnaireId: scope.questionnaireId,
    });
    api = adminCallerFor(db, admin.id);
  });

  const upload = (prefix: string, rows: number) => {
    const lines = ['interview_ref_num'];
    for (let i = 1; i <= rows; i++) lines.push(`${prefix}-${i}`);
    return createImportPreview(db.prisma, {
      scope,
      fileName: `${prefix}.csv`,
      bytes: new TextEncoder().encode(lines.join('\n')),
      actor: { type: 'admin' },
    });
  };
  const waitUntilDone = async (importId: string) => {
    for (let i = 0; i < 200; i++) {
      const progress = await api.participantImport.get({ questionnaireId: scope.questionnaireId, importId });
      if (progress.status === 'done') return progress;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the import did not finish');
  };

  it('starts once however often it is clicked, audits it once, and reports progress to the end', async () => {
    const { progress } = await upload('ADM', 120);
    const input = { questionnaireId: scope.questionnaireId, importId: progress.id };
    expect(await api.participantImport.get(input)).toMatchObject({ status: 'preview', issueCount: 0 });
    await Promise.all([api.participantImport.start(input), api.participantImport.start(input)]);
    expect(await waitUntilDone(progress.id)).toMatchObject({ done: 120, created: 120, refused: 0 });
    const audits = await db.prisma.auditLog.findMany({
      where: { action: 'participant.import', targetId: progress.id },
    });
    expect(audits).toHaveLength(1);
    expect(await db.prisma.participant.count({ where: { irn: { startsWith: 'ADM-' } } })).toBe(120);
  });

  it('resumes a running import that no worker holds when someone watches it', async () => {
    const { progress } = await upload('ORPHAN', 50);
    // Started by a server that died before working it: running, its lease long gone.
    await db.prisma.participantImport.update({
      where: { id: progress.id },
      data: { status: 'running', startedAt: new Date(), leaseUntil: new Date(0) },
    });
    expect(await waitUntilDone(progress.id)).toMatchObject({ created: 50 });
  });

  it('an import of a questionnaire the Admin cannot see is not found', async () => {
    const other = await seedQuestionnaire(db.prisma);
    const { progress } = await createImportPreview(db.prisma, {
      scope: other,
      fileName: 'x.csv',
      bytes: new TextEncoder().encode('interview_ref_num\nX-1\n'),
      actor: { type: 'cli' },
    });
    await expect(
      api.participantImport.start({ questionnaireId: other.questionnaireId, importId: progress.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      api.participantImport.get({ questionnaireId: scope.questionnaireId, importId: progress.id }),
    ).rejects.toThrow('Import not found');
  });
});
