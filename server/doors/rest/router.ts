// The public REST API (served under /questionnaire by trpc-to-openapi; see server/doors/rest/handler.ts).
import { createTRPCRouter } from '@/server/platform/trpc';
import { apiKeyRouter } from '../../api-keys/rest-router';
import { participantRouter } from '../../participants/rest-router';
import { resultRouter } from '../../results/rest-router';
import { webhookRouter } from '../../webhooks/rest-router';

export const restRouter = createTRPCRouter({
  participant: participantRouter,
  apiKey: apiKeyRouter,
  result: resultRouter,
  webhook: webhookRouter,
});
