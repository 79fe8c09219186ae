// The result webhook payload, exactly the fields of the spec's Events section, and the result the assessment
// engine publishes (the same result fields plus the participant). Defined once and reused by the ingestion
// endpoint, the Admin form, the CLI and the dispatcher.
import { z } from 'zod';

const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;

// The database can store neither a NUL character nor broken UTF-16 (a lone surrogate): such text gets a 400
// naming the field instead of failing the write.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /[\u0000\p{Cs}]/u;
const storable = (field: string) =>
  [
    (value: string) => !UNSTORABLE.test(value),
    { error: `${field} must be valid Unicode text without NUL characters` },
  ] as const;

export const riskRatingSchema = z.object({
  sequence: z
    .string({ error: 'questions_risk_rating[].sequence must be a string' })
    .refine(...storable('questions_risk_rating[].sequence')),
  risk_level: z
    .string({ error: 'questions_risk_rating[].risk_level must be a string' })
    .refine(...storable('questions_risk_rating[].risk_level')),
  // Absent text is sent as null: the payload always carries the field.
  text: z
    .string({ error: 'questions_risk_rating[].text must be a string or null' })
    .refine(...storable('questions_risk_rating[].text'))
    .nullable()
    .default(null),
  note: z
    .string({ error: 'questions_risk_rating[].note must be a string' })
    .refine(...storable('questions_risk_rating[].note'))
    .optional(),
});

const resultFields = {
  status: z
    .string({ error: 'status is required and must be a string' })
    .trim()
    .min(1, { error: 'status must not be empty' })
    .max(100, { error: 'status must be at most 100 characters' })
    .refine(...storable('status')),
  questions_risk_rating: z
    .array(riskRatingSchema, { error: 'questions_risk_rating is required and must be an array' })
    .max(1_000, { error: 'questions_risk_rating must have at most 1000 entries' }),
  overall_evaluation: z
    .string({ error: 'overall_evaluation is required and must be a string' })
    .max(100, { error: 'overall_evaluation must be at most 100 characters' })
    .refine(...storable('overall_evaluation')),
  is_admission: z.boolean({ error: 'is_admission is required and must be a boolean' }),
  is_counter_measure: z.boolean({ error: 'is_counter_measure is required and must be a boolean' }),
  is_not_complete: z.boolean({ error: 'is_not_complete is required and must be a boolean' }),
  summary: z
    .string({ error: 'summary must be a string' })
    .max(100, { error: 'summary must be at most 100 characters' })
    .refine(...storable('summary'))
    .optional(),
  summary_bgcolor: z
    .string({ error: 'summary_bgcolor must be a string' })
    .regex(HEX_COLOUR, { error: 'summary_bgcolor must be a hex colour #RRGGBB' })
    .optional(),
  clear: z.boolean({ error: 'clear must be a boolean' }).optional(),
};

/** A result as published: the fields the payload carries about the assessment. */
export const resultDataSchema = z.object(resultFields);
export type ResultData = z.infer<typeof resultDataSchema>;

/** The body of POST /api/internal/results. */
export const resultIngestionSchema = z.object({
  participant_uuid: z.uuid({ error: 'participant_uuid is required and must be a UUID' }),
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
  questions_risk_rating: resultFields.questions_risk_rating,
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
