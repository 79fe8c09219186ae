// Our extensions for integrating: the customer's developer steers their questionnaire's webhook by API (its
// endpoint, the delivery log, retry now, a test event, secret rotation, recovery), over the same services as
// the Admin app's webhook page and the CLI: server/webhooks/config, delivery-pages, replay, test-event,
// recovery and questionnaires/removal. Reading needs webhook:read (or webhook:write), changing webhook:write.
import { createTRPCRouter } from '@/server/platform/trpc';
import { AppError } from '@/server/platform/lib/errors';
import { parseRfc3339 } from '@/server/platform/lib/time';
import { apiKeyProcedure } from '@/server/api-keys/rest-procedures';
import { apiKeyActor } from '@/server/api-keys/rest-context';
import { resolveParticipant } from '@/server/participants/participants';
import { removeWebhook } from '@/server/questionnaires/removal';
import { webhookRecoverInput, webhookRecoverOutput } from '@/server/rest-contract/schemas';
import {
  deliveryIdInput,
  deliveryListInput,
  endpointCreateInput,
  endpointIdInput,
  endpointListInput,
  endpointUpdateInput,
  refusedUrlMessage,
  secretRotateInput,
  WEBHOOK_API_MESSAGES,
  webhookDeliveryOutput,
  webhookDeliveryPageOutput,
  webhookEndpointCreatedOutput,
  webhookEndpointListOutput,
  webhookEndpointOutput,
  webhookEndpointRemovedOutput,
  webhookSecretRotatedOutput,
} from '@/server/rest-contract/webhook-schemas';
import { recoverDeliveries } from '@/server/webhooks/recovery';
import { PAUSED_BY_ADMIN } from '@/server/webhooks/recovery-limits';
import { wakeWebhookScheduler } from '@/server/webhooks/scheduler';
import {
  changeWebhookUrl,
  configureWebhook,
  endSecretOverlap,
  findWebhook,
  rotateSigningSecret,
} from '@/server/webhooks/config';
import {
  requireDeliveryOf,
  requireEndpointOf,
  toDeliveryRecord,
  toEndpointRecord,
} from '@/server/webhooks/api-endpoints';
import {
  decodeDeliveryCursor,
  encodeDeliveryCursor,
  listEndpointDeliveries,
} from '@/server/webhooks/delivery-pages';
import { replayDelivery } from '@/server/webhooks/replay';
import { queueTestEvent } from '@/server/webhooks/test-event';
import { sendInBackground } from '@/server/webhooks/send-now';
import { RETRY_SCHEDULE_TEXT } from '@/server/webhooks/retry-schedule-text';
import { DEFAULT_SECRET_OVERLAP_HOURS } from '@/server/webhooks/secret-overlap';

const TAGS = ['Webhooks'];
const ENDPOINTS = '/v1/webhooks/endpoints';
const ENDPOINT = `${ENDPOINTS}/{endpoint_id}`;
const BEYOND = 'Beyond the published interface. ';
const READ_SCOPE = 'Needs the webhook:read or webhook:write scope.';
const WRITE_SCOPE =
  'Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).';

const readProcedure = apiKeyProcedure(['webhook:read', 'webhook:write']);
const writeProcedure = apiKeyProcedure('webhook:write');

/** A URL the service refused, with the field named (the Admin form shows the same reason next to the field). */
async function namingUrlField<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'BAD_REQUEST' && error.details.field === 'url')
      throw new AppError('BAD_REQUEST', refusedUrlMessage(error.message));
    throw error;
  }
}

export const webhookRouter = createTRPCRouter({
  recover: writeProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/webhooks/recover',
        operationId: 'recoverWebhook',
        tags: TAGS,
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
          'nothing (only an Admin enables it again, and chooses whether to send what was missed). Test events ' +
          `are not missed deliveries and are never queued again. ${WRITE_SCOPE}`,
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

  listEndpoints: readProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: ENDPOINTS,
        operationId: 'listWebhookEndpoints',
        tags: TAGS,
        summary: 'List webhook endpoints',
        description:
          BEYOND +
          'The questionnaire’s webhook endpoint with its state: healthy, failing (the breaker is open after ' +
          'failed attempts in a row: one probe at a time) or disabled, and why (`disabled_cause`: an Admin’s ' +
          'pause, 410 Gone, or days of failures), failures in a row, the last failure and when, and the ' +
          'secret rotation’s overlap. Never a secret. A questionnaire sends to one endpoint, so the list ' +
          `holds one at most. ${READ_SCOPE}`,
      },
    })
    .input(endpointListInput)
    .output(webhookEndpointListOutput)
    .query(async ({ ctx }) => {
      const endpoint = await findWebhook(ctx.db, ctx.apiKey.questionnaireId);
      return { endpoints: endpoint ? [toEndpointRecord(endpoint)] : [] };
    }),

  getEndpoint: readProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: ENDPOINT,
        operationId: 'getWebhookEndpoint',
        tags: TAGS,
        summary: 'Get a webhook endpoint',
        description: `${BEYOND}One endpoint, as the list shows it. ${READ_SCOPE}`,
      },
    })
    .input(endpointIdInput)
    .output(webhookEndpointOutput)
    .query(async ({ ctx, input }) =>
      toEndpointRecord(await requireEndpointOf(ctx.db, ctx.apiKey.questionnaireId, input.endpoint_id)),
    ),

  createEndpoint: writeProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: ENDPOINTS,
        operationId: 'createWebhookEndpoint',
        tags: TAGS,
        summary: 'Create the webhook endpoint',
        description:
          BEYOND +
          'Sets up the questionnaire’s webhook endpoint: results are POSTed to `url` from now on. The answer ' +
          'holds the signing secret (`secret`, whsec_…), **the only time it is shown**: store it to verify ' +
          'each delivery’s webhook-signature. The URL follows the rules of the Admin app’s form (https, a host ' +
          'that resolves only to public addresses, no user name or password); a refused URL is 400 naming ' +
          'the field (`url: …`). A questionnaire sends to one endpoint: when it has one, 409 (change its URL, ' +
          'or archive it first). Your own authentication header or OAuth2 client is set up by an Admin. ' +
          WRITE_SCOPE,
      },
      successStatus: 201,
    })
    .input(endpointCreateInput)
    .output(webhookEndpointCreatedOutput)
    .mutation(async ({ ctx, input }) => {
      const questionnaireId = ctx.apiKey.questionnaireId;
      const { webhook, secret } = await namingUrlField(
        configureWebhook(
          ctx.db,
          questionnaireId,
          { url: input.url },
          { actor: apiKeyActor(ctx), createOnly: true },
        ),
      );
      const endpoint = await requireEndpointOf(ctx.db, questionnaireId, webhook.id);
      return { ...toEndpointRecord(endpoint), secret: secret! };
    }),

  updateEndpoint: writeProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: ENDPOINT,
        operationId: 'updateWebhookEndpoint',
        tags: TAGS,
        summary: 'Change the webhook endpoint’s URL',
        description:
          BEYOND +
          'Changes where results are sent, with the same URL rules as creating it; the signing secret and ' +
          'your authentication stay. A new URL starts with a clean health record (a failing endpoint’s ' +
          'breaker closes); a disabled endpoint stays disabled (recover it, or ask an Admin). ' +
          WRITE_SCOPE,
      },
    })
    .input(endpointUpdateInput)
    .output(webhookEndpointOutput)
    .mutation(async ({ ctx, input }) => {
      const questionnaireId = ctx.apiKey.questionnaireId;
      const endpoint = await requireEndpointOf(ctx.db, questionnaireId, input.endpoint_id);
      const changed = await namingUrlField(
        changeWebhookUrl(ctx.db, questionnaireId, endpoint.id, input.url, { actor: apiKeyActor(ctx) }),
      );
      return toEndpointRecord(changed);
    }),

  archiveEndpoint: writeProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: ENDPOINT,
        operationId: 'archiveWebhookEndpoint',
        tags: TAGS,
        summary: 'Archive the webhook endpoint',
        description:
          BEYOND +
          'Stops sending to the endpoint. One that has deliveries is archived (`removal: archived`): nothing ' +
          'more is queued or sent to it, its delivery log is kept, it is no longer listed and an Admin can ' +
          'restore it; one that never had a delivery is deleted. A new endpoint can be created afterwards. ' +
          WRITE_SCOPE,
      },
    })
    .input(endpointIdInput)
    .output(webhookEndpointRemovedOutput)
    .mutation(async ({ ctx, input }) => {
      const questionnaireId = ctx.apiKey.questionnaireId;
      const endpoint = await requireEndpointOf(ctx.db, questionnaireId, input.endpoint_id);
      const removal = await removeWebhook(ctx.db, questionnaireId, endpoint.id, apiKeyActor(ctx));
      return {
        id: endpoint.id,
        removal: removal === 'archive' ? ('archived' as const) : ('deleted' as const),
      };
    }),

  listDeliveries: readProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${ENDPOINT}/deliveries`,
        operationId: 'listWebhookDeliveries',
        tags: TAGS,
        summary: 'List an endpoint’s deliveries',
        description:
          BEYOND +
          'The endpoint’s deliveries, newest first, each with every attempt (time, status code, duration, ' +
          'error) and its payload (while the delivery is retained: 30 days after it ended by default). Filter ' +
          'by `state` and `participant_uuid`; follow `next_cursor` while `has_more` is true (deliveries queued ' +
          `meanwhile do not shift the pages). ${READ_SCOPE}`,
      },
    })
    .input(deliveryListInput)
    .output(webhookDeliveryPageOutput)
    .query(async ({ ctx, input }) => {
      const scope = { questionnaireId: ctx.apiKey.questionnaireId, tenantId: ctx.apiKey.tenantId };
      const endpoint = await requireEndpointOf(ctx.db, scope.questionnaireId, input.endpoint_id);
      const after = input.cursor === undefined ? undefined : decodeDeliveryCursor(input.cursor);
      if (after === null) throw new AppError('BAD_REQUEST', WEBHOOK_API_MESSAGES.cursor);
      const participant = input.participant_uuid
        ? await resolveParticipant(ctx.db, scope, input.participant_uuid)
        : undefined;
      const page = await listEndpointDeliveries(ctx.db, endpoint.id, {
        state: input.state,
        participantId: participant?.id,
        limit: input.limit,
        after,
      });
      return {
        deliveries: page.deliveries.map(toDeliveryRecord),
        next_cursor: page.next ? encodeDeliveryCursor(page.next) : null,
        has_more: page.next !== null,
      };
    }),

  getDelivery: readProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${ENDPOINT}/deliveries/{delivery_id}`,
        operationId: 'getWebhookDelivery',
        tags: TAGS,
        summary: 'Get a delivery',
        description: `${BEYOND}One delivery with every attempt and its payload. ${READ_SCOPE}`,
      },
    })
    .input(deliveryIdInput)
    .output(webhookDeliveryOutput)
    .query(async ({ ctx, input }) => {
      const endpoint = await requireEndpointOf(ctx.db, ctx.apiKey.questionnaireId, input.endpoint_id);
      return toDeliveryRecord(await requireDeliveryOf(ctx.db, endpoint, input.delivery_id));
    }),

  retryDelivery: writeProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${ENDPOINT}/deliveries/{delivery_id}/retry`,
        operationId: 'retryWebhookDelivery',
        tags: TAGS,
        summary: 'Retry a delivery now',
        description:
          BEYOND +
          'Sends a delivery that is waiting to retry, or that gave up, again at once, with its original ' +
          'webhook-id, also while the endpoint is failing (the extra attempt does not wait for the breaker’s ' +
          'probe). For one waiting to retry this is an extra attempt: it uses up no step of the retry ' +
          `schedule (${RETRY_SCHEDULE_TEXT}); if it fails, the delivery keeps its next retry as it was. One ` +
          'that gave up gets the whole schedule again. The answer comes before the attempt is made (it ' +
          'starts at once): read the delivery to see its outcome. 409 for a delivery in another state, while ' +
          `it is being sent, or while the endpoint is disabled. ${WRITE_SCOPE}`,
      },
      successStatus: 202,
      optionalBody: true,
    })
    .input(deliveryIdInput)
    .output(webhookDeliveryOutput)
    .mutation(async ({ ctx, input }) => {
      const questionnaireId = ctx.apiKey.questionnaireId;
      const endpoint = await requireEndpointOf(ctx.db, questionnaireId, input.endpoint_id);
      const delivery = await requireDeliveryOf(ctx.db, endpoint, input.delivery_id);
      await replayDelivery(ctx.db, questionnaireId, delivery.id, {
        actor: apiKeyActor(ctx),
        webhookId: endpoint.id,
        failedOnly: true,
      });
      const queued = toDeliveryRecord(await requireDeliveryOf(ctx.db, endpoint, delivery.id));
      void sendInBackground(ctx.db, delivery.id);
      return queued;
    }),

  sendTestEvent: writeProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${ENDPOINT}/test`,
        operationId: 'sendWebhookTestEvent',
        tags: TAGS,
        summary: 'Send a test event',
        description:
          BEYOND +
          'Sends the endpoint a signed delivery shaped like a result, marked as a test (`callback_type: ' +
          '"Test"`, project_uuid your questionnaire, no participant): it changes no data and checks your ' +
          'receiver end to end (signature, your authentication, your answer). It is attempted at once and ' +
          'only once: a failed test is not retried and recovery never sends it again. The answer comes before ' +
          `the attempt is made: read the delivery to see its outcome. 409 while the endpoint is disabled. ${WRITE_SCOPE}`,
      },
      successStatus: 202,
      optionalBody: true,
    })
    .input(endpointIdInput)
    .output(webhookDeliveryOutput)
    .mutation(async ({ ctx, input }) => {
      const questionnaireId = ctx.apiKey.questionnaireId;
      const endpoint = await requireEndpointOf(ctx.db, questionnaireId, input.endpoint_id);
      const deliveryId = await queueTestEvent(ctx.db, questionnaireId, {
        actor: apiKeyActor(ctx),
        webhookId: endpoint.id,
      });
      const queued = toDeliveryRecord(await requireDeliveryOf(ctx.db, endpoint, deliveryId));
      void sendInBackground(ctx.db, deliveryId);
      return queued;
    }),

  rotateSecret: writeProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${ENDPOINT}/secret/rotate`,
        operationId: 'rotateWebhookSecret',
        tags: TAGS,
        summary: 'Rotate the signing secret',
        description:
          BEYOND +
          'Replaces the endpoint’s signing secret. The new secret is in the answer, **the only time it is ' +
          'shown**. For the overlap (`overlap_hours`, default ' +
          `${DEFAULT_SECRET_OVERLAP_HOURS}) every delivery is signed with the previous secret too (two v1 ` +
          'signatures in webhook-signature), so your receiver keeps verifying while you switch it; end the ' +
          'overlap early once it has switched. Only the secret just replaced keeps signing. ' +
          WRITE_SCOPE,
      },
      optionalBody: true,
    })
    .input(secretRotateInput)
    .output(webhookSecretRotatedOutput)
    .mutation(async ({ ctx, input }) => {
      const questionnaireId = ctx.apiKey.questionnaireId;
      const endpoint = await requireEndpointOf(ctx.db, questionnaireId, input.endpoint_id);
      const rotated = await rotateSigningSecret(ctx.db, questionnaireId, {
        actor: apiKeyActor(ctx),
        overlapHours: input.overlap_hours,
        webhookId: endpoint.id,
      });
      return { secret: rotated.secret, previous_secret_expires_at: rotated.previousSecretExpiresAt };
    }),

  endSecretOverlap: writeProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${ENDPOINT}/secret/end-overlap`,
        operationId: 'endWebhookSecretOverlap',
        tags: TAGS,
        summary: 'End the secret rotation’s overlap now',
        description:
          BEYOND +
          'The previous signing secret stops signing now: deliveries carry the new secret’s signature only. ' +
          `Without an overlap running nothing changes. ${WRITE_SCOPE}`,
      },
      optionalBody: true,
    })
    .input(endpointIdInput)
    .output(webhookEndpointOutput)
    .mutation(async ({ ctx, input }) => {
      const questionnaireId = ctx.apiKey.questionnaireId;
      const endpoint = await requireEndpointOf(ctx.db, questionnaireId, input.endpoint_id);
      return toEndpointRecord(
        await endSecretOverlap(ctx.db, questionnaireId, { actor: apiKeyActor(ctx), webhookId: endpoint.id }),
      );
    }),
});
