// What the tests of the webhook API (/v1/webhooks/endpoints/…) share: the paths, a questionnaire with a key and
// an endpoint created through the API itself, results published to it, and a Standard Webhooks check of what
// the receiver got (the `standardwebhooks` verifier a customer's developer uses).
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import type { ApiKeyScope } from '@/server/api-keys/api-keys';
import { publishResult } from '@/server/results/results';
import { addParticipant, sampleResult } from './webhook-fixtures';
import type { RestHarness, Seeded } from './rest-harness';

export const ENDPOINTS = '/v1/webhooks/endpoints';
export const endpointPath = (endpointId: string, rest = '') => `${ENDPOINTS}/${endpointId}${rest}`;
export const deliveriesPath = (endpointId: string, query = '') =>
  `${ENDPOINTS}/${endpointId}/deliveries${query}`;
export const deliveryPath = (endpointId: string, deliveryId: string, rest = '') =>
  `${ENDPOINTS}/${endpointId}/deliveries/${deliveryId}${rest}`;

export interface ApiEndpoint {
  q: Seeded;
  /** A key of the questionnaire holding `scopes`. */
  key: { id: string; value: string };
  endpointId: string;
  /** The signing secret the create answer showed. */
  secret: string;
}

/** A questionnaire, a key holding `scopes` (webhook:write by default) and an endpoint it created at `url`. */
export async function createApiEndpoint(
  h: RestHarness,
  url: string,
  scopes: ApiKeyScope[] = ['webhook:write'],
): Promise<ApiEndpoint> {
  const q = await h.seed();
  const key = await h.createKey(q.questionnaireId, scopes);
  const writer = scopes.includes('webhook:write')
    ? key
    : await h.createKey(q.questionnaireId, ['webhook:write']);
  const created = await h.call('POST', ENDPOINTS, { key: writer.value, body: { url } });
  expect(created.status, created.text).toBe(201);
  const { id, secret } = created.body as { id: string; secret: string };
  return { q, key, endpointId: id, secret };
}

/** Publishes a result (summary `summary`) for a new participant of the questionnaire; its deliveries queue. */
export async function publishForNewParticipant(
  h: RestHarness,
  questionnaireId: string,
  summary: string,
): Promise<{ participantId: string }> {
  const { participantId } = await addParticipant(h.db.prisma, questionnaireId);
  await publishResult(h.db.prisma, { participantId, result: sampleResult({ summary }), source: 'engine' });
  return { participantId };
}

/** The received request verifies with `secret` (throws otherwise), as a customer's receiver checks it. */
export function verifiesWith(secret: string, request: { body: string; headers: Record<string, unknown> }) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(request.headers[name]),
    ]),
  );
  return new Webhook(secret).verify(request.body, headers);
}
