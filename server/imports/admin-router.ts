// The Admin door's CSV imports: the upload itself is a route handler with its own size limit
// (app/(admin)/admin/questionnaires/[id]/participant-imports/route.ts); these procedures follow and start it.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { questionnaireAdminProcedure, questionnaireFormProcedure } from '@/server/admins/procedures';
import { adminActor } from '@/server/audit/admin-actor';
import { runImportInBackground } from '@/server/imports/background';
import {
  createImportPreview,
  getImportProgress,
  importIssues,
  listImports,
  startImport,
} from '@/server/imports/job';
import { importProblemsCsv, importResultsCsv } from '@/server/imports/results';

export const participantImportRouter = createTRPCRouter({
  /**
   * Checks an uploaded file and stores its preview. The bytes come from the upload route (through the
   * server-side caller, after its own size limit); JSON over /api/trpc cannot carry them and is refused.
   */
  upload: questionnaireFormProcedure
    .input(z.object({ fileName: z.string().min(1).max(1_000), bytes: z.instanceof(Uint8Array) }))
    .mutation(({ ctx, input }) =>
      createImportPreview(ctx.db, {
        scope: { questionnaireId: ctx.questionnaire.id, tenantId: ctx.questionnaire.tenantId },
        fileName: input.fileName,
        bytes: input.bytes,
        actor: adminActor(ctx),
        claimSubmission: ctx.claimSubmission,
      }),
    ),
  list: questionnaireAdminProcedure.query(({ ctx }) => listImports(ctx.db, ctx.questionnaire.id)),
  /** Progress, polled by the page; a running import that no worker holds (its server died) is resumed. */
  get: questionnaireAdminProcedure.input(z.object({ importId: z.uuid() })).query(async ({ ctx, input }) => {
    const progress = await getImportProgress(ctx.db, ctx.questionnaire.id, input.importId);
    if (progress.status === 'running') {
      const job = await ctx.db.participantImport.findUnique({
        where: { id: input.importId },
        select: { leaseUntil: true },
      });
      if (!job?.leaseUntil || job.leaseUntil.getTime() < Date.now())
        runImportInBackground(ctx.db, input.importId);
    }
    const [issues, issueCount] = await Promise.all([
      importIssues(ctx.db, input.importId),
      ctx.db.participantImportRow.count({ where: { importId: input.importId, error: { not: null } } }),
    ]);
    return { ...progress, issues, issueCount };
  }),
  /** One line per uploaded row as a CSV file, streamed (for the download route, like participant.exportCsv). */
  resultsCsv: questionnaireAdminProcedure
    .input(z.object({ importId: z.uuid(), problemsOnly: z.boolean().default(false) }))
    .query(async ({ ctx, input }) => {
      const job = await getImportProgress(ctx.db, ctx.questionnaire.id, input.importId);
      const csv = (input.problemsOnly ? importProblemsCsv : importResultsCsv)(ctx.db, job.id);
      return { fileName: job.fileName, csv };
    }),
  start: questionnaireFormProcedure
    .input(z.object({ importId: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      const { job } = await ctx.once((tx) =>
        startImport(tx, ctx.questionnaire.id, input.importId, adminActor(ctx)),
      );
      runImportInBackground(ctx.db, job.id);
      return { id: job.id, status: job.status };
    }),
});
