// POST /api/internal/results: the assessment engine publishes or updates a participant's result. The result
// is stored and its webhook deliveries queued in one statement whose NOTIFY wakes the dispatchers of every
// instance at commit; the answer is 202 with the result's id (delivery follows from the outbox). The request's
// id (X-Request-Id) is stored on the deliveries, so one id follows the result from the engine to the customer.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { requestIdFrom } from '@/server/platform/lib/request-id';
import { publishResult } from '@/server/results/results';
import { resultIngestionSchema } from '@/server/webhooks/payload';
import { JSON_BODY_MESSAGES, readJsonBody } from '@/server/platform/lib/json-body';
import { errorResponse } from '@/server/doors/rest/errors';
import { checkBearer, failureResponse } from './machine-door';
import { observeRequests } from '@/server/platform/observability/observe-request';

export interface ResultIngestionOptions {
  db: () => PrismaClient;
  /** INTERNAL_API_TOKEN; unset switches the endpoint off. */
  token: () => string | undefined;
}

export function createResultIngestionHandler(
  options: ResultIngestionOptions,
): (req: Request) => Promise<Response> {
  return observeRequests('/api/internal/results', async (req) => {
    try {
      const denied = checkBearer(req, options.token(), 'INTERNAL_API_TOKEN');
      if (denied) return denied;
      const body = await readJsonBody(req);
      if (body.kind === 'refused') return errorResponse('participant', body);
      if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) {
        return errorResponse('participant', { status: 400, message: JSON_BODY_MESSAGES.notObject });
      }
      const parsed = resultIngestionSchema.safeParse(body.value);
      if (!parsed.success)
        return errorResponse('participant', { status: 400, message: describeIssue(parsed.error.issues[0]) });
      const { participant_uuid, ...result } = parsed.data;
      const published = await publishResult(options.db(), {
        participantId: participant_uuid.toLowerCase(),
        result,
        source: 'engine',
        requestId: requestIdFrom(req.headers),
      });
      return Response.json(
        { id: published.resultId },
        { status: 202, headers: { 'Cache-Control': 'no-store' } },
      );
    } catch (error) {
      return failureResponse('results', error);
    }
  });
}

/** The field's own message, with the array position for entries of questions_risk_rating. */
function describeIssue(issue: { message: string; path: PropertyKey[] } | undefined): string {
  if (!issue) return 'Invalid request body';
  const [field, index] = issue.path;
  if (field === 'questions_risk_rating' && typeof index === 'number') {
    return issue.message.replace('questions_risk_rating[]', `questions_risk_rating[${index}]`);
  }
  return issue.message;
}
