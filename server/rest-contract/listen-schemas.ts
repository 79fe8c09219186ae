// The request and response bodies of `pais listen`'s paths under /v1/webhooks/listen (our extension): defined
// once, the procedures validate with them and the OpenAPI document is generated from them.
import { z } from 'zod';
import { isUuid } from '@/server/platform/lib/ids';
import { LISTEN_MAX_WAIT_SECONDS } from '@/server/webhooks/listen-poll';
import { WEBHOOK_API_MESSAGES } from './webhook-schemas';

/** The most a reported attempt may have taken, in milliseconds (the command gives up after 15 s). */
const MAX_DURATION_MS = 3_600_000;
/** The longest error text kept from the command. */
const MAX_ERROR_LENGTH = 1_000;

/** The messages of these paths' own input checks (the services' refusals are in webhooks/listen-messages.ts). */
export const LISTEN_API_MESSAGES = {
  sessionIdFormat: 'Invalid session_id format',
  deliveryIdFormat: WEBHOOK_API_MESSAGES.deliveryIdFormat,
  waitSeconds: `wait_seconds must be a whole number from 0 to ${LISTEN_MAX_WAIT_SECONDS}`,
  statusCode: 'status_code is required: a whole number from 100 to 599, or null when there was no answer',
  durationMs: `duration_ms is required: a whole number from 0 to ${MAX_DURATION_MS}`,
  error: `error must be a string of at most ${MAX_ERROR_LENGTH} characters`,
  errorRequired: 'error is required when status_code is null',
} as const;

const uuidParameter = (description: string, message: string) =>
  z
    .string()
    .refine(isUuid, { error: message })
    .meta({ description, format: 'uuid', example: '0b9c4f7e-5a3d-4e21-9f6b-8d2c1a7e3f50' });

const sessionId = uuidParameter(
  'The listen session’s id (from POST /v1/webhooks/listen)',
  LISTEN_API_MESSAGES.sessionIdFormat,
);
const deliveryId = uuidParameter('The delivery’s id (from the poll)', LISTEN_API_MESSAGES.deliveryIdFormat);

/** A whole number within bounds; behind a pipe, since trpc-to-openapi makes a body's top-level numbers coercing. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .pipe(z.number());

export const listenStartInput = z.object({}).meta({ title: 'WebhookListenStart' });
export const listenSessionInput = z.object({ session_id: sessionId });

export const listenPollInput = z
  .object({
    session_id: sessionId,
    wait_seconds: wholeNumber(0, LISTEN_MAX_WAIT_SECONDS, LISTEN_API_MESSAGES.waitSeconds)
      .meta({
        description:
          `How long to wait for a delivery when none is due (default and most: ${LISTEN_MAX_WAIT_SECONDS}); ` +
          '0 answers at once',
        example: LISTEN_MAX_WAIT_SECONDS,
      })
      .optional(),
  })
  .meta({ title: 'WebhookListenPoll' });

export const listenOutcomeInput = z
  .object({
    session_id: sessionId,
    delivery_id: deliveryId,
    status_code: wholeNumber(100, 599, LISTEN_API_MESSAGES.statusCode)
      .nullable()
      .meta({ description: 'The status your local URL answered; null when it did not answer', example: 204 }),
    duration_ms: wholeNumber(0, MAX_DURATION_MS, LISTEN_API_MESSAGES.durationMs).meta({
      description: 'How long the forwarded request took',
      example: 12,
    }),
    error: z
      .string({ error: LISTEN_API_MESSAGES.error })
      .max(MAX_ERROR_LENGTH, { error: LISTEN_API_MESSAGES.error })
      .meta({
        description: 'What went wrong (connection refused, timed out, …); required when status_code is null',
        example: 'connect ECONNREFUSED 127.0.0.1:8080',
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status_code === null && !value.error)
      ctx.addIssue({ code: 'custom', path: ['error'], message: LISTEN_API_MESSAGES.errorRequired });
  })
  .meta({ title: 'WebhookListenOutcome' });

export const listenStartedOutput = z
  .object({
    session_id: z.string().meta({
      format: 'uuid',
      description: 'Names the session in its poll, outcome and end paths',
    }),
    endpoint_id: z.string().meta({
      format: 'uuid',
      description:
        'The questionnaire’s webhook endpoint, now a listen endpoint (its delivery log: ' +
        'GET /v1/webhooks/endpoints/{endpoint_id}/deliveries)',
    }),
    secret: z.string().meta({
      description:
        'The session’s signing secret (whsec_…), shown only in this answer: every delivery the session hands ' +
        'over is signed with it, and with it only',
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  })
  .meta({ id: 'WebhookListenSession', title: 'WebhookListenSession' });

const listenDeliveryOutput = z
  .object({
    id: z.string().meta({ format: 'uuid', description: 'The delivery’s id, for its outcome' }),
    message_id: z.string().meta({ description: 'Its webhook-id (the same on every attempt)' }),
    event_type: z.enum(['result.update', 'webhook.test']),
    test: z.boolean().meta({ description: 'A test event (callback_type "Test"): no data changed' }),
    participant_uuid: z.string().nullable().meta({ format: 'uuid' }),
    attempt: z.number().int().meta({ description: 'This attempt’s number (1 for the first)' }),
    headers: z.record(z.string(), z.string()).meta({
      description:
        'The headers to send it with: content-type, webhook-id, webhook-timestamp and webhook-signature ' +
        '(signed with the session’s secret just now)',
    }),
    body: z.string().meta({
      description: 'The exact request body, as JSON text: the signature covers these bytes (UTF-8)',
    }),
  })
  .meta({ id: 'WebhookListenDelivery', title: 'WebhookListenDelivery' });

export const listenPollOutput = z
  .object({
    deliveries: z.array(listenDeliveryOutput).meta({
      description:
        'Due deliveries handed to the session, in the order to forward them (empty when none came during ' +
        'the wait)',
    }),
  })
  .meta({ id: 'WebhookListenPollResult', title: 'WebhookListenPollResult' });
