// The request and response bodies of our webhook extensions under /v1/webhooks/endpoints (the customer's
// developer steers their own webhook): defined once, the procedures validate with them and the OpenAPI document
// is generated from them. Every message names the field and the problem.
import { z } from 'zod';
import { isUuid } from '@/server/platform/lib/ids';
import { resultPayloadSchema } from '@/server/webhooks/payload';
import { WEBHOOK_URL_MAX } from '@/server/webhooks/config';
import { DEFAULT_SECRET_OVERLAP_HOURS, MAX_SECRET_OVERLAP_HOURS } from '@/server/webhooks/secret-overlap';
import { DELIVERY_STATES } from '@/server/webhooks/delivery-log';
import { DELIVERY_PAGE_LIMIT, DELIVERY_PAGE_SIZE_TEXT } from '@/server/webhooks/delivery-pages';
import { limitRangeMessage, REST_MESSAGES } from './messages';

/** The messages of these endpoints' own input checks (the services' refusals are in webhooks/messages.ts). */
export const WEBHOOK_API_MESSAGES = {
  endpointIdFormat: 'Invalid endpoint_id format',
  deliveryIdFormat: 'Invalid delivery_id format',
  participantUuidFormat: REST_MESSAGES.participantUuidFormat,
  urlRequired: 'url is required and must be a string',
  urlTooLong: `url must be at most ${WEBHOOK_URL_MAX} characters`,
  state: `state must be one of ${DELIVERY_STATES.join(', ')}`,
  limit: limitRangeMessage(DELIVERY_PAGE_LIMIT.max),
  cursor: REST_MESSAGES.invalidCursor,
  overlapHours: `overlap_hours must be a whole number from 0 to ${MAX_SECRET_OVERLAP_HOURS}`,
} as const;

/** A URL the service refused (the SSRF rules of every door), with the field named: "url: <reason>". */
export const refusedUrlMessage = (reason: string) => `url: ${reason}`;

const uuidParameter = (description: string, message: string) =>
  z
    .string()
    .refine(isUuid, { error: message })
    .meta({ description, format: 'uuid', example: '6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04' });

const endpointId = uuidParameter('The webhook endpoint’s id', WEBHOOK_API_MESSAGES.endpointIdFormat);
const deliveryId = uuidParameter('The delivery’s id', WEBHOOK_API_MESSAGES.deliveryIdFormat);

const url = z
  .string({ error: WEBHOOK_API_MESSAGES.urlRequired })
  .refine((value) => value.trim() !== '', { error: WEBHOOK_API_MESSAGES.urlRequired, abort: true })
  .max(WEBHOOK_URL_MAX, { error: WEBHOOK_API_MESSAGES.urlTooLong })
  .meta({
    description:
      'Where results are POSTed: an absolute https URL whose host resolves only to public addresses ' +
      '(checked now and again at every send; redirects are not followed), without a user name or password.',
    format: 'uri',
    example: 'https://hooks.example.org/pais',
  });

export const endpointListInput = z.object({});
export const endpointIdInput = z.object({ endpoint_id: endpointId });
export const endpointCreateInput = z.object({ url }).meta({ title: 'WebhookEndpointCreate' });
export const endpointUpdateInput = z
  .object({ endpoint_id: endpointId, url })
  .meta({ title: 'WebhookEndpointUpdate' });
export const deliveryIdInput = z.object({ endpoint_id: endpointId, delivery_id: deliveryId });

export const secretRotateInput = z
  .object({
    endpoint_id: endpointId,
    overlap_hours: z
      .number({ error: WEBHOOK_API_MESSAGES.overlapHours })
      .int({ error: WEBHOOK_API_MESSAGES.overlapHours })
      .min(0, { error: WEBHOOK_API_MESSAGES.overlapHours })
      .max(MAX_SECRET_OVERLAP_HOURS, { error: WEBHOOK_API_MESSAGES.overlapHours })
      // Behind a pipe: trpc-to-openapi makes a body's top-level numbers coercing ("24" would pass).
      .pipe(z.number())
      .meta({
        description:
          `Hours the previous secret keeps signing beside the new one (default ${DEFAULT_SECRET_OVERLAP_HOURS}; ` +
          `0: it stops at once; at most ${MAX_SECRET_OVERLAP_HOURS})`,
        example: DEFAULT_SECRET_OVERLAP_HOURS,
      })
      .optional(),
  })
  .meta({ title: 'WebhookSecretRotate' });

export const deliveryListInput = z.object({
  endpoint_id: endpointId,
  state: z
    .enum(DELIVERY_STATES, { error: WEBHOOK_API_MESSAGES.state })
    .meta({ description: 'Only deliveries in this state', example: 'retrying' })
    .optional(),
  participant_uuid: z
    .string({ error: WEBHOOK_API_MESSAGES.participantUuidFormat })
    .refine(isUuid, { error: WEBHOOK_API_MESSAGES.participantUuidFormat })
    .meta({ description: 'Only deliveries about this participant', format: 'uuid' })
    .optional(),
  limit: z
    .number({ error: WEBHOOK_API_MESSAGES.limit })
    .int({ error: WEBHOOK_API_MESSAGES.limit })
    .min(1, { error: WEBHOOK_API_MESSAGES.limit })
    .max(DELIVERY_PAGE_LIMIT.max, { error: WEBHOOK_API_MESSAGES.limit })
    .meta({
      description:
        `Deliveries per page at most (default ${DELIVERY_PAGE_LIMIT.default}); a page also ends at ` +
        `${DELIVERY_PAGE_SIZE_TEXT} of payloads`,
      example: 20,
    })
    .optional(),
  cursor: z
    .string({ error: WEBHOOK_API_MESSAGES.cursor })
    .meta({
      description: 'next_cursor of the previous page: continue after it',
      example: 'MjAyNi0xMS0yMlQxNDowMzowNS4xMjNafDZkMWYwYzJhLTliNGUtNGY3YS04YzNkLTJlNWI3YTlmMWMwNA',
    })
    .optional(),
});

const dateTime = (description: string) => z.string().meta({ format: 'date-time', description });
const nullableDateTime = (description: string) =>
  z.string().nullable().meta({ format: 'date-time', description });

export const webhookEndpointOutput = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    url: z.string().meta({ description: 'Where results are POSTed; `pais listen` for a listen endpoint' }),
    delivery_mode: z.enum(['http', 'listen']).meta({
      description:
        'http: results are POSTed to url; listen: a sandbox questionnaire’s results go to `pais listen` ' +
        '(POST /v1/webhooks/listen) instead, and wait for it while none runs',
    }),
    state: z.enum(['healthy', 'failing', 'disabled']).meta({
      description:
        'healthy; failing: the last attempts failed and the breaker is open (one probe at a time, from ' +
        'next_probe_at); disabled: nothing is queued or sent (disabled_cause says why)',
    }),
    disabled_at: nullableDateTime('When it was disabled; null while enabled'),
    disabled_cause: z
      .enum(['admin_pause', 'gone', 'failures'])
      .nullable()
      .meta({
        description:
          'Why it is disabled: an Admin paused it (only an Admin enables it again), it answered 410 Gone, or ' +
          'every attempt failed for days (POST /v1/webhooks/recover enables it again in the last two cases)',
      }),
    disabled_reason: z.string().nullable().meta({ description: 'The reason in words' }),
    consecutive_failures: z
      .number()
      .int()
      .meta({ description: 'Failed attempts in a row (0 after a success)' }),
    failing_since: nullableDateTime('The first failed attempt of the current run of failures'),
    next_probe_at: nullableDateTime('While failing: the next probe is sent no earlier than this'),
    last_failure_at: nullableDateTime('When the last failed attempt was made (kept after a success)'),
    last_failure_error: z.string().nullable().meta({ description: 'What the last failed attempt met' }),
    previous_secret_expires_at: nullableDateTime(
      'While a rotation’s overlap runs: until then deliveries are signed with the previous secret too',
    ),
    authentication: z.enum(['none', 'header', 'oauth2']).meta({
      description: 'Your own authentication sent with each delivery (an Admin sets it up)',
    }),
    created_at: dateTime('When it was created'),
    updated_at: dateTime('When it last changed'),
  })
  .meta({
    id: 'WebhookEndpoint',
    title: 'WebhookEndpoint',
    description: 'A webhook endpoint of the key’s questionnaire. Never carries a secret.',
  });

export const webhookEndpointCreatedOutput = webhookEndpointOutput
  .extend({
    secret: z.string().meta({
      description:
        'The signing secret (whsec_…), shown only in this answer: verify each delivery’s webhook-signature with it',
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  })
  .meta({ id: 'WebhookEndpointCreated', title: 'WebhookEndpointCreated' });

export const webhookEndpointListOutput = z
  .object({
    endpoints: z.array(webhookEndpointOutput).meta({
      description:
        'The questionnaire’s current endpoint (one at most: a questionnaire sends to one endpoint); empty ' +
        'without one. Archived endpoints are not listed.',
    }),
  })
  .meta({ id: 'WebhookEndpointList', title: 'WebhookEndpointList' });

export const webhookEndpointRemovedOutput = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    removal: z.enum(['archived', 'deleted']).meta({
      description:
        'archived: it had deliveries, which are kept (an Admin can restore it); deleted: it never had any',
    }),
  })
  .meta({ id: 'WebhookEndpointRemoved', title: 'WebhookEndpointRemoved' });

export const webhookSecretRotatedOutput = z
  .object({
    secret: z.string().meta({
      description: 'The new signing secret (whsec_…), shown only in this answer',
      example: 'whsec_Zl7iWx1h2Ck9NVnH9bRm0p3QkTjGhY4a',
    }),
    previous_secret_expires_at: nullableDateTime(
      'Until then deliveries carry a signature with the previous secret too; null: no overlap',
    ),
  })
  .meta({ id: 'WebhookSecretRotated', title: 'WebhookSecretRotated' });

const attemptOutput = z
  .object({
    attempted_at: dateTime('When it was sent'),
    status_code: z.number().int().nullable().meta({ description: 'Your answer’s status; null without one' }),
    duration_ms: z.number().int(),
    error: z
      .string()
      .nullable()
      .meta({ description: 'What went wrong (a timeout, a refused connection, HTTP 503, …); null on 2xx' }),
  })
  .meta({ id: 'WebhookDeliveryAttempt', title: 'WebhookDeliveryAttempt' });

export const webhookDeliveryOutput = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    message_id: z
      .string()
      .meta({ description: 'The webhook-id header it is sent with (the same on every retry)' }),
    event_type: z.enum(['result.update', 'webhook.test']),
    test: z.boolean().meta({ description: 'A test event (callback_type "Test"): no data changed' }),
    participant_uuid: z.string().nullable().meta({ format: 'uuid' }),
    state: z.enum(DELIVERY_STATES).meta({
      description:
        'pending: queued (or its first attempt in flight); retrying: waiting for its next retry after a failed ' +
        'attempt; succeeded; failed: gave up after the whole retry schedule, or 410 Gone, or a test event that ' +
        'failed; cancelled: a newer result of the participant superseded it, or the participant was erased',
    }),
    attempt_count: z.number().int(),
    next_attempt_at: nullableDateTime('While pending or retrying: when it is sent next'),
    delivered_at: nullableDateTime('When your endpoint accepted it'),
    last_error: z
      .string()
      .nullable()
      .meta({ description: 'Why the last attempt failed, or why it was cancelled' }),
    created_at: dateTime('When it was queued'),
    request_id: z
      .string()
      .nullable()
      .meta({ description: 'The X-Request-Id of the request that published the result' }),
    attempts: z.array(attemptOutput).meta({ description: 'Every attempt, newest first' }),
    payload: resultPayloadSchema.meta({
      description: 'The body as it is sent (the result webhook’s payload), while the delivery is retained',
    }),
  })
  .meta({ id: 'WebhookDelivery', title: 'WebhookDelivery' });

export const webhookDeliveryPageOutput = z
  .object({
    deliveries: z.array(webhookDeliveryOutput).meta({ description: 'Newest first' }),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as cursor for the next page; null at the end' }),
    has_more: z.boolean(),
  })
  .meta({ id: 'WebhookDeliveryPage', title: 'WebhookDeliveryPage' });
