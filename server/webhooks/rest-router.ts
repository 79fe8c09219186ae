// Our extension for integrating: self-serve recovery of the key's questionnaire webhook, over
// server/webhooks/recovery (the same recovery as the Admin app's and the CLI's).
import { createTRPCRouter } from '@/server/platform/trpc';
import { parseRfc3339 } from '@/server/platform/lib/time';
import { apiKeyProcedure } from '@/server/api-keys/rest-procedures';
import { apiKeyActor } from '@/server/api-keys/rest-context';
import { webhookRecoverInput, webhookRecoverOutput } from '@/server/rest-contract/schemas';
import { recoverDeliveries } from '@/server/webhooks/recovery';
import { PAUSED_BY_ADMIN } from '@/server/webhooks/recovery-limits';
import { wakeWebhookScheduler } from '@/server/webhooks/scheduler';

export const webhookRouter = createTRPCRouter({
  recover: apiKeyProcedure('webhook:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/webhooks/recover',
        operationId: 'recoverWebhook',
        tags: ['Webhooks'],
        summary: 'Recover missed webhook deliveries',
        description:
          'Beyond the published interface. Enables the questionnaire’s webhook again if it was disabled ' +
          'automatically (it answered 410 Gone, or every attempt failed for days), and queues every delivery ' +
          'it missed at or after `since`, once each and oldest first: deliveries that gave up after the whole ' +
          'retry schedule are sent again with their original webhook-id (so you can de-duplicate), and results ' +
          'published while the webhook was disabled are sent for the first time. A result revision your ' +
          'endpoint already acknowledged is never sent again, also after its delivery record was removed by ' +
          'retention. A second call queues nothing more while those deliveries are on their way. One call ' +
          'queues a bounded number (`has_more` says when more is left: call again with the same `since`). ' +
          `A webhook an Admin paused stays paused: the call answers 409 \`${PAUSED_BY_ADMIN}\` and changes ` +
          'nothing (only an Admin enables it again, and chooses whether to send what was missed). Needs the ' +
          'webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).',
      },
      successStatus: 202,
    })
    .input(webhookRecoverInput)
    .output(webhookRecoverOutput)
    .mutation(async ({ ctx, input }) => {
      // A key never lifts an Admin's pause (PAUSED_BY_ADMIN): only automatic disables.
      const { queued, hasMore } = await recoverDeliveries(ctx.db, {
        questionnaireId: ctx.apiKey.questionnaireId,
        since: parseRfc3339(input.since)!,
        actor: apiKeyActor(ctx),
        mayLiftAdminPause: false,
      });
      if (queued > 0) wakeWebhookScheduler();
      return { queued, has_more: hasMore };
    }),
});
