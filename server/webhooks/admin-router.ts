// Admin procedures for a questionnaire's result webhook: settings, signing secret, test event, delivery log,
// replays, and publishing a result by hand (QA, manual review). Every procedure is questionnaire-scoped.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { questionnaireAdminProcedure, questionnaireFormProcedure } from '@/server/admins/procedures';
import { requireParticipantInQuestionnaire } from '@/server/admins/access';
import { MESSAGES } from '@/server/participants/messages';
import { resultDataSchema, storedResultDataSchema } from '@/server/webhooks/payload';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import { wakeWebhookScheduler } from '@/server/webhooks/scheduler';
import { listResults, publishResult } from '@/server/results/results';
import {
  configureWebhook,
  findWebhook,
  missedWhilePaused,
  revealSigningSecret,
  rotateSigningSecret,
  setWebhookActive,
  toWebhookView,
  webhookConfigSchema,
} from '@/server/webhooks/config';
import { deliveryFilterSchema, getDelivery, listDeliveries } from '@/server/webhooks/delivery-log';
import { replayDelivery, replayFailedSince } from '@/server/webhooks/replay';
import { sendTestEvent } from '@/server/webhooks/test-event';
import { sendInBackground } from '@/server/webhooks/send-now';
import { recoverDeliveries, recoveryState } from '@/server/webhooks/recovery';
import { adminActor } from '@/server/audit/admin-actor';
import { editVersionSchema } from '@/server/platform/lib/edit-version';
import {
  listArchivedWebhooks,
  removeWebhook,
  restoreWebhook,
  webhookRemoval,
} from '@/server/questionnaires/removal';

const deliveryId = z.object({ deliveryId: z.uuid({ error: 'Unknown delivery' }) });
const webhookId = z.object({ webhookId: z.uuid({ error: WEBHOOK_MESSAGES.endpointNotFound }) });
const participantId = z.uuid({ error: MESSAGES.participantNotFound });
/** Where a replay or a recovery starts. */
const since = z.object({ since: z.iso.datetime({ offset: true, error: 'Choose a date and time' }) });

export const webhookRouter = createTRPCRouter({
  /** The questionnaire's webhook, or null when none is configured. */
  get: questionnaireAdminProcedure.query(async ({ ctx }) => {
    const webhook = await findWebhook(ctx.db, ctx.questionnaire.id);
    return webhook ? toWebhookView(webhook) : null;
  }),

  /**
   * Creates or updates the webhook; a new one returns its signing secret once. Refused when the webhook
   * changed since the form's `editVersion` (the one `get` gave it; null when the form showed none).
   */
  configure: questionnaireFormProcedure
    .input(webhookConfigSchema)
    .input(z.object({ editVersion: editVersionSchema.nullish() }))
    .mutation(({ ctx, input }) => {
      const {
        questionnaireId: _questionnaireId,
        submissionId: _submissionId,
        editVersion,
        ...config
      } = input as typeof input & { questionnaireId: string };
      return ctx.once((tx) =>
        configureWebhook(tx, ctx.questionnaire.id, config, { actor: adminActor(ctx), editVersion }),
      );
    }),

  /** A mutation (not a query) so that revealing is a deliberate, audited act that no prefetch triggers. */
  revealSecret: questionnaireFormProcedure.mutation(async ({ ctx }) => ({
    secret: await ctx.once((tx) => revealSigningSecret(tx, ctx.questionnaire.id, { actor: adminActor(ctx) })),
  })),

  rotateSecret: questionnaireFormProcedure.mutation(({ ctx }) =>
    ctx.once((tx) => rotateSigningSecret(tx, ctx.questionnaire.id, { actor: adminActor(ctx) })),
  ),

  /** What removing the current endpoint would do (archive when it has deliveries), and the archived ones. */
  removal: questionnaireAdminProcedure.query(async ({ ctx }) => {
    const webhook = await findWebhook(ctx.db, ctx.questionnaire.id);
    return {
      current: webhook ? await webhookRemoval(ctx.db, webhook.id) : null,
      archived: (await listArchivedWebhooks(ctx.db, ctx.questionnaire.id)).map((w) => ({
        ...w,
        archivedAt: w.archivedAt?.toISOString() ?? null,
      })),
    };
  }),

  remove: questionnaireFormProcedure.input(webhookId).mutation(async ({ ctx, input }) => ({
    removal: await ctx.once((tx) =>
      removeWebhook(tx, ctx.questionnaire.id, input.webhookId, adminActor(ctx)),
    ),
  })),

  restore: questionnaireFormProcedure.input(webhookId).mutation(async ({ ctx, input }) => {
    await ctx.once((tx) => restoreWebhook(tx, ctx.questionnaire.id, input.webhookId, adminActor(ctx)));
    return { id: input.webhookId };
  }),

  /** How many results were published while the webhook is paused (enabling can send them). */
  missedWhilePaused: questionnaireAdminProcedure.query(({ ctx }) =>
    missedWhilePaused(ctx.db, ctx.questionnaire.id),
  ),

  setActive: questionnaireFormProcedure
    .input(z.object({ active: z.boolean(), sendMissed: z.boolean().optional() }))
    .mutation(async ({ ctx, input }) => {
      const view = await ctx.once((tx) =>
        setWebhookActive(tx, ctx.questionnaire.id, input.active, {
          actor: adminActor(ctx),
          sendMissed: input.sendMissed,
        }),
      );
      if (input.active) wakeWebhookScheduler();
      return view;
    }),

  sendTest: questionnaireFormProcedure.mutation(({ ctx }) =>
    sendTestEvent(ctx.db, ctx.questionnaire.id, {
      actor: adminActor(ctx),
      alsoInTransaction: ctx.claimSubmission,
    }),
  ),

  deliveries: questionnaireAdminProcedure.input(deliveryFilterSchema).query(async ({ ctx, input }) => {
    if (input.participantId) {
      await requireParticipantInQuestionnaire(ctx.db, ctx.questionnaire.id, input.participantId);
    }
    return listDeliveries(ctx.db, ctx.questionnaire.id, {
      participantId: input.participantId,
      failedOnly: input.failedOnly,
      cursor: input.cursor,
      limit: input.limit,
    });
  }),

  delivery: questionnaireAdminProcedure
    .input(deliveryId)
    .query(({ ctx, input }) => getDelivery(ctx.db, ctx.questionnaire.id, input.deliveryId)),

  /**
   * Replay, or "Retry now" on a delivery waiting to retry: sent at once by this instance, claimed by id beside
   * the endpoint's cap and breaker (send-now.ts), not left to the fair claim, whose breaker would hold it back.
   */
  replay: questionnaireFormProcedure.input(deliveryId).mutation(async ({ ctx, input }) => {
    const replayed = await ctx.once((tx) =>
      replayDelivery(tx, ctx.questionnaire.id, input.deliveryId, { actor: adminActor(ctx) }),
    );
    void sendInBackground(ctx.db, replayed.id);
    return replayed;
  }),

  replayFailedSince: questionnaireFormProcedure.input(since).mutation(async ({ ctx, input }) => {
    const count = await ctx.once((tx) =>
      replayFailedSince(tx, ctx.questionnaire.id, new Date(input.since), { actor: adminActor(ctx) }),
    );
    if (count > 0) wakeWebhookScheduler();
    return { count };
  }),

  /** Whether the webhook is disabled or has deliveries that gave up, for the recovery panel. */
  recoveryState: questionnaireAdminProcedure.query(({ ctx }) => recoveryState(ctx.db, ctx.questionnaire.id)),

  /** Re-enables the webhook and queues each delivery it missed since `since`, once (recovery.ts). */
  recover: questionnaireFormProcedure.input(since).mutation(async ({ ctx, input }) => {
    // Batches of their own transactions: the submission id is claimed in the first.
    const { queued, hasMore } = await recoverDeliveries(ctx.db, {
      questionnaireId: ctx.questionnaire.id,
      since: new Date(input.since),
      actor: adminActor(ctx),
      mayLiftAdminPause: true,
      alsoInTransaction: ctx.claimSubmission,
    });
    wakeWebhookScheduler();
    return { queued, hasMore };
  }),

  /** The participant's results, newest attempt first (to show the current one and prefill the form). */
  results: questionnaireAdminProcedure.input(z.object({ participantId })).query(async ({ ctx, input }) => {
    await requireParticipantInQuestionnaire(ctx.db, ctx.questionnaire.id, input.participantId);
    return (await listResults(ctx.db, input.participantId)).map((r) => ({
      id: r.id,
      attemptNumber: r.attempt.number,
      accessCode: r.attempt.accessCode,
      status: r.status,
      overall_evaluation: r.overallEvaluation,
      questions_risk_rating: storedResultDataSchema.shape.questions_risk_rating.parse(r.questionsRiskRating),
      is_admission: r.isAdmission,
      is_counter_measure: r.isCounterMeasure,
      is_not_complete: r.isNotComplete,
      summary: r.summary,
      summary_bgcolor: r.summaryBgcolor,
      clear: r.clear,
      updatedAt: r.updatedAt.toISOString(),
      revisions: r.revisions.map((v) => ({
        id: v.id,
        source: v.source,
        createdAt: v.createdAt.toISOString(),
      })),
    }));
  }),

  /** Publishes or updates the result of the participant's latest attempt by hand; webhooks follow. */
  publishResult: questionnaireFormProcedure
    .input(resultDataSchema.extend({ participantId }))
    .mutation(async ({ ctx, input }) => {
      const {
        participantId,
        questionnaireId: _questionnaireId,
        submissionId: _submissionId,
        ...result
      } = input as typeof input & { questionnaireId: string };
      await requireParticipantInQuestionnaire(ctx.db, ctx.questionnaire.id, participantId);
      const published = await ctx.once((tx) =>
        publishResult(tx, { participantId, result, source: `admin:${ctx.admin.id}`, actor: adminActor(ctx) }),
      );
      return {
        resultId: published.resultId,
        created: published.created,
        deliveries: published.deliveryIds.length,
      };
    }),
});
