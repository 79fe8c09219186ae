// Our extension for developing against a sandbox: `pais listen` (the @pais/client package) receives the sandbox
// questionnaire's webhooks on the developer's machine by long poll, over these paths, and forwards them to a
// local URL. The services: listen-session.ts (start, end), listen-poll.ts, listen-outcome.ts. Sandbox keys only
// (a live key is refused before its input is read); starting a session needs webhook:write, the session's own
// paths webhook:read or webhook:write and the session's id, which only the start hands out.
import { z } from 'zod';
import { createTRPCRouter } from '@/server/platform/trpc';
import { AppError } from '@/server/platform/lib/errors';
import { apiKeyProcedure } from '@/server/api-keys/rest-procedures';
import { apiKeyActor } from '@/server/api-keys/rest-context';
import { webhookDeliveryOutput } from '@/server/rest-contract/webhook-schemas';
import {
  listenOutcomeInput,
  listenPollInput,
  listenPollOutput,
  listenSessionInput,
  listenStartedOutput,
  listenStartInput,
} from '@/server/rest-contract/listen-schemas';
import { requireDeliveryOf, toDeliveryRecord } from '@/server/webhooks/api-endpoints';
import { LISTEN_MESSAGES } from '@/server/webhooks/listen-messages';
import { reportListenOutcome } from '@/server/webhooks/listen-outcome';
import { LISTEN_MAX_WAIT_SECONDS, pollListenSession } from '@/server/webhooks/listen-poll';
import { endListenSession, requireListenSession, startListenSession } from '@/server/webhooks/listen-session';
import { RETRY_SCHEDULE_TEXT } from '@/server/webhooks/retry-schedule-text';

const TAGS = ['Webhooks'];
const LISTEN = '/v1/webhooks/listen';
const SESSION = `${LISTEN}/{session_id}`;
const BEYOND = 'Beyond the published interface, for `pais listen` (the @pais/client package). ';
const SANDBOX = 'Sandbox questionnaires only (pais_test_ keys): 403 with a live key.';
const READ_SCOPE = 'Needs the webhook:read or webhook:write scope, and the session’s id.';

// A live key learns nothing here, whatever it sends: refused before the input is read.
const startProcedure = apiKeyProcedure('webhook:write').use(({ ctx, next }) => {
  if (!ctx.apiKey.sandbox) throw new AppError('FORBIDDEN', LISTEN_MESSAGES.sandboxOnly);
  return next();
});
const sessionProcedure = apiKeyProcedure(['webhook:read', 'webhook:write']).use(({ ctx, next }) => {
  if (!ctx.apiKey.sandbox) throw new AppError('FORBIDDEN', LISTEN_MESSAGES.sandboxOnly);
  return next();
});

export const listenRouter = createTRPCRouter({
  start: startProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: LISTEN,
        operationId: 'startWebhookListen',
        tags: TAGS,
        summary: 'Start receiving webhooks by long poll',
        description:
          BEYOND +
          'Makes the sandbox questionnaire’s webhook endpoint a listen endpoint (created when it has none): ' +
          'its deliveries are no longer sent to a URL but handed to this session’s poll, signed as they would ' +
          'be sent, and each outcome you report lands in the delivery log. Results published meanwhile queue ' +
          'as for any endpoint, and wait for a session when none runs. The answer holds the session’s signing ' +
          'secret, **the only time it is shown**: the endpoint’s secret is replaced with it, with no overlap. ' +
          'Starting a session ends the one before (its poll answers 404); what that one was handed and did ' +
          'not report goes to the new session at once, with its webhook-id unchanged. 409 when the endpoint ' +
          'sends to a URL (archive it first, or use another sandbox questionnaire) or an Admin paused it. ' +
          `${SANDBOX} Needs the webhook:write scope.`,
      },
      successStatus: 201,
      optionalBody: true,
    })
    .input(listenStartInput)
    .output(listenStartedOutput)
    .mutation(async ({ ctx }) => {
      const started = await startListenSession(
        ctx.db,
        { questionnaireId: ctx.apiKey.questionnaireId, sandbox: ctx.apiKey.sandbox },
        { actor: apiKeyActor(ctx) },
      );
      return { session_id: started.sessionId, endpoint_id: started.endpointId, secret: started.secret };
    }),

  poll: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${SESSION}/poll`,
        operationId: 'pollWebhookListen',
        tags: TAGS,
        summary: 'Wait for the session’s next deliveries',
        description:
          BEYOND +
          'Answers with the deliveries that are due, oldest first and never a participant’s newer result ' +
          `before an older one still pending, or waits up to \`wait_seconds\` (${LISTEN_MAX_WAIT_SECONDS} by ` +
          'default) for one and answers empty when none came. Each is handed over with the exact body and ' +
          'the headers to forward it with, signed with the session’s secret, and is held for the session ' +
          'until you report its outcome; poll again once every delivery handed over is reported. A ' +
          'delivery handed over but not reported is handed over again by the next poll (an answer lost on ' +
          'the way), or, once the session ended, to the next session. 404 once the session ended; 409 ' +
          `while the endpoint is disabled. ${SANDBOX} ${READ_SCOPE}`,
      },
      optionalBody: true,
    })
    .input(listenPollInput)
    .output(listenPollOutput)
    .mutation(async ({ ctx, input }) => ({
      deliveries: await pollListenSession(ctx.db, ctx.apiKey.questionnaireId, input.session_id, {
        waitMs: (input.wait_seconds ?? LISTEN_MAX_WAIT_SECONDS) * 1000,
      }),
    })),

  reportOutcome: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${SESSION}/deliveries/{delivery_id}/outcome`,
        operationId: 'reportWebhookListenOutcome',
        tags: TAGS,
        summary: 'Report how a forwarded delivery went',
        description:
          BEYOND +
          'Records the attempt (status code, duration, error) in the delivery log and settles the ' +
          'delivery as the service settles its own sends: a 2xx delivers it; any other status, or none, is ' +
          `a failed attempt, retried on the schedule (${RETRY_SCHEDULE_TEXT}) by handing it to the session ` +
          'again when the step is due; a test event is tried once. The answer is the delivery as the log ' +
          'now shows it. 409 when the session does not hold the delivery (its outcome was reported already, ' +
          `or it went to another session). ${SANDBOX} ${READ_SCOPE}`,
      },
    })
    .input(listenOutcomeInput)
    .output(webhookDeliveryOutput)
    .mutation(async ({ ctx, input }) => {
      const questionnaireId = ctx.apiKey.questionnaireId;
      await reportListenOutcome(ctx.db, questionnaireId, input.session_id, input.delivery_id, {
        statusCode: input.status_code,
        durationMs: input.duration_ms,
        error: input.error,
      });
      const endpoint = await requireListenSession(ctx.db, questionnaireId, input.session_id);
      return toDeliveryRecord(await requireDeliveryOf(ctx.db, endpoint, input.delivery_id));
    }),

  end: sessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: SESSION,
        operationId: 'endWebhookListen',
        tags: TAGS,
        summary: 'End the listen session',
        description:
          BEYOND +
          'Ends the session (`pais listen` does when you stop it): its poll answers 404 from now on. The ' +
          'endpoint stays a listen endpoint, and deliveries queued from now on wait for the next session. ' +
          'Report the outcome of every delivery you forwarded first: what the session still holds goes back ' +
          `as never sent. 404 when the session ended already. ${SANDBOX} ${READ_SCOPE}`,
      },
      successStatus: 204,
    })
    .input(listenSessionInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await endListenSession(ctx.db, ctx.apiKey.questionnaireId, input.session_id, {
        actor: apiKeyActor(ctx),
      });
    }),
});
