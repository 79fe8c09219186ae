// @pais/client: a typed client of the service's REST API, openapi-fetch over the types generated from the
// OpenAPI document (schema.d.ts): paths, parameters, bodies, answers and error bodies are all checked by
// TypeScript. Also the webhook verification customers are told to use (webhooks.ts). README.md shows both.
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths, webhooks } from './schema.js';
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks.js';
export type Participant = components['schemas']['Participant'];
export type ApiKey = components['schemas']['ApiKey'];
export type ParticipantError = components['schemas']['ParticipantError'];
export type ApiKeyError = components['schemas']['ApiKeyError'];
export type ResultUpdate = components['schemas']['ResultUpdate'];

export interface ServiceClientOptions {
  /** The REST base URL, ending in /questionnaire, e.g. https://pais.example.org/questionnaire. */
  baseUrl: string;
  /** Sent as `Authorization: <API_KEY>`, the key itself with no prefix. */
  apiKey: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
}

export function createServiceClient({ baseUrl, apiKey, fetch }: ServiceClientOptions) {
  return createClient<paths>({ baseUrl, headers: { Authorization: apiKey }, ...(fetch ? { fetch } : {}) });
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
