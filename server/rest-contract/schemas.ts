// The public REST contract's request and response bodies, defined once: the procedures validate with them and
// the OpenAPI document is generated from them. Every message a client can see is the spec's, or names the
// field and the problem.
import { z } from 'zod';
import { API_KEY_SCOPES } from '@/server/api-keys/api-keys';
import { isStorableText, PARTICIPANT_FIELD_MAX } from '@/server/participants/fields';
import {
  mustBeMessage,
  tooLongMessage,
  tooManyItemsMessage,
  unstorableMessage,
} from '@/server/platform/lib/field-messages';
import { limitRangeMessage, REST_MESSAGES } from './messages';
import { isUuid } from '@/server/platform/lib/ids';
import { hasInvisibleCharacters, invisibleCharactersMessage } from '@/server/platform/lib/identifier-text';
import { MESSAGES } from '@/server/participants/messages';
import { participantRecordSchema } from '@/server/participants/rest-view';
import { parseRfc3339 } from '@/server/platform/lib/time';
import { isPhoneNumberText, phoneNumberTextMessage } from '@/server/platform/lib/phone';
import { resultDataSchema, resultPayloadSchema } from '@/server/webhooks/payload';
import { RECOVERY_LIMITS } from '@/server/webhooks/recovery-limits';
import { FEED_PAGE_SIZE_TEXT } from '@/server/results/feed-page-size';
import { NO_DELIVERY_QUEUED } from '@/server/results/messages';
import { TEST_HEADER_NAME, TEST_HEADER_VALUE } from '@/server/webhooks/test-header';

const notBlank = (value: string) => value.trim() !== '';

/** An optional text field: a string (empty allowed) of at most `max` characters that the database can store. */
const optionalText = (field: string, max: number, meta: { description: string; format?: string }) =>
  z
    .string({ error: mustBeMessage(field, 'a string') })
    .max(max, { error: tooLongMessage(field, max) })
    .refine(isStorableText, { error: unstorableMessage(field) })
    .optional()
    .meta(meta);

/** A phone field: optional text that, when not blank, reads as a phone number; stored as sent. */
const phoneText = (field: string, description: string) =>
  optionalText(field, PARTICIPANT_FIELD_MAX.phoneNumber, {
    description: `${description}. Digits, spaces and + ( ) - . /, optionally an extension (our rule).`,
  }).refine((value) => value === undefined || !value.trim() || isPhoneNumberText(value.trim()), {
    error: phoneNumberTextMessage(field),
  });

/** A UUID in the path (a refinement rather than .regex(): a JSON-schema pattern would lose the i flag). */
const uuidPathParameter = (field: string, description: string, message = `Invalid ${field} format`) =>
  z
    .string()
    .refine(isUuid, { error: message })
    .meta({ description, format: 'uuid', example: '3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63' });

const participantFields = {
  project_uuid: z
    .string({
      error: (issue) => (issue.input == null ? REST_MESSAGES.projectRequired : REST_MESSAGES.projectFormat),
    })
    .refine(notBlank, { error: REST_MESSAGES.projectRequired, abort: true })
    .refine(isUuid, { error: REST_MESSAGES.projectFormat })
    .meta({ description: 'UUID of the project/questionnaire', format: 'uuid' }),
  interview_ref_num: z
    .string({
      error: (issue) =>
        issue.input == null ? MESSAGES.irnEmpty : mustBeMessage('interview_ref_num', 'a string'),
    })
    .refine(notBlank, { error: MESSAGES.irnEmpty, abort: true })
    .max(PARTICIPANT_FIELD_MAX.irn, { error: tooLongMessage('interview_ref_num', PARTICIPANT_FIELD_MAX.irn) })
    .refine(isStorableText, { error: unstorableMessage('interview_ref_num') })
    .meta({
      description:
        'Interview reference number (IRN). Must not be empty; unique among the questionnaire’s participants, also ' +
        'in compatibility forms (compared by Unicode NFKC: full-width ＩＲＮ-1 is IRN-1; stored as sent). A new ' +
        'IRN must not contain invisible or text-direction characters (Unicode format characters and ' +
        'default-ignorable code points) nor mix Latin, Greek and Cyrillic letters (our rule).',
    }),
  phone_number1: phoneText('phone_number1', 'Primary phone number'),
  phone_number2: phoneText('phone_number2', 'Secondary phone number; an empty string is allowed'),
  external_ref_id: optionalText('external_ref_id', PARTICIPANT_FIELD_MAX.externalRefId, {
    description:
      'External reference ID. Must not contain invisible or text-direction characters nor mix Latin, Greek ' +
      'and Cyrillic letters (our rule).',
  }),
  email: optionalText('email', PARTICIPANT_FIELD_MAX.email, {
    description: 'Email address',
    format: 'email',
  }),
  language: optionalText('language', PARTICIPANT_FIELD_MAX.language, {
    description: 'Language name, e.g. English',
  }),
};

/** POST /v1/participant: create (no participant_uuid) or retake (participant_uuid present). */
export const participantCreateOrRetakeInput = z
  .object({
    ...participantFields,
    participant_uuid: z
      .string({ error: REST_MESSAGES.participantUuidFormat })
      .refine((value) => value === '' || isUuid(value), {
        error: REST_MESSAGES.participantUuidFormat,
      })
      .optional()
      .meta({
        description: 'UUID of an existing participant: present for a retake, absent (or empty) for a create',
        format: 'uuid',
      }),
  })
  .meta({ title: 'ParticipantOrRetake' });

const participantIdParameter = uuidPathParameter('participant_id', 'UUID of the participant');

/** PUT /v1/participant/{participant_id}. */
export const outcomeUpdateInput = z.object({
  participant_id: participantIdParameter,
  outcome: z
    .string({
      error: (issue) =>
        issue.input == null ? REST_MESSAGES.outcomeRequired : mustBeMessage('outcome', 'a string'),
    })
    .refine(notBlank, { error: REST_MESSAGES.outcomeRequired, abort: true })
    .max(PARTICIPANT_FIELD_MAX.outcome, { error: tooLongMessage('outcome', PARTICIPANT_FIELD_MAX.outcome) })
    .refine(isStorableText, { error: unstorableMessage('outcome') })
    .meta({ description: 'Outcome code to set' }),
  outcome_ts: z
    .string({ error: REST_MESSAGES.outcomeTsFormat })
    .refine((value) => value === '' || parseRfc3339(value) !== null, { error: REST_MESSAGES.outcomeTsFormat })
    .optional()
    .meta({
      description: 'RFC 3339 date-time (any offset). When omitted (or empty) the current UTC time is used.',
      format: 'date-time',
    }),
});

export const participantIdInput = z.object({ participant_id: participantIdParameter });

/** GET /v1/participant?interview_ref_num=…: our extension, the lookup by IRN. */
export const participantByIrnInput = z.object({
  interview_ref_num: z
    .string({ error: MESSAGES.irnEmpty })
    .refine(notBlank, { error: MESSAGES.irnEmpty, abort: true })
    .max(PARTICIPANT_FIELD_MAX.irn, { error: tooLongMessage('interview_ref_num', PARTICIPANT_FIELD_MAX.irn) })
    .refine(isStorableText, { error: unstorableMessage('interview_ref_num') })
    .meta({ description: 'The interview reference number (IRN) the participant was created with' }),
});

export const participantRecordOutput = participantRecordSchema
  .extend({
    outcome_ts: participantRecordSchema.shape.outcome_ts.meta({
      description: 'When the outcome was recorded (RFC 3339, UTC). Null until an outcome is set.',
      format: 'date-time',
    }),
  })
  .meta({
    id: 'Participant',
    title: 'Participant',
    description: 'The participant record. particpant_guide_link is spelt as published (missing i).',
  });

const tenantPathParameters = {
  tenant_id: uuidPathParameter('tenant_id', 'UUID of the tenant that owns the questionnaire'),
  questionnaire_id: uuidPathParameter('questionnaire_id', 'UUID of the questionnaire'),
};

const scopeList = (field: 'scopes' | 'permissions', description: string) => {
  const notStrings = mustBeMessage(field, 'an array of strings');
  return z
    .array(z.string({ error: notStrings }), {
      error: (issue) => (issue.input === null ? REST_MESSAGES.scopeRequired : notStrings),
    })
    .max(API_KEY_SCOPES.length * 4, { error: tooManyItemsMessage(field, API_KEY_SCOPES.length * 4) })
    .optional()
    .meta({ description, items: { type: 'string', enum: [...API_KEY_SCOPES] } });
};

/** POST /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys: variant A or B. */
export const apiKeyCreateInput = z
  .object({
    ...tenantPathParameters,
    key_name: z
      .string({
        error: (issue) =>
          issue.input == null ? REST_MESSAGES.keyNameRequired : mustBeMessage('key_name', 'a string'),
      })
      .refine(notBlank, { error: REST_MESSAGES.keyNameRequired, abort: true })
      .max(255, { error: tooLongMessage('key_name', 255) })
      .refine(isStorableText, { error: unstorableMessage('key_name') })
      .refine((name) => !hasInvisibleCharacters(name), { error: invisibleCharactersMessage('key_name') })
      .meta({
        description:
          'Human-readable name (no invisible or text-direction characters: zero-width spaces, bidi controls)',
      }),
    scopes: scopeList('scopes', 'Variant A: the scopes to grant. Send either scopes or permissions.'),
    permissions: scopeList(
      'permissions',
      'Variant B: the scopes to grant. Send either scopes or permissions.',
    ),
    expires_at: z.iso
      .datetime({
        offset: true,
        error: REST_MESSAGES.expiresAtFormat,
      })
      .optional()
      .meta({
        description:
          'Our extension: when the key stops working (RFC 3339, in the future). After it, the key gets ' +
          '401 Invalid API key like a deleted one. Absent: the key expires when the key creating it does ' +
          '(never, if that one does not); later than that: 400.',
      }),
  })
  .meta({ title: 'ApiKeyCreate' });

export const apiKeyListInput = z.object(tenantPathParameters);

export const apiKeyDeleteInput = z.object({
  ...tenantPathParameters,
  apikey: z.string().refine(notBlank, { error: REST_MESSAGES.apiKeyValueRequired }).meta({
    description: 'Variant A: the raw api_key value. Variant B: the key’s id (a UUID).',
    example: '3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63',
  }),
});

export const apiKeyRecordOutput = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    api_key: z.string().meta({
      description: 'The full key in the creation response only; masked (start…last four) everywhere else',
    }),
    key_name: z.string(),
    scopes: z
      .array(z.string())
      .optional()
      .meta({ description: 'Granted scopes, when the key was created with variant A' }),
    permissions: z
      .array(z.string())
      .optional()
      .meta({ description: 'Granted scopes, when the key was created with variant B' }),
    questionnaire_id: z.string().meta({ format: 'uuid' }),
    create_ts: z.string().meta({ format: 'date-time' }),
    update_ts: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'ApiKey', title: 'ApiKey' });

export const apiKeyListOutput = z.array(apiKeyRecordOutput);

// Our extensions for integrating: test results in a sandbox, the results feed and one participant's result.

const participantUuidParameter = uuidPathParameter(
  'participant_uuid',
  'UUID of the participant',
  REST_MESSAGES.participantUuidFormat,
);

/**
 * trpc-to-openapi turns the top-level booleans of every input into coercing ones, in place ("false" would read
 * as true, and the ingestion's own schema, whose fields these are, would change with it). Behind a pipe they
 * stay the strict checks the engine's results get.
 */
const strictBoolean = (field: z.ZodBoolean) => field.pipe(z.boolean());
const resultShape = resultDataSchema.shape;

/** POST /v1/participant/{participant_uuid}/test-result: any subset of a result, checked as a real one. */
export const testResultInput = resultDataSchema
  .extend({
    is_admission: strictBoolean(resultShape.is_admission),
    is_counter_measure: strictBoolean(resultShape.is_counter_measure),
    is_not_complete: strictBoolean(resultShape.is_not_complete),
    clear: strictBoolean(resultShape.clear.unwrap()),
  })
  .partial()
  .extend({ participant_uuid: participantUuidParameter })
  .meta({
    title: 'TestResult',
    description: 'Any subset of the result payload’s fields; those left out get sample values.',
  });

export const testResultOutput = z
  .object({
    result_id: z.string().meta({ format: 'uuid', description: 'The stored result' }),
    message_ids: z.array(z.string()).meta({
      description:
        'The webhook-id (msg_…) of each delivery queued, one per active webhook; empty without a webhook',
    }),
    warning: z
      .string()
      .optional()
      .meta({
        description:
          'Only when no delivery was queued (message_ids empty): why (no webhook endpoint, or each one ' +
          'disabled), and where the stored result can be read instead',
        example: NO_DELIVERY_QUEUED.noEndpoint,
      }),
  })
  .meta({ id: 'TestResultQueued', title: 'TestResultQueued' });

export const FEED_LIMIT = { default: 100, max: 1000 } as const;
export const FEED_MESSAGES = {
  updatedSince: 'Invalid updated_since format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z)',
  limit: limitRangeMessage(FEED_LIMIT.max),
  cursor: REST_MESSAGES.invalidCursor,
} as const;

/** GET /v1/results. */
export const resultFeedInput = z.object({
  updated_since: z
    .string({ error: FEED_MESSAGES.updatedSince })
    .refine((value) => parseRfc3339(value) !== null, { error: FEED_MESSAGES.updatedSince })
    .meta({
      description: 'RFC 3339 date-time: only results updated at or after it. Absent: from the first result.',
      format: 'date-time',
      example: '2026-11-22T00:00:00Z',
    })
    .optional(),
  limit: z
    .number({ error: FEED_MESSAGES.limit })
    .int({ error: FEED_MESSAGES.limit })
    .min(1, { error: FEED_MESSAGES.limit })
    .max(FEED_LIMIT.max, { error: FEED_MESSAGES.limit })
    .meta({
      description: `Results per page at most (default ${FEED_LIMIT.default}); a page also ends at ${FEED_PAGE_SIZE_TEXT}`,
      example: 100,
    })
    .optional(),
  cursor: z
    .string({ error: FEED_MESSAGES.cursor })
    .meta({ description: 'next_cursor of the previous page: continue after it', example: 'cDQy' })
    .optional(),
});

export const feedResultOutput = resultPayloadSchema
  .extend({
    participant_uuid: z.string().meta({ format: 'uuid' }),
    updated_at: z.string().meta({ format: 'date-time', description: 'When this result was last published' }),
    test: z.boolean().meta({
      description:
        'True for test data: a result of a sandbox questionnaire (pais_test_ keys). The webhook payload has ' +
        `no such field; a delivery of test data carries the header ${TEST_HEADER_NAME}: ${TEST_HEADER_VALUE}.`,
    }),
  })
  .meta({
    id: 'CurrentResult',
    title: 'CurrentResult',
    description:
      'A participant’s current result: the webhook payload, plus participant_uuid, updated_at and test.',
  });

export const resultFeedOutput = z
  .object({
    results: z.array(feedResultOutput).meta({ description: 'Oldest first (in the order they were stored)' }),
    next_cursor: z.string().meta({
      description:
        'Pass as cursor to read on. Always present: with has_more false it is where to poll from later.',
    }),
    has_more: z.boolean().meta({
      description: 'True when the next page can be read at once (also when this one ended by its size)',
    }),
  })
  .meta({ id: 'ResultFeedPage', title: 'ResultFeedPage' });

export const participantResultInput = z.object({ participant_uuid: participantUuidParameter });

export const RECOVER_MESSAGES = {
  since: 'since is required and must be an RFC3339 date-time (e.g., 2024-01-15T10:30:00Z)',
} as const;

/** POST /v1/webhooks/recover. */
export const webhookRecoverInput = z
  .object({
    since: z
      .string({ error: RECOVER_MESSAGES.since })
      .refine((value) => parseRfc3339(value) !== null, { error: RECOVER_MESSAGES.since })
      .meta({
        description: 'RFC 3339 date-time: recover what was missed at or after it',
        format: 'date-time',
        example: '2026-11-20T08:00:00Z',
      }),
  })
  .meta({ title: 'WebhookRecover' });

export const webhookRecoverOutput = z
  .object({
    queued: z.number().int().meta({
      description:
        'How many deliveries this call queued (each missed delivery once; 0 when nothing was missed)',
      example: 3,
    }),
    has_more: z.boolean().meta({
      description:
        'True when this call stopped at its bound (it queues at most ' +
        `${RECOVERY_LIMITS.batchSize * RECOVERY_LIMITS.batchesPerCall} deliveries, in batches of ` +
        `${RECOVERY_LIMITS.batchSize}) and more were missed: call again with the same since to queue the rest`,
      example: false,
    }),
  })
  .meta({ id: 'WebhookRecoverQueued', title: 'WebhookRecoverQueued' });
