// What the `pais listen` services answer when they refuse (POST /v1/webhooks/listen and the session's paths):
// the REST door shows them in the participant error shape, the REST error catalogue lists them, and the
// command line prints them as they are.
export const LISTEN_MESSAGES = {
  /** A live key (or a live questionnaire): listening is for a sandbox's test data only. */
  sandboxOnly: 'Listening for webhooks works only in a sandbox questionnaire (with a pais_test_ API key)',
  /** One endpoint per questionnaire: an endpoint with a URL is not taken over by a listen session. */
  httpEndpoint:
    "This questionnaire's webhook endpoint sends to a URL: archive it (DELETE /v1/webhooks/endpoints/{endpoint_id}) before listening, or listen with another sandbox questionnaire's key",
  pausedByAdmin: "An Admin paused this questionnaire's webhook endpoint: only an Admin can enable it again",
  /** Disabled automatically (every attempt failed for days): starting a session enables it again. */
  disabled: 'The webhook endpoint was disabled after failing for days: start pais listen again to enable it',
  sessionNotFound:
    'Listen session not found: it was stopped, a newer pais listen session replaced it, or the endpoint now sends to a URL',
  /** An outcome for a delivery this session does not hold (reported already, or never handed to it). */
  notLeased:
    'This delivery is not being sent by this listen session: its outcome was reported already, or it was handed to another session',
} as const;
