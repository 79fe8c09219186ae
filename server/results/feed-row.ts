// A current result as the results feed and GET /v1/participant/{participant_uuid}/result read it: the columns
// one statement selects, and the result they make (the webhook payload's shape plus participant_uuid,
// updated_at and whether it is test data).
import { toRfc3339Utc } from '@/server/platform/lib/time';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { payloadFields } from '@/server/results/results';
import { riskRatingSchema, type ResultPayload } from '@/server/webhooks/payload';

/**
 * A current result: the webhook payload (its keys in the payload's order), whose it is and when, and `test`:
 * our marker of test data (a sandbox questionnaire's result), which the payload itself never carries.
 */
export type FeedResult = { participant_uuid: string } & ResultPayload & { updated_at: string; test: boolean };

export interface FeedRow {
  /** A bigint; text where the statement ran on the pg pool directly (pg reads int8 as text). */
  position: bigint | string | null;
  participant_id: string;
  questionnaire_id: string;
  irn: string;
  participant_language: string;
  access_code: string;
  status: string;
  overall_evaluation: string;
  questions_risk_rating: unknown;
  is_admission: boolean;
  is_counter_measure: boolean;
  is_not_complete: boolean;
  summary: string | null;
  summary_bgcolor: string | null;
  clear: boolean | null;
  updated_at: Date;
  /** The questionnaire is a sandbox: its results are test data. */
  sandbox: boolean;
}

const ratingsOf = (value: unknown) => riskRatingSchema.array().catch([]).parse(value);

export function toFeedResult(row: FeedRow): FeedResult {
  const result = {
    status: row.status,
    questions_risk_rating: ratingsOf(row.questions_risk_rating),
    overall_evaluation: row.overall_evaluation,
    is_admission: row.is_admission,
    is_counter_measure: row.is_counter_measure,
    is_not_complete: row.is_not_complete,
    summary: row.summary ?? undefined,
    summary_bgcolor: row.summary_bgcolor ?? undefined,
    clear: row.clear ?? undefined,
  };
  return {
    participant_uuid: row.participant_id,
    project_uuid: row.questionnaire_id,
    access_code: row.access_code,
    interview_ref_num: row.irn,
    participant_language: row.participant_language,
    // The timestamp a webhook of this result carried: when it was published.
    ...payloadFields(result, row.updated_at),
    updated_at: toRfc3339Utc(row.updated_at),
    test: row.sandbox,
  };
}

/** The participant's language as the payload carries it, from its participant `p` and questionnaire `q`. */
export const PARTICIPANT_LANGUAGE = Prisma.sql`COALESCE(p.language, q.languages[1], 'English')`;

/** The columns of a current result, from an entry `e` joined to its participant `p` (and CURRENT_RESULT_JOINS). */
export const CURRENT_RESULT_COLUMNS = Prisma.sql`
  e.position, p.id::text AS participant_id, p.questionnaire_id::text AS questionnaire_id, p.irn,
  ${PARTICIPANT_LANGUAGE} AS participant_language, a.access_code,
  r.status, r.overall_evaluation, r.questions_risk_rating, r.is_admission, r.is_counter_measure,
  r.is_not_complete, r.summary, r.summary_bgcolor, r.clear, r.updated_at, q.sandbox`;

/** The entry's result `r`, its attempt `a` and the participant's questionnaire `q`. */
export const CURRENT_RESULT_JOINS = Prisma.sql`
  JOIN result r ON r.id = e.result_id
  JOIN attempt a ON a.id = r.attempt_id
  JOIN questionnaire q ON q.id = p.questionnaire_id`;
