// What the tests of `pais listen`'s paths (/v1/webhooks/listen/…) share: the paths, a sandbox questionnaire with
// a key, and a session's start, poll and outcome through the REST harness.
import { expect } from 'vitest';
import type { ApiKeyScope } from '@/server/api-keys/api-keys';
import type { RestHarness, RestResponse, Seeded } from './rest-harness';

export const LISTEN = '/v1/webhooks/listen';
export const pollPath = (sessionId: string) => `${LISTEN}/${sessionId}/poll`;
export const outcomePath = (sessionId: string, deliveryId: string) =>
  `${LISTEN}/${sessionId}/deliveries/${deliveryId}/outcome`;

export interface ListenSession {
  session_id: string;
  endpoint_id: string;
  secret: string;
}

export interface HandedDelivery {
  id: string;
  message_id: string;
  event_type: string;
  test: boolean;
  participant_uuid: string | null;
  attempt: number;
  headers: Record<string, string>;
  body: string;
}

/** A sandbox questionnaire and a key of it holding `scopes`. */
export async function sandboxWithKey(
  h: RestHarness,
  scopes: ApiKeyScope[] = ['webhook:write'],
): Promise<{ q: Seeded; key: { id: string; value: string } }> {
  const q = await h.seed({ sandbox: true });
  return { q, key: await h.createKey(q.questionnaireId, scopes) };
}

export async function startSession(h: RestHarness, key: string): Promise<ListenSession> {
  const started = await h.call('POST', LISTEN, { key });
  expect(started.status, started.text).toBe(201);
  return started.body as ListenSession;
}

/** The session's next deliveries; `wait_seconds` 0 (answer at once) unless given. */
export async function poll(
  h: RestHarness,
  key: string,
  sessionId: string,
  waitSeconds = 0,
): Promise<HandedDelivery[]> {
  const polled = await h.call('POST', pollPath(sessionId), { key, body: { wait_seconds: waitSeconds } });
  expect(polled.status, polled.text).toBe(200);
  return (polled.body as { deliveries: HandedDelivery[] }).deliveries;
}

export function report(
  h: RestHarness,
  key: string,
  sessionId: string,
  deliveryId: string,
  outcome: { status_code: number | null; duration_ms: number; error?: string },
): Promise<RestResponse> {
  return h.call('POST', outcomePath(sessionId, deliveryId), { key, body: outcome });
}
