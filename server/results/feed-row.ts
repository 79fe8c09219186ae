// A current result as the results feed and GET /v1/participant/{participant_uuid}/result read it: the result
// its row (FeedRow, statements.ts) makes, the webhook payload's shape plus participant_uuid, updated_at and
// whether it is test data.
import { toRfc3339Utc } from '@/server/platform/lib/time';
import { payloadFields } from '@/server/results/results';
import { riskRatingSchema, type ResultPayload } from '@/server/webhooks/payload';
import type { FeedRow } from './statements';

/**
 * A current result: the webhook payload (its keys in the payload's order), whose it is and when, and `test`:
 * our marker of test data (a sandbox questionnaire's result), which the payload itself never carries.
 */
export type FeedResult = { participant_uuid: string } & ResultPayload & { updated_at: string; test: boolean };

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
