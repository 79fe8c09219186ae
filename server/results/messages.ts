// What the results endpoints of ours say beyond their errors.

/** Why a test result queued no webhook delivery (its answer's `warning`), and where to read it instead. */
export const NO_DELIVERY_QUEUED = {
  noEndpoint:
    'No webhook delivery was queued: the questionnaire has no webhook endpoint. The result is stored: read it ' +
    'with GET /v1/participant/{participant_uuid}/result or the results feed (GET /v1/results).',
  allDisabled:
    'No webhook delivery was queued: every webhook endpoint of the questionnaire is disabled. The result is ' +
    'stored: read it with GET /v1/participant/{participant_uuid}/result or the results feed (GET /v1/results).',
} as const;
