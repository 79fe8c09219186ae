// The writes that honour Idempotency-Key beside participant creation and the outcome update (the error
// catalogue's IDEMPOTENT_OPERATIONS): the same request sent again with the same key makes one test result, one
// recovery, one API key, one webhook endpoint, one rotation. A new key's value and a webhook signing secret are
// shown only once, so a repeat of their creation gets a 409 naming what was made instead of the first answer
// (server/api-keys/rest-router.ts, server/webhooks/rest-router.ts).
const ENDPOINT = '/v1/webhooks/endpoints/{endpoint_id}';

export const IDEMPOTENT_EXTENSIONS = [
  'POST /v1/participant/{participant_uuid}/test-result',
  'POST /v1/webhooks/recover',
  'POST /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys',
  // Shows the signing secret once: a repeat gets 409 naming the endpoint.
  'POST /v1/webhooks/endpoints',
  // Setting the same URL again changes nothing: the door stores and replays the first answer.
  `PATCH ${ENDPOINT}`,
  `POST ${ENDPOINT}/deliveries/{delivery_id}/retry`,
  `POST ${ENDPOINT}/test`,
  // Shows the new secret once: a repeat gets 409 naming the endpoint.
  `POST ${ENDPOINT}/secret/rotate`,
  `POST ${ENDPOINT}/secret/end-overlap`,
] as const;

/**
 * The POSTs that refuse Idempotency-Key (400, idempotencyNotSupportedOnListenMessage) instead of honouring it:
 * `pais listen`'s. Starting a session shows its secret once and ends the session before it, so a replay could
 * neither repeat the answer nor run again harmlessly; a poll hands over the deliveries due now and an outcome
 * settles a leased attempt, so replaying either's first answer would hand over stale deliveries or hide that
 * the lease moved on. The CLI never sends the header on them.
 */
export const IDEMPOTENCY_REFUSING_WRITES: ReadonlySet<string> = new Set([
  'POST /v1/webhooks/listen',
  'POST /v1/webhooks/listen/{session_id}/poll',
  'POST /v1/webhooks/listen/{session_id}/deliveries/{delivery_id}/outcome',
]);
