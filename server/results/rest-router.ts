// Our extensions for integrating, over test-results.ts and feed.ts: trigger a test result in a
// sandbox, read the results feed to reconcile, read one participant's current result.
import { createTRPCRouter } from '@/server/platform/trpc';
import { parseRfc3339 } from '@/server/platform/lib/time';
import { AppError } from '@/server/platform/lib/errors';
import { requestIdFrom } from '@/server/platform/lib/request-id';
import { apiKeyProcedure } from '@/server/api-keys/rest-procedures';
import { apiKeyActor } from '@/server/api-keys/rest-context';
import { writeWithStoredAnswer } from '@/server/api-keys/answer-stored-with-write';
import {
  FEED_LIMIT,
  FEED_MESSAGES,
  feedResultOutput,
  participantResultInput,
  resultFeedInput,
  resultFeedOutput,
  testResultInput,
  testResultOutput,
} from '@/server/rest-contract/schemas';
import { publishTestResult } from '@/server/results/test-results';
import { FEED_PAGE_SIZE_TEXT } from '@/server/results/feed-page-size';
import { RESULT_LIMITS_TEXT } from '@/server/webhooks/payload';
import { decodeFeedCursor, encodeFeedCursor, getCurrentResult, readResultFeed } from '@/server/results/feed';

const TAGS = ['Results'];

export const resultRouter = createTRPCRouter({
  triggerTest: apiKeyProcedure('participant:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/participant/{participant_uuid}/test-result',
        operationId: 'triggerTestResult',
        tags: TAGS,
        summary: 'Trigger a test result (sandbox only)',
        description:
          'Beyond the published interface. Publishes a result for a participant of a sandbox questionnaire ' +
          '(pais_test_ keys), stored and delivered to every active webhook exactly like a real one. The body ' +
          'is optional: any subset of the result payload’s fields, validated as a real result; the rest get ' +
          `sample values. ${RESULT_LIMITS_TEXT} When no delivery was queued (message_ids empty), warning ` +
          'says why. Its deliveries carry the test header (see the result webhook). With an ' +
          'Idempotency-Key, sending the request again publishes nothing more and gets the first answer. ' +
          '403 with a live key. Needs the participant:write scope.',
      },
      successStatus: 202,
      optionalBody: true,
    })
    .input(testResultInput)
    .output(testResultOutput)
    .mutation(({ ctx, input }) => {
      const { participant_uuid, ...fields } = input;
      return writeWithStoredAnswer(ctx, 202, async (db) => {
        const published = await publishTestResult(
          db,
          {
            questionnaireId: ctx.apiKey.questionnaireId,
            tenantId: ctx.apiKey.tenantId,
            sandbox: ctx.apiKey.sandbox,
          },
          {
            participantId: participant_uuid,
            fields,
            actor: apiKeyActor(ctx),
            requestId: requestIdFrom(ctx.headers),
          },
        );
        return {
          result_id: published.resultId,
          message_ids: published.messageIds,
          ...(published.warning ? { warning: published.warning } : {}),
        };
      });
    }),

  feed: apiKeyProcedure('participant:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/results',
        operationId: 'listResults',
        tags: TAGS,
        summary: 'Results feed',
        description:
          'Beyond the published interface. The current result of each participant of the key’s ' +
          'questionnaire, in the webhook payload’s shape plus participant_uuid, updated_at and test (true ' +
          'for a sandbox questionnaire’s results), oldest first. ' +
          'Follow next_cursor until has_more is false; keep the last next_cursor to poll for what comes ' +
          'later. A result published again moves to the end. No result is skipped or repeated across pages, ' +
          `whatever is published meanwhile. A page holds at most ${FEED_PAGE_SIZE_TEXT} of JSON: it may end ` +
          'before limit results, with has_more true; a single result larger than that comes alone on its page. ' +
          'Needs the participant:read scope.',
      },
    })
    .input(resultFeedInput)
    .output(resultFeedOutput)
    .query(async ({ ctx, input }) => {
      const after = input.cursor === undefined ? 0n : decodeFeedCursor(input.cursor);
      if (after === null) throw new AppError('BAD_REQUEST', FEED_MESSAGES.cursor);
      const page = await readResultFeed(ctx.db, ctx.apiKey.questionnaireId, {
        after,
        updatedSince: input.updated_since ? parseRfc3339(input.updated_since) : null,
        limit: input.limit ?? FEED_LIMIT.default,
      });
      return { results: page.results, next_cursor: encodeFeedCursor(page.position), has_more: page.hasMore };
    }),

  get: apiKeyProcedure('participant:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/participant/{participant_uuid}/result',
        operationId: 'getParticipantResult',
        tags: TAGS,
        summary: 'Get a participant’s current result',
        description:
          'Beyond the published interface. The participant’s current result as the results feed holds it ' +
          '(test: true for test data); ' +
          '404 Result not found before its first result. Needs the participant:read scope.',
      },
    })
    .input(participantResultInput)
    .output(feedResultOutput)
    .query(({ ctx, input }) =>
      getCurrentResult(
        ctx.db,
        { questionnaireId: ctx.apiKey.questionnaireId, tenantId: ctx.apiKey.tenantId },
        input.participant_uuid,
      ),
    ),
});
