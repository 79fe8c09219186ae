// The server-side caller as the pages and download routes use it: the procedures they read through refuse an
// Admin without access, a signed-out request and a non-operator exactly as the pages did, and those refusals
// become the same 404 page, sign-in redirect or download status.
import { TRPCError } from '@trpc/server';
import type { Session } from 'next-auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminDoorHandler } from '@/server/doors/admin/admin-door';
import { pageRefusal, responseRefusal } from '@/server/doors/admin/caller-refusals';
import { createAdminCaller, type AdminCaller } from '@/server/doors/admin/server-caller';
import { adminCallerFor } from '@/server/test/admin-caller';
import { loadSessionAdmin } from '@/server/admins/session';
import { createAdmin } from '@/server/admins/users';
import { createImportPreview } from '@/server/imports/job';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { seedParticipant, type SeededParticipant } from '@/server/test/webhook-fixtures';

/** The file as sent, byte-order mark included. */
const text = async (stream: ReadableStream<Uint8Array>) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

/** What Next's notFound() and redirect() throw, read back the way Next reads it. */
const refusalOf = (error: unknown) => (error as { digest?: string }).digest ?? '';

describe.each(testDatabaseKinds())('server-side caller (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let mine: SeededParticipant;
  let theirs: SeededParticipant;
  let importId: string;
  let grantedId: string;
  let granted: AdminCaller;
  let stranger: AdminCaller;
  let signedOut: AdminCaller;

  const callerFor = (adminId: string | null) => adminCallerFor(db, adminId);

  beforeAll(async () => {
    mine = await seedParticipant(db.prisma);
    theirs = await seedParticipant(db.prisma);
    const admin = await createAdmin(db.prisma, {
      email: `granted-${kind}@example.com`,
      password: 'a-long-enough-password',
      questionnaireId: mine.questionnaireId,
    });
    const other = await createAdmin(db.prisma, {
      email: `stranger-${kind}@example.com`,
      password: 'a-long-enough-password',
      tenantId: theirs.tenantId,
    });
    grantedId = admin.id;
    granted = callerFor(admin.id);
    stranger = callerFor(other.id);
    signedOut = callerFor(null);
    const preview = await createImportPreview(db.prisma, {
      scope: { questionnaireId: mine.questionnaireId, tenantId: mine.tenantId },
      fileName: 'cohort 1.csv',
      bytes: new TextEncoder().encode('interview_ref_num\nIRN-A\n'),
      actor: { type: 'admin' },
    });
    importId = preview.progress.id;
  });

  it('gives the questionnaire layout its name and tenant, to an Admin holding a grant only', async () => {
    const questionnaire = await granted.questionnaire.get({ questionnaireId: mine.questionnaireId });
    expect(questionnaire).toMatchObject({ name: 'Webhook questionnaire', tenantId: mine.tenantId });
    expect(questionnaire.tenantName).toMatch(/^Tenant /);
    for (const questionnaireId of [mine.questionnaireId, 'not-a-uuid', crypto.randomUUID()]) {
      await expect(stranger.questionnaire.get({ questionnaireId })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Questionnaire not found',
      });
    }
    await expect(
      signedOut.questionnaire.get({ questionnaireId: mine.questionnaireId }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('takes the Admin the request has already loaded (the page’s own), and nobody else', async () => {
    const session = { adminId: grantedId, signedInAt: Date.now(), expires: '' } satisfies Session;
    let loads = 0;
    const withLoaded = (loaded: 'session' | 'nobody') =>
      createAdminCaller({
        db: db.prisma,
        session,
        sessionAdmin: () => {
          loads++;
          return loaded === 'session' ? loadSessionAdmin(db.prisma, session) : Promise.resolve(null);
        },
        authorization: null,
        sourceIp: null,
        headers: new Headers(),
      });
    await withLoaded('session').questionnaire.get({ questionnaireId: mine.questionnaireId });
    expect(loads).toBe(1);
    await expect(
      withLoaded('nobody').questionnaire.get({ questionnaireId: mine.questionnaireId }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(loads).toBe(2);
  });

  it('streams the participants export with the table’s filter, refusing others', async () => {
    const csv = await text(await granted.participant.exportCsv({ questionnaireId: mine.questionnaireId }));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(mine.irn);
    expect(csv).not.toContain(theirs.irn);
    const none = await text(
      await granted.participant.exportCsv({ questionnaireId: mine.questionnaireId, search: 'no-such-irn' }),
    );
    expect(none.trim().split('\r\n')).toHaveLength(1);
    await expect(
      stranger.participant.exportCsv({ questionnaireId: mine.questionnaireId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('streams an import’s results to its questionnaire’s Admins only', async () => {
    const results = await granted.participantImport.resultsCsv({
      questionnaireId: mine.questionnaireId,
      importId,
    });
    expect(results.fileName).toBe('cohort 1.csv');
    expect(await text(results.csv)).toContain('IRN-A');
    await expect(
      stranger.participantImport.resultsCsv({ questionnaireId: mine.questionnaireId, importId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Questionnaire not found' });
    // Another questionnaire's import, through a questionnaire the caller does manage: not found either.
    const theirImport = await createImportPreview(db.prisma, {
      scope: { questionnaireId: theirs.questionnaireId, tenantId: theirs.tenantId },
      fileName: 'theirs.csv',
      bytes: new TextEncoder().encode('interview_ref_num\nIRN-B\n'),
      actor: { type: 'admin' },
    });
    await expect(
      granted.participantImport.resultsCsv({
        questionnaireId: mine.questionnaireId,
        importId: theirImport.progress.id,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('stores an uploaded file’s preview for an Admin with access, audited as that Admin', async () => {
    const bytes = new TextEncoder().encode('interview_ref_num,email\nIRN-UP-1,up@example.com\n');
    const preview = await granted.participantImport.upload({
      questionnaireId: mine.questionnaireId,
      fileName: 'upload.csv',
      bytes,
    });
    expect(preview.progress).toMatchObject({ fileName: 'upload.csv', totalRows: 1, status: 'preview' });
    const before = await db.prisma.participantImport.count();
    await expect(
      stranger.participantImport.upload({ questionnaireId: mine.questionnaireId, fileName: 'x.csv', bytes }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await db.prisma.participantImport.count()).toBe(before);
  });

  it('keeps the file procedures off /api/trpc: a stream needs the streaming link, bytes cannot be JSON', async () => {
    const handler = createAdminDoorHandler({
      db: () => db.prisma,
      session: () =>
        Promise.resolve({ adminId: grantedId, signedInAt: Date.now(), expires: '' } satisfies Session),
    });
    const input = encodeURIComponent(JSON.stringify({ questionnaireId: mine.questionnaireId }));
    const exported = await handler(
      new Request(`http://admin.test/api/trpc/participant.exportCsv?input=${input}`),
    );
    expect(exported.status).toBe(415);
    expect(await exported.text()).not.toContain(mine.irn);
    const before = await db.prisma.participantImport.count();
    const uploaded = await handler(
      new Request('http://admin.test/api/trpc/participantImport.upload', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ questionnaireId: mine.questionnaireId, fileName: 'a.csv', bytes: { 0: 65 } }),
      }),
    );
    expect(uploaded.status).toBe(400);
    expect(await db.prisma.participantImport.count()).toBe(before);
  });

  it('turns refusals into the pages’ 404 and sign-in redirect', async () => {
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => 'answered',
        (error: unknown) => {
          try {
            pageRefusal(error);
          } catch (thrown) {
            return refusalOf(thrown);
          }
        },
      );
    expect(await refusal(stranger.questionnaire.get({ questionnaireId: mine.questionnaireId }))).toBe(
      'NEXT_HTTP_ERROR_FALLBACK;404',
    );
    // A questionnaire Admin on the operators' audit page: not found, as before.
    expect(await refusal(granted.auditLog.listAll({}))).toBe('NEXT_HTTP_ERROR_FALLBACK;404');
    expect(await refusal(signedOut.auditLog.list({ questionnaireId: mine.questionnaireId }))).toMatch(
      /^NEXT_REDIRECT;replace;\/login;/,
    );
    const unexpected = new Error('boom');
    expect(() => pageRefusal(unexpected)).toThrow(unexpected);
  });

  it('turns refusals into the download routes’ statuses and messages', async () => {
    const response = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: unknown) => responseRefusal(error, 'Sign in to export participants.'),
      );
    const notFound = await response(
      stranger.participant.exportCsv({ questionnaireId: mine.questionnaireId }),
    );
    expect(notFound?.status).toBe(404);
    expect(await notFound?.text()).toBe('Questionnaire not found\n');
    const signedOutResponse = await response(
      signedOut.participant.exportCsv({ questionnaireId: mine.questionnaireId }),
    );
    expect(signedOutResponse?.status).toBe(401);
    expect(await signedOutResponse?.text()).toBe('Sign in to export participants.\n');
    const badImport = await response(
      granted.participantImport.resultsCsv({ questionnaireId: mine.questionnaireId, importId: 'nope' }),
    );
    expect(badImport?.status).toBe(400);
    expect(() => responseRefusal(new TRPCError({ code: 'INTERNAL_SERVER_ERROR' }), 'Sign in.')).toThrow(
      TRPCError,
    );
  });
});
