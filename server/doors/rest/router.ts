// The public REST API under /questionnaire: every domain's REST procedures in one router. Both REST doors call
// these procedures (server/doors/rest/README.md); the OpenAPI document is generated from their meta.
import { createTRPCRouter } from '@/server/platform/trpc';
import { apiKeyRouter } from '../../api-keys/rest-router';
import { participantRouter } from '../../participants/rest-router';
import { resultRouter } from '../../results/rest-router';
import { webhookRouter } from '../../webhooks/rest-router';
import { listenRouter } from '../../webhooks/listen-router';

export const restRouter = createTRPCRouter({
  participant: participantRouter,
  apiKey: apiKeyRouter,
  result: resultRouter,
  webhook: webhookRouter,
  webhookListen: listenRouter,
});
