// The result webhook payload, exactly the fields of the spec's Events section, and the result the assessment
// engine publishes (the same result fields plus the participant). Defined once and reused by the ingestion
// endpoint, the Admin form, the CLI and the dispatcher.
import { z } from 'zod';
import {
  mustBeMessage,
  notEmptyMessage,
  requiredMessage,
  tooLongMessage,
  tooManyEntriesMessage,
} from '@/server/platform/lib/field-messages';

const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;

// The database can store neither a NUL character nor broken UTF-16 (a lone surrogate): such text gets a 400
// naming the field instead of failing the write.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /[\u0000\p{Cs}]/u;
/** A result's text may hold control characters other than NUL, so its refusal reads unlike the REST fields'. */
export const unstorableResultTextMessage = (field: string) =>
  `${field} must be valid Unicode text without NUL characters`;
const storable = (field: string) =>
  [(value: string) => !UNSTORABLE.test(value), { error: unstorableResultTextMessage(field) }] as const;

export const HEX_COLOUR_MESSAGE = 'summary_bgcolor must be a hex colour #RRGGBB';

/**
 * The longest each free-text field of a result may be when it is published (ingestion, a sandbox's test
 * result, the Admin form, the CLI), in characters as JavaScript counts them (UTF-16 code units: most emoji
 * count two). Results stored before a limit existed are read and delivered as they are.
 */
export const RESULT_TEXT_MAX = {
  status: 100,
  overall_evaluation: 100,
  summary: 100,
  'questions_risk_rating[].sequence': 100,
  'questions_risk_rating[].risk_level': 100,
  'questions_risk_rating[].text': 2_000,
  'questions_risk_rating[].note': 2_000,
} as const;
/** The most entries questions_risk_rating may have. */
export const RISK_RATING_MAX_ENTRIES = 1_000;

/** The limits in a sentence, for the OpenAPI descriptions and the customer docs. */
export const RESULT_LIMITS_TEXT =
  'Text limits, in characters: ' +
  Object.entries(RESULT_TEXT_MAX)
    .map(([field, max]) => `${field} ${max}`)
    .join(', ') +
  `; at most ${RISK_RATING_MAX_ENTRIES} questions_risk_rating entries. A longer text is refused with 400 ` +
  'naming the field.';

type LimitedField = keyof typeof RESULT_TEXT_MAX;
const atMost = (field: LimitedField) =>
  [RESULT_TEXT_MAX[field], { error: tooLongMessage(field, RESULT_TEXT_MAX[field]) }] as const;

/** An entry of questions_risk_rating; `limited`: each text within its RESULT_TEXT_MAX. */
function riskRatingEntry(limited: boolean) {
  const text = (key: 'sequence' | 'risk_level' | 'text' | 'note', kind: string) => {
    const field = `questions_risk_rating[].${key}` as const;
    const checked = z.string({ error: mustBeMessage(field, kind) });
    return (limited ? checked.max(...atMost(field)) : checked).refine(...storable(field));
  };
  return z.object({
    sequence: text('sequence', 'a string'),
    risk_level: text('risk_level', 'a string'),
    // Absent text is sent as null: the payload always carries the field.
    text: text('text', 'a string or null').nullable().default(null),
    note: text('note', 'a string').optional(),
  });
}

/** An entry of questions_risk_rating as stored and sent: read without the publishing limits. */
export const riskRatingSchema = riskRatingEntry(false);
const publishedRiskRatingSchema = riskRatingEntry(true);

const ratingsOf = <Entry extends z.ZodType>(entry: Entry) =>
  z
    .array(entry, { error: requiredMessage('questions_risk_rating', 'an array') })
    .max(RISK_RATING_MAX_ENTRIES, {
      error: tooManyEntriesMessage('questions_risk_rating', RISK_RATING_MAX_ENTRIES),
    });

const resultFields = {
  status: z
    .string({ error: requiredMessage('status', 'a string') })
    .trim()
    .min(1, { error: notEmptyMessage('status') })
    .max(...atMost('status'))
    .refine(...storable('status')),
  questions_risk_rating: ratingsOf(publishedRiskRatingSchema),
  overall_evaluation: z
    .string({ error: requiredMessage('overall_evaluation', 'a string') })
    .max(...atMost('overall_evaluation'))
    .refine(...storable('overall_evaluation')),
  is_admission: z.boolean({ error: requiredMessage('is_admission', 'a boolean') }),
  is_counter_measure: z.boolean({ error: requiredMessage('is_counter_measure', 'a boolean') }),
  is_not_complete: z.boolean({ error: requiredMessage('is_not_complete', 'a boolean') }),
  summary: z
    .string({ error: mustBeMessage('summary', 'a string') })
    .max(...atMost('summary'))
    .refine(...storable('summary'))
    .optional(),
  summary_bgcolor: z
    .string({ error: mustBeMessage('summary_bgcolor', 'a string') })
    .regex(HEX_COLOUR, { error: HEX_COLOUR_MESSAGE })
    .optional(),
  clear: z.boolean({ error: mustBeMessage('clear', 'a boolean') }).optional(),
};

/** A result as published: the fields the payload carries about the assessment, each within its limits. */
export const resultDataSchema = z.object(resultFields);
export type ResultData = z.infer<typeof resultDataSchema>;

/** A result as stored (a revision, the current result): its ratings read without the publishing limits. */
export const storedResultDataSchema = resultDataSchema.extend({
  questions_risk_rating: ratingsOf(riskRatingSchema),
});

/** The body of POST /api/internal/results. */
export const resultIngestionSchema = z.object({
  participant_uuid: z.uuid({ error: requiredMessage('participant_uuid', 'a UUID') }),
  ...resultFields,
});

export const RESULT_UPDATE = 'Result Update';
/** The callback_type of the "send test event" button's delivery; everything else matches a real result. */
export const TEST_EVENT = 'Test';

/** The webhook body, keys in the spec's order (the dispatcher re-parses stored payloads to keep it). */
export const resultPayloadSchema = z.object({
  project_uuid: z.string(),
  callback_type: z.enum([RESULT_UPDATE, TEST_EVENT]),
  access_code: z.string(),
  interview_ref_num: z.string(),
  status: resultFields.status,
  questions_risk_rating: storedResultDataSchema.shape.questions_risk_rating,
  overall_evaluation: resultFields.overall_evaluation,
  is_admission: resultFields.is_admission,
  is_counter_measure: resultFields.is_counter_measure,
  is_not_complete: resultFields.is_not_complete,
  participant_language: z.string(),
  summary: resultFields.summary,
  summary_bgcolor: resultFields.summary_bgcolor,
  clear: resultFields.clear,
  timestamp: z.string().optional(),
});
export type ResultPayload = z.infer<typeof resultPayloadSchema>;

/** Event types stored on outbox rows. */
export const EVENT_TYPES = { resultUpdate: 'result.update', test: 'webhook.test' } as const;

/**
 * How a delivery names itself to whoever reads it (the REST delivery record, a `pais listen` poll): its ids,
 * its event type (a test event or a result update) and the participant it is about.
 */
export function deliveryIdentity(delivery: {
  id: string;
  messageId: string;
  eventType: string;
  participantId: string | null;
}) {
  const test = delivery.eventType === EVENT_TYPES.test;
  return {
    id: delivery.id,
    message_id: delivery.messageId,
    event_type: test ? EVENT_TYPES.test : EVENT_TYPES.resultUpdate,
    test,
    participant_uuid: delivery.participantId,
  };
}
