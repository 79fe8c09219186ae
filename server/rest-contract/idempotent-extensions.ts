// The writes that honour Idempotency-Key beside participant creation and the outcome update (the error
// catalogue's IDEMPOTENT_OPERATIONS): the same request sent again with the same key makes one test result, one
// recovery, one API key. A new key's value is shown only once, so a repeat of its creation gets a 409 naming
// the key instead of the first answer (server/api-keys/rest-router.ts).
export const IDEMPOTENT_EXTENSIONS = [
  'POST /v1/participant/{participant_uuid}/test-result',
  'POST /v1/webhooks/recover',
  'POST /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys',
] as const;
