// The public REST API (served under /questionnaire by trpc-to-openapi; see server/rest/handler.ts).
import { createTRPCRouter } from '@/server/api/trpc';
import { apiKeyRouter } from './api-key';
import { participantRouter } from './participant';
import { resultRouter } from './result';
import { webhookRouter } from './webhook';

export const restRouter = createTRPCRouter({
  participant: participantRouter,
  apiKey: apiKeyRouter,
  result: resultRouter,
  webhook: webhookRouter,
});
