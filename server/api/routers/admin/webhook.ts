// Admin procedures for a questionnaire's result webhook: settings, signing secret, test event, delivery log,
// replays, and publishing a result by hand (QA, manual review). Every procedure is questionnaire-scoped.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/api/trpc';
import { questionnaireAdminProcedure } from '@/server/api/admin-procedures';
import { requireParticipantInQuestionnaire } from '@/server/services/admin-access';
import { claimFormSubmission, formSubmission } from '@/server/services/form-submissions';
import { resultDataSchema } from '@/server/webhooks/payload';
import { wakeWebhookScheduler } from '@/server/webhooks/scheduler';
import { defaultWebhookSettings } from '@/server/webhooks/settings';
import { listResults, publishResult } from '@/server/services/results';
import {
  configureWebhook,
  findWebhook,
  missedWhilePaused,
  revealSigningSecret,
  rotateSigningSecret,
  setWebhookActive,
  toWebhookView,
  webhookConfigSchema,
} from '@/server/services/webhook-config';
import { deliveryFilterSchema, getDelivery, listDeliveries } from '@/server/services/webhook-delivery-log';
import { replayDelivery, replayFailedSince } from '@/server/services/webhook-replay';
import { sendTestEvent } from '@/server/services/webhook-test-event';
import { adminActor } from '@/server/api/admin-audit';

const deliveryId = z.object({ deliveryId: z.uuid({ error: 'Unknown delivery' }) });

export const webhookRouter = createTRPCRouter({
  /** The questionnaire's webhook, or null when none is configured. */
  get: questionnaireAdminProcedure.query(async ({ ctx }) => {
    const webhook = await findWebhook(ctx.db, ctx.questionnaire.id);
    return webhook ? toWebhookView(webhook) : null;
  }),

  /** Creates or updates the webhook; a new one returns its signing secret once. */
  configure: questionnaireAdminProcedure.input(webhookConfigSchema).mutation(({ ctx, input }) => {
    const { questionnaireId: _questionnaireId, ...config } = input as typeof input & {
      questionnaireId: string;
    };
    return configureWebhook(ctx.db, ctx.questionnaire.id, config, {
      actor: adminActor(ctx),
    });
  }),

  /** A mutation (not a query) so that revealing is a deliberate, audited act that no prefetch triggers. */
  revealSecret: questionnaireAdminProcedure.mutation(async ({ ctx }) => ({
    secret: await revealSigningSecret(ctx.db, ctx.questionnaire.id, {
      actor: adminActor(ctx),
    }),
  })),

  rotateSecret: questionnaireAdminProcedure.mutation(({ ctx }) =>
    rotateSigningSecret(ctx.db, ctx.questionnaire.id, { actor: adminActor(ctx) }),
  ),

  /** How many results were published while the webhook is paused (enabling can send them). */
  missedWhilePaused: questionnaireAdminProcedure.query(({ ctx }) =>
    missedWhilePaused(ctx.db, ctx.questionnaire.id),
  ),

  /** The URL rule in force, so the form's hint says what saving will check. */
  urlRule: questionnaireAdminProcedure.query(() => ({
    allowPrivateUrls: defaultWebhookSettings().allowPrivateUrls,
  })),

  setActive: questionnaireAdminProcedure
    .input(z.object({ active: z.boolean(), sendMissed: z.boolean().optional() }))
    .mutation(async ({ ctx, input }) => {
      const view = await setWebhookActive(ctx.db, ctx.questionnaire.id, input.active, {
        actor: adminActor(ctx),
        sendMissed: input.sendMissed,
      });
      if (input.active) wakeWebhookScheduler();
      return view;
    }),

  sendTest: questionnaireAdminProcedure.input(formSubmission).mutation(({ ctx, input }) =>
    sendTestEvent(ctx.db, ctx.questionnaire.id, {
      actor: adminActor(ctx),
      alsoInTransaction: (tx) => claimFormSubmission(tx, ctx.admin.id, input.submissionId, 'webhook.test'),
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

  replay: questionnaireAdminProcedure.input(deliveryId).mutation(async ({ ctx, input }) => {
    const replayed = await replayDelivery(ctx.db, ctx.questionnaire.id, input.deliveryId, {
      actor: adminActor(ctx),
    });
    wakeWebhookScheduler();
    return replayed;
  }),

  replayFailedSince: questionnaireAdminProcedure
    .input(z.object({ since: z.iso.datetime({ offset: true, error: 'Choose a date and time' }) }))
    .mutation(async ({ ctx, input }) => {
      const count = await replayFailedSince(ctx.db, ctx.questionnaire.id, new Date(input.since), {
        actor: adminActor(ctx),
      });
      if (count > 0) wakeWebhookScheduler();
      return { count };
    }),

  /** The participant's results, newest attempt first (to show the current one and prefill the form). */
  results: questionnaireAdminProcedure
    .input(z.object({ participantId: z.uuid({ error: 'Participant not found' }) }))
    .query(async ({ ctx, input }) => {
      await requireParticipantInQuestionnaire(ctx.db, ctx.questionnaire.id, input.participantId);
      return (await listResults(ctx.db, input.participantId)).map((r) => ({
        id: r.id,
        attemptNumber: r.attempt.number,
        accessCode: r.attempt.accessCode,
        status: r.status,
        overall_evaluation: r.overallEvaluation,
        questions_risk_rating: resultDataSchema.shape.questions_risk_rating.parse(r.questionsRiskRating),
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
  publishResult: questionnaireAdminProcedure
    .input(resultDataSchema.extend({ participantId: z.uuid({ error: 'Participant not found' }) }))
    .mutation(async ({ ctx, input }) => {
      const {
        participantId,
        questionnaireId: _questionnaireId,
        ...result
      } = input as typeof input & {
        questionnaireId: string;
      };
      await requireParticipantInQuestionnaire(ctx.db, ctx.questionnaire.id, participantId);
      const published = await publishResult(ctx.db, {
        participantId,
        result,
        source: `admin:${ctx.admin.id}`,
        actor: adminActor(ctx),
      });
      return {
        resultId: published.resultId,
        created: published.created,
        deliveries: published.deliveryIds.length,
      };
    }),
});
