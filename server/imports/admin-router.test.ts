// The Admin door's import procedures on a real database: start (audited once, however often it is clicked),
// progress polling, and a job whose worker died being resumed by whoever watches it.
import type { Session } from 'next-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '@/server/doors/admin/router';
import { createCallerFactory } from '@/server/platform/trpc';
import { createAdmin } from '@/server/admins/users';
import { createImportPreview } from '@/server/imports/job';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';

const createCaller = createCallerFactory(appRouter);

describe.each(testDatabaseKinds())('participant import procedures (%s)', (kind) => {
  let db: TestDatabase;
  let scope: { questionnaireId: string; tenantId: string };
  let api: ReturnType<typeof createCaller>;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const tenant = await db.prisma.tenant.create({ data: { name: 'Admin import' } });
    const questionnaire = await db.prisma.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } });
    scope = { questionnaireId: questionnaire.id, tenantId: tenant.id };
    const admin = await createAdmin(db.prisma, {
      email: `imports-${kind}@example.com`,
      password: 'a-long-enough-password',
      questionnaireId: questionnaire.id,
    });
    api = createCaller({
      db: db.prisma,
      session: { adminId: admin.id, signedInAt: Date.now(), expires: '' } satisfies Session,
      authorization: null,
      sourceIp: null,
      headers: new Headers(),
    });
  });
  afterAll(() => db.close());

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
    const otherTenant = await db.prisma.tenant.create({ data: { name: 'Other' } });
    const other = await db.prisma.questionnaire.create({ data: { tenantId: otherTenant.id, name: 'Other' } });
    const { progress } = await createImportPreview(db.prisma, {
      scope: { questionnaireId: other.id, tenantId: otherTenant.id },
      fileName: 'x.csv',
      bytes: new TextEncoder().encode('interview_ref_num\nX-1\n'),
      actor: { type: 'cli' },
    });
    await expect(
      api.participantImport.start({ questionnaireId: other.id, importId: progress.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      api.participantImport.get({ questionnaireId: scope.questionnaireId, importId: progress.id }),
    ).rejects.toThrow('Import not found');
  });
});
