// Test results on demand for sandbox questionnaires: an integrating developer makes a result happen for one of
// its participants and receives it exactly as a real one (the same publishResult: stored, revised, queued to
// every active webhook, signed, retried, in the feed). Only the fields left out are filled in. A test result that
// reaches no webhook says why, rather than an empty list of deliveries alone.
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import type { AuditActor } from '@/server/audit/audit-log';
import { resolveParticipant, type ParticipantScope } from '@/server/participants/participants';
import { publishResult, type PublishedResult } from '@/server/results/results';
import { resultDataSchema, type ResultData } from '@/server/webhooks/payload';
import { NO_DELIVERY_QUEUED } from '@/server/results/messages';

export const SANDBOX_ONLY =
  'Test results can be triggered only in a sandbox questionnaire (with a pais_test_ API key)';

/** What a test result carries when the request leaves a field out: a complete, low-risk result. */
export const TEST_RESULT_DEFAULTS: ResultData = {
  status: 'Result Published',
  questions_risk_rating: [
    { sequence: '1', risk_level: 'LR', text: 'Test question 1' },
    { sequence: '2', risk_level: 'LR', text: 'Test question 2' },
  ],
  overall_evaluation: 'LR',
  is_admission: false,
  is_counter_measure: false,
  is_not_complete: false,
  summary: 'Test result',
  summary_bgcolor: '#28a745',
  clear: true,
};

export interface TestResultRequest {
  participantId: string;
  /** Any subset of the result, already checked field by field as a real result is. */
  fields: Partial<ResultData>;
  actor: AuditActor;
  requestId?: string;
}

/** A published test result, and why no delivery was queued when none was. */
export type PublishedTestResult = PublishedResult & { warning?: string };

/**
 * Publishes a test result for a participant of the scope's sandbox questionnaire; 403 in a live one (checked
 * first: a live key learns nothing about participants here). Audited as a result publication by the key.
 */
export async function publishTestResult(
  db: Db,
  scope: ParticipantScope & { sandbox: boolean },
  request: TestResultRequest,
): Promise<PublishedTestResult> {
  if (!scope.sandbox) throw new AppError('FORBIDDEN', SANDBOX_ONLY);
  const participant = await resolveParticipant(db, scope, request.participantId);
  const defined = Object.fromEntries(
    Object.entries(request.fields).filter(([, value]) => value !== undefined),
  );
  const result = resultDataSchema.parse({ ...TEST_RESULT_DEFAULTS, ...defined });
  const published = await publishResult(db, {
    participantId: participant.id,
    result,
    source: `test:${request.actor.id ?? request.actor.type}`,
    actor: request.actor,
    requestId: request.requestId,
  });
  if (published.messageIds.length > 0) return published;
  // Deliveries are queued for active endpoints only: none at all, or every one disabled.
  const endpoints = await db.webhookEndpoint.count({ where: { questionnaireId: scope.questionnaireId } });
  return {
    ...published,
    warning: endpoints === 0 ? NO_DELIVERY_QUEUED.noEndpoint : NO_DELIVERY_QUEUED.allDisabled,
  };
}
