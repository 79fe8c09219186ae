// Generated from the service's OpenAPI document by `npm run client:generate` (openapi-typescript).
// Do not edit: change the router, the schemas or server/doors/rest/openapi.ts and generate again.
export interface paths {
  '/v1/participant': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Find a participant by IRN
     * @description Beyond the published interface. The participant of the key’s questionnaire with this interview_ref_num, e.g. to learn the participant_uuid of a create whose reply was lost; 404 Participant not found when there is none. Needs the participant:read scope.
     */
    get: operations['findParticipantByIrn'];
    put?: never;
    /**
     * Create participant or retake questionnaire
     * @description Without participant_uuid a new participant is created. With participant_uuid the retake flow runs: the same participant gets a new attempt with a new access code and guide link; interview_ref_num must equal the stored value. Needs the participant:write scope.
     */
    post: operations['createParticipant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/participant/{participant_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a participant
     * @description Beyond the published interface. Needs the participant:read scope.
     */
    get: operations['getParticipant'];
    /**
     * Update participant outcome tracking
     * @description Records an outcome code and time (RFC 3339, any offset; the current UTC time when omitted). outcome_ts is returned in UTC. Every outcome is kept in the history. Needs the participant:write scope.
     */
    put: operations['updateOutcome'];
    post?: never;
    /**
     * Erase a participant’s personal data
     * @description Beyond the published interface. Erases the contact fields and the IRN (which can then be used again), invalidates access codes and guide links, and keeps an anonymised record so results stay countable. Needs the participant:delete scope.
     */
    delete: operations['deleteParticipant'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The calling key (who am I)
     * @description Beyond the published interface. The key in the Authorization header as it acts: its id, masked value, name, scopes, mode (test for a sandbox questionnaire’s pais_test_ key), expiry, questionnaire, that questionnaire’s tenant (the tenant_id of the key paths) and its rate limit. Any valid key may ask, whatever its scopes.
     */
    get: operations['getCallingKey'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List API keys
     * @description The questionnaire’s live keys, newest first, each api_key masked. Needs the apikey:write or apikey:delete scope.
     */
    get: operations['listApiKeys'];
    put?: never;
    /**
     * Create API key
     * @description Two request variants are accepted: `scopes` (A) or `permissions` (B); the response names the granted list the same way. The full api_key is returned only in this response. Needs the apikey:write scope, and a key may grant only scopes it holds itself: asking for any other is 403 "You are not authorized to perform this operation", as is any request with the old value of a rolled key. The new key never outlives or out-rates its creator: without expires_at it expires when the creating key does, a later expires_at is refused (400), and its requests draw from the same rate-limit bucket as the creating key, under the limit of the first key of the tree (the key no key created): all keys minted from one key together make no more requests than it may. Deleting or rolling the creating key deletes the new key too, and every key minted from it. A questionnaire holds at most API_KEYS_PER_QUESTIONNAIRE_MAX live keys (100 by default); one more is 409. With an Idempotency-Key, sending the request again creates no second key: as the value is shown only once, the repeat gets 409 naming the key created (delete it if the first answer was lost).
     */
    post: operations['createApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys/{apikey}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete API key
     * @description Names the key by its raw value (variant A) or by its id, a UUID (variant B). The deletion is permanent: any later request with the key gets 401. Every key the deleted key minted, and every key minted from those, is deleted with it in the same transaction (other instances of the service refuse them within 5 seconds, as the key itself). Rolling a key in the Admin app deletes the keys it minted the same way, at once, whatever the overlap of its old value. Needs the apikey:delete scope.
     */
    delete: operations['deleteApiKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/participant/{participant_uuid}/test-result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Trigger a test result (sandbox only)
     * @description Beyond the published interface. Publishes a result for a participant of a sandbox questionnaire (pais_test_ keys), stored and delivered to every active webhook exactly like a real one. The body is optional: any subset of the result payload’s fields, validated as a real result; the rest get sample values. Text limits, in characters: status 100, overall_evaluation 100, summary 100, questions_risk_rating[].sequence 100, questions_risk_rating[].risk_level 100, questions_risk_rating[].text 2000, questions_risk_rating[].note 2000; at most 1000 questions_risk_rating entries. A longer text is refused with 400 naming the field. When no delivery was queued (message_ids empty), warning says why. Its deliveries carry the test header (see the result webhook). With an Idempotency-Key, sending the request again publishes nothing more and gets the first answer. 403 with a live key. Needs the participant:write scope.
     */
    post: operations['triggerTestResult'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/results': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Results feed
     * @description Beyond the published interface. The current result of each participant of the key’s questionnaire, in the webhook payload’s shape plus participant_uuid, updated_at and test (true for a sandbox questionnaire’s results), oldest first. Follow next_cursor until has_more is false; keep the last next_cursor to poll for what comes later. A result published again moves to the end. No result is skipped or repeated across pages, whatever is published meanwhile. A page holds at most 1 MiB (1,048,576 bytes) of JSON: it may end before limit results, with has_more true; a single result larger than that comes alone on its page. Needs the participant:read scope.
     */
    get: operations['listResults'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/participant/{participant_uuid}/result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a participant’s current result
     * @description Beyond the published interface. The participant’s current result as the results feed holds it (test: true for test data); 404 Result not found before its first result. Needs the participant:read scope.
     */
    get: operations['getParticipantResult'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/recover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Recover missed webhook deliveries
     * @description Beyond the published interface. Enables the questionnaire’s webhook again if it was disabled automatically (it answered 410 Gone, or every attempt failed for days), and queues every delivery it missed at or after `since`, once each and oldest first: deliveries that gave up after the whole retry schedule are sent again with their original webhook-id (so you can de-duplicate), and results published while the webhook was disabled are sent for the first time. A result revision your endpoint already acknowledged is never sent again, also after its delivery record was removed by retention. A second call queues nothing more while those deliveries are on their way. One call queues a bounded number (`has_more` says when more is left: call again with the same `since`). A webhook an Admin paused stays paused: the call answers 409 `The webhook was paused by an Admin: only an Admin can enable it again, nothing was queued` and changes nothing (only an Admin enables it again, and chooses whether to send what was missed). Test events are not missed deliveries and are never queued again. Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).
     */
    post: operations['recoverWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook endpoints
     * @description Beyond the published interface. The questionnaire’s webhook endpoint with its state: healthy, failing (the breaker is open after failed attempts in a row: one probe at a time) or disabled, and why (`disabled_cause`: an Admin’s pause, 410 Gone, or days of failures), failures in a row, the last failure and when, and the secret rotation’s overlap. Never a secret. A questionnaire sends to one endpoint, so the list holds one at most. Needs the webhook:read or webhook:write scope.
     */
    get: operations['listWebhookEndpoints'];
    put?: never;
    /**
     * Create the webhook endpoint
     * @description Beyond the published interface. Sets up the questionnaire’s webhook endpoint: results are POSTed to `url` from now on. The answer holds the signing secret (`secret`, whsec_…), **the only time it is shown**: store it to verify each delivery’s webhook-signature. The URL follows the rules of the Admin app’s form (https, a host that resolves only to public addresses, no user name or password); a refused URL is 400 naming the field (`url: …`). A questionnaire sends to one endpoint: when it has one, 409 (change its URL, or archive it first). Your own authentication header or OAuth2 client is set up by an Admin. Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).
     */
    post: operations['createWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/endpoints/{endpoint_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook endpoint
     * @description Beyond the published interface. One endpoint, as the list shows it. Needs the webhook:read or webhook:write scope.
     */
    get: operations['getWebhookEndpoint'];
    put?: never;
    post?: never;
    /**
     * Archive the webhook endpoint
     * @description Beyond the published interface. Stops sending to the endpoint. One that has deliveries is archived (`removal: archived`): nothing more is queued or sent to it, its delivery log is kept, it is no longer listed and an Admin can restore it; one that never had a delivery is deleted. A new endpoint can be created afterwards. Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).
     */
    delete: operations['archiveWebhookEndpoint'];
    options?: never;
    head?: never;
    /**
     * Change the webhook endpoint’s URL
     * @description Beyond the published interface. Changes where results are sent, with the same URL rules as creating it; the signing secret and your authentication stay. A new URL starts with a clean health record (a failing endpoint’s breaker closes); a disabled endpoint stays disabled (recover it, or ask an Admin). Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).
     */
    patch: operations['updateWebhookEndpoint'];
    trace?: never;
  };
  '/v1/webhooks/endpoints/{endpoint_id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an endpoint’s deliveries
     * @description Beyond the published interface. The endpoint’s deliveries, newest first, each with every attempt (time, status code, duration, error) and its payload (while the delivery is retained: 30 days after it ended by default). Filter by `state` and `participant_uuid`; follow `next_cursor` while `has_more` is true (deliveries queued meanwhile do not shift the pages). Needs the webhook:read or webhook:write scope.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a delivery
     * @description Beyond the published interface. One delivery with every attempt and its payload. Needs the webhook:read or webhook:write scope.
     */
    get: operations['getWebhookDelivery'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retry a delivery now
     * @description Beyond the published interface. Sends a delivery that is waiting to retry, or that gave up, again at once, with its original webhook-id, also while the endpoint is failing (the extra attempt does not wait for the breaker’s probe). For one waiting to retry this is an extra attempt: it uses up no step of the retry schedule (retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the failed attempts, each up to 10 % later); if it fails, the delivery keeps its next retry as it was. One that gave up gets the whole schedule again. The answer comes before the attempt is made (it starts at once): read the delivery to see its outcome. 409 for a delivery in another state, while it is being sent, or while the endpoint is disabled. Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).
     */
    post: operations['retryWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/endpoints/{endpoint_id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event
     * @description Beyond the published interface. Sends the endpoint a signed delivery shaped like a result, marked as a test (`callback_type: "Test"`, project_uuid your questionnaire, no participant): it changes no data and checks your receiver end to end (signature, your authentication, your answer). It is attempted at once and only once: a failed test is not retried and recovery never sends it again. The answer comes before the attempt is made: read the delivery to see its outcome. 409 while the endpoint is disabled. Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).
     */
    post: operations['sendWebhookTestEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/endpoints/{endpoint_id}/secret/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the signing secret
     * @description Beyond the published interface. Replaces the endpoint’s signing secret. The new secret is in the answer, **the only time it is shown**. For the overlap (`overlap_hours`, default 24) every delivery is signed with the previous secret too (two v1 signatures in webhook-signature), so your receiver keeps verifying while you switch it; end the overlap early once it has switched. Only the secret just replaced keeps signing. Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).
     */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/endpoints/{endpoint_id}/secret/end-overlap': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * End the secret rotation’s overlap now
     * @description Beyond the published interface. The previous signing secret stops signing now: deliveries carry the new secret’s signature only. Without an overlap running nothing changes. Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).
     */
    post: operations['endWebhookSecretOverlap'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/listen': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start receiving webhooks by long poll
     * @description Beyond the published interface, for `pais listen` (the @pais/client package). Makes the sandbox questionnaire’s webhook endpoint a listen endpoint (created when it has none): its deliveries are no longer sent to a URL but handed to this session’s poll, signed as they would be sent, and each outcome you report lands in the delivery log. Results published meanwhile queue as for any endpoint, and wait for a session when none runs. The answer holds the session’s signing secret, **the only time it is shown**: the endpoint’s secret is replaced with it, with no overlap. Starting a session ends the one before (its poll answers 404); what that one was handed and did not report goes to the new session at once, with its webhook-id unchanged. 409 when the endpoint sends to a URL (archive it first, or use another sandbox questionnaire) or an Admin paused it. Sandbox questionnaires only (pais_test_ keys): 403 with a live key. Needs the webhook:write scope.
     */
    post: operations['startWebhookListen'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/listen/{session_id}/poll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Wait for the session’s next deliveries
     * @description Beyond the published interface, for `pais listen` (the @pais/client package). Answers with the deliveries that are due, oldest first and never a participant’s newer result before an older one still pending, or waits up to `wait_seconds` (25 by default) for one and answers empty when none came. Each is handed over with the exact body and the headers to forward it with, signed with the session’s secret, and is held for the session until you report its outcome; poll again once every delivery handed over is reported. A delivery handed over but not reported is handed over again by the next poll (an answer lost on the way), or, once the session ended, to the next session. 404 once the session ended; 409 while the endpoint is disabled. Sandbox questionnaires only (pais_test_ keys): 403 with a live key. Needs the webhook:read or webhook:write scope, and the session’s id.
     */
    post: operations['pollWebhookListen'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/listen/{session_id}/deliveries/{delivery_id}/outcome': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report how a forwarded delivery went
     * @description Beyond the published interface, for `pais listen` (the @pais/client package). Records the attempt (status code, duration, error) in the delivery log and settles the delivery as the service settles its own sends: a 2xx delivers it; any other status, or none, is a failed attempt, retried on the schedule (retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the failed attempts, each up to 10 % later) by handing it to the session again when the step is due; a test event is tried once. The answer is the delivery as the log now shows it. 409 when the session does not hold the delivery (its outcome was reported already, or it went to another session). Sandbox questionnaires only (pais_test_ keys): 403 with a live key. Needs the webhook:read or webhook:write scope, and the session’s id.
     */
    post: operations['reportWebhookListenOutcome'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/listen/{session_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * End the listen session
     * @description Beyond the published interface, for `pais listen` (the @pais/client package). Ends the session (`pais listen` does when you stop it): its poll answers 404 from now on. The endpoint stays a listen endpoint, and deliveries queued from now on wait for the next session. Report the outcome of every delivery you forwarded first: what the session still holds goes back as never sent. 404 when the session ended already. Sandbox questionnaires only (pais_test_ keys): 403 with a live key. Needs the webhook:read or webhook:write scope, and the session’s id.
     */
    delete: operations['endWebhookListen'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  result_update: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Result update (sent by the service to your webhook URL)
     * @description Sent with HTTP POST to the webhook URL an Admin configured for the questionnaire when a result is published or updated. Acknowledge with any 2xx within 15 s (the published contract: 200); otherwise the delivery is tried again on the schedule (retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the failed attempts, each up to 10 % later), then marked failed. No API-key security applies; a configured static header or OAuth2 bearer token of yours may be sent as well. Every delivery is signed per the Standard Webhooks specification (https://www.standardwebhooks.com). To verify it: take the secret shown once in the Admin app (`whsec_…`), base64-decode the part after `whsec_`, compute the HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` with it, base64-encode the result and compare it, in constant time, with each `v1,` entry of `webhook-signature`; refuse a `webhook-timestamp` more than 5 minutes from your clock. Any Standard Webhooks library does this (e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` npm package). The same `webhook-id` is kept across retries, so use it to de-duplicate. The service’s page /docs/webhooks has a complete receiver.
     */
    post: operations['resultUpdate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /**
     * Participant
     * @description The participant record. particpant_guide_link is spelt as published (missing i).
     */
    Participant: {
      project_uuid: string;
      phone_number1: string;
      phone_number2: string;
      interview_ref_num: string;
      external_ref_id: string;
      participant_uuid: string;
      email: string;
      language: string;
      particpant_guide_link: string;
      is_participant_allowed: boolean;
      outcome: string | null;
      /**
       * Format: date-time
       * @description When the outcome was recorded (RFC 3339, UTC). Null until an outcome is set.
       */
      outcome_ts: string | null;
    };
    /** CallingKey */
    CallingKey: {
      /**
       * Format: uuid
       * @description The key’s id (variant B of the delete path names it)
       */
      id: string;
      /** @description The key, masked (start…last four) */
      api_key: string;
      key_name: string;
      /** @description The scopes the key holds */
      scopes: string[];
      /**
       * @description test for a sandbox questionnaire’s key (pais_test_…), whose results are test data; live otherwise
       * @enum {string}
       */
      mode: 'live' | 'test';
      /**
       * Format: date-time
       * @description When the key stops working (401 from then on); null when it does not expire
       */
      expires_at: string | null;
      /** Format: uuid */
      questionnaire_id: string;
      /**
       * Format: uuid
       * @description The tenant of the key’s questionnaire
       */
      tenant_id: string;
      /** @description The token bucket the key’s requests draw from */
      rate_limit: {
        /** @description The RateLimit-Limit of every answer */
        requests_per_minute: number;
        /** @description True for a key minted by a key: it draws from the same bucket as every key of its tree, under the limit of the tree’s first key */
        shared: boolean;
      };
    };
    /** ApiKey */
    ApiKey: {
      /** Format: uuid */
      id: string;
      /** @description The full key in the creation response only; masked (start…last four) everywhere else */
      api_key: string;
      key_name: string;
      /** @description Granted scopes, when the key was created with variant A */
      scopes?: string[];
      /** @description Granted scopes, when the key was created with variant B */
      permissions?: string[];
      /** Format: uuid */
      questionnaire_id: string;
      /** Format: date-time */
      create_ts: string;
      /** Format: date-time */
      update_ts: string;
    };
    /** TestResultQueued */
    TestResultQueued: {
      /**
       * Format: uuid
       * @description The stored result
       */
      result_id: string;
      /** @description The webhook-id (msg_…) of each delivery queued, one per active webhook; empty without a webhook */
      message_ids: string[];
      /**
       * @description Only when no delivery was queued (message_ids empty): why (no webhook endpoint, or each one disabled), and where the stored result can be read instead
       * @example No webhook delivery was queued: the questionnaire has no webhook endpoint. The result is stored: read it with GET /v1/participant/{participant_uuid}/result or the results feed (GET /v1/results).
       */
      warning?: string;
    };
    /** ResultFeedPage */
    ResultFeedPage: {
      /** @description Oldest first (in the order they were stored) */
      results: components['schemas']['CurrentResult'][];
      /** @description Pass as cursor to read on. Always present: with has_more false it is where to poll from later. */
      next_cursor: string;
      /** @description True when the next page can be read at once (also when this one ended by its size) */
      has_more: boolean;
    };
    /**
     * CurrentResult
     * @description A participant’s current result: the webhook payload, plus participant_uuid, updated_at and test.
     */
    CurrentResult: {
      project_uuid: string;
      /** @enum {string} */
      callback_type: 'Result Update' | 'Test';
      access_code: string;
      interview_ref_num: string;
      status: string;
      questions_risk_rating: {
        sequence: string;
        risk_level: string;
        /** @default null */
        text: string | null;
        note?: string;
      }[];
      overall_evaluation: string;
      is_admission: boolean;
      is_counter_measure: boolean;
      is_not_complete: boolean;
      participant_language: string;
      summary?: string;
      summary_bgcolor?: string;
      clear?: boolean;
      timestamp?: string;
      /** Format: uuid */
      participant_uuid: string;
      /**
       * Format: date-time
       * @description When this result was last published
       */
      updated_at: string;
      /** @description True for test data: a result of a sandbox questionnaire (pais_test_ keys). The webhook payload has no such field; a delivery of test data carries the header x-pais-test: true. */
      test: boolean;
    };
    /** WebhookRecoverQueued */
    WebhookRecoverQueued: {
      /**
       * @description How many deliveries this call queued (each missed delivery once; 0 when nothing was missed)
       * @example 3
       */
      queued: number;
      /**
       * @description True when this call stopped at its bound (it queues at most 2000 deliveries, in batches of 200) and more were missed: call again with the same since to queue the rest
       * @example false
       */
      has_more: boolean;
    };
    /** WebhookEndpointList */
    WebhookEndpointList: {
      /** @description The questionnaire’s current endpoint (one at most: a questionnaire sends to one endpoint); empty without one. Archived endpoints are not listed. */
      endpoints: components['schemas']['WebhookEndpoint'][];
    };
    /**
     * WebhookEndpoint
     * @description A webhook endpoint of the key’s questionnaire. Never carries a secret.
     */
    WebhookEndpoint: {
      /** Format: uuid */
      id: string;
      /** @description Where results are POSTed; `pais listen` for a listen endpoint */
      url: string;
      /**
       * @description http: results are POSTed to url; listen: a sandbox questionnaire’s results go to `pais listen` (POST /v1/webhooks/listen) instead, and wait for it while none runs
       * @enum {string}
       */
      delivery_mode: 'http' | 'listen';
      /**
       * @description healthy; failing: the last attempts failed and the breaker is open (one probe at a time, from next_probe_at); disabled: nothing is queued or sent (disabled_cause says why)
       * @enum {string}
       */
      state: 'healthy' | 'failing' | 'disabled';
      /**
       * Format: date-time
       * @description When it was disabled; null while enabled
       */
      disabled_at: string | null;
      /** @description Why it is disabled: an Admin paused it (only an Admin enables it again), it answered 410 Gone, or every attempt failed for days (POST /v1/webhooks/recover enables it again in the last two cases) */
      disabled_cause: ('admin_pause' | 'gone' | 'failures') | null;
      /** @description The reason in words */
      disabled_reason: string | null;
      /** @description Failed attempts in a row (0 after a success) */
      consecutive_failures: number;
      /**
       * Format: date-time
       * @description The first failed attempt of the current run of failures
       */
      failing_since: string | null;
      /**
       * Format: date-time
       * @description While failing: the next probe is sent no earlier than this
       */
      next_probe_at: string | null;
      /**
       * Format: date-time
       * @description When the last failed attempt was made (kept after a success)
       */
      last_failure_at: string | null;
      /** @description What the last failed attempt met */
      last_failure_error: string | null;
      /**
       * Format: date-time
       * @description While a rotation’s overlap runs: until then deliveries are signed with the previous secret too
       */
      previous_secret_expires_at: string | null;
      /**
       * @description Your own authentication sent with each delivery (an Admin sets it up)
       * @enum {string}
       */
      authentication: 'none' | 'header' | 'oauth2';
      /**
       * Format: date-time
       * @description When it was created
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When it last changed
       */
      updated_at: string;
    };
    /** WebhookEndpointCreated */
    WebhookEndpointCreated: {
      /** Format: uuid */
      id: string;
      /** @description Where results are POSTed; `pais listen` for a listen endpoint */
      url: string;
      /**
       * @description http: results are POSTed to url; listen: a sandbox questionnaire’s results go to `pais listen` (POST /v1/webhooks/listen) instead, and wait for it while none runs
       * @enum {string}
       */
      delivery_mode: 'http' | 'listen';
      /**
       * @description healthy; failing: the last attempts failed and the breaker is open (one probe at a time, from next_probe_at); disabled: nothing is queued or sent (disabled_cause says why)
       * @enum {string}
       */
      state: 'healthy' | 'failing' | 'disabled';
      /**
       * Format: date-time
       * @description When it was disabled; null while enabled
       */
      disabled_at: string | null;
      /** @description Why it is disabled: an Admin paused it (only an Admin enables it again), it answered 410 Gone, or every attempt failed for days (POST /v1/webhooks/recover enables it again in the last two cases) */
      disabled_cause: ('admin_pause' | 'gone' | 'failures') | null;
      /** @description The reason in words */
      disabled_reason: string | null;
      /** @description Failed attempts in a row (0 after a success) */
      consecutive_failures: number;
      /**
       * Format: date-time
       * @description The first failed attempt of the current run of failures
       */
      failing_since: string | null;
      /**
       * Format: date-time
       * @description While failing: the next probe is sent no earlier than this
       */
      next_probe_at: string | null;
      /**
       * Format: date-time
       * @description When the last failed attempt was made (kept after a success)
       */
      last_failure_at: string | null;
      /** @description What the last failed attempt met */
      last_failure_error: string | null;
      /**
       * Format: date-time
       * @description While a rotation’s overlap runs: until then deliveries are signed with the previous secret too
       */
      previous_secret_expires_at: string | null;
      /**
       * @description Your own authentication sent with each delivery (an Admin sets it up)
       * @enum {string}
       */
      authentication: 'none' | 'header' | 'oauth2';
      /**
       * Format: date-time
       * @description When it was created
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When it last changed
       */
      updated_at: string;
      /**
       * @description The signing secret (whsec_…), shown only in this answer: verify each delivery’s webhook-signature with it
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
    /** WebhookEndpointRemoved */
    WebhookEndpointRemoved: {
      /** Format: uuid */
      id: string;
      /**
       * @description archived: it had deliveries, which are kept (an Admin can restore it); deleted: it never had any
       * @enum {string}
       */
      removal: 'archived' | 'deleted';
    };
    /** WebhookDeliveryPage */
    WebhookDeliveryPage: {
      /** @description Newest first */
      deliveries: components['schemas']['WebhookDelivery'][];
      /** @description Pass as cursor for the next page; null at the end */
      next_cursor: string | null;
      has_more: boolean;
    };
    /** WebhookDelivery */
    WebhookDelivery: {
      /** Format: uuid */
      id: string;
      /** @description The webhook-id header it is sent with (the same on every retry) */
      message_id: string;
      /** @enum {string} */
      event_type: 'result.update' | 'webhook.test';
      /** @description A test event (callback_type "Test"): no data changed */
      test: boolean;
      /** Format: uuid */
      participant_uuid: string | null;
      /**
       * @description pending: queued (or its first attempt in flight); retrying: waiting for its next retry after a failed attempt; succeeded; failed: gave up after the whole retry schedule, or 410 Gone, or a test event that failed; cancelled: a newer result of the participant superseded it, or the participant was erased
       * @enum {string}
       */
      state: 'pending' | 'retrying' | 'succeeded' | 'failed' | 'cancelled';
      attempt_count: number;
      /**
       * Format: date-time
       * @description While pending or retrying: when it is sent next
       */
      next_attempt_at: string | null;
      /**
       * Format: date-time
       * @description When your endpoint accepted it
       */
      delivered_at: string | null;
      /** @description Why the last attempt failed, or why it was cancelled */
      last_error: string | null;
      /**
       * Format: date-time
       * @description When it was queued
       */
      created_at: string;
      /** @description The X-Request-Id of the request that published the result */
      request_id: string | null;
      /** @description Every attempt, newest first */
      attempts: components['schemas']['WebhookDeliveryAttempt'][];
      /** @description The body as it is sent (the result webhook’s payload), while the delivery is retained */
      payload: {
        project_uuid: string;
        /** @enum {string} */
        callback_type: 'Result Update' | 'Test';
        access_code: string;
        interview_ref_num: string;
        status: string;
        questions_risk_rating: {
          sequence: string;
          risk_level: string;
          /** @default null */
          text: string | null;
          note?: string;
        }[];
        overall_evaluation: string;
        is_admission: boolean;
        is_counter_measure: boolean;
        is_not_complete: boolean;
        participant_language: string;
        summary?: string;
        summary_bgcolor?: string;
        clear?: boolean;
        timestamp?: string;
      };
    };
    /** WebhookDeliveryAttempt */
    WebhookDeliveryAttempt: {
      /**
       * Format: date-time
       * @description When it was sent
       */
      attempted_at: string;
      /** @description Your answer’s status; null without one */
      status_code: number | null;
      duration_ms: number;
      /** @description What went wrong (a timeout, a refused connection, HTTP 503, …); null on 2xx */
      error: string | null;
    };
    /** WebhookSecretRotated */
    WebhookSecretRotated: {
      /**
       * @description The new signing secret (whsec_…), shown only in this answer
       * @example whsec_Zl7iWx1h2Ck9NVnH9bRm0p3QkTjGhY4a
       */
      secret: string;
      /**
       * Format: date-time
       * @description Until then deliveries carry a signature with the previous secret too; null: no overlap
       */
      previous_secret_expires_at: string | null;
    };
    /** WebhookListenSession */
    WebhookListenSession: {
      /**
       * Format: uuid
       * @description Names the session in its poll, outcome and end paths
       */
      session_id: string;
      /**
       * Format: uuid
       * @description The questionnaire’s webhook endpoint, now a listen endpoint (its delivery log: GET /v1/webhooks/endpoints/{endpoint_id}/deliveries)
       */
      endpoint_id: string;
      /**
       * @description The session’s signing secret (whsec_…), shown only in this answer: every delivery the session hands over is signed with it, and with it only
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
    /** WebhookListenPollResult */
    WebhookListenPollResult: {
      /** @description Due deliveries handed to the session, in the order to forward them (empty when none came during the wait) */
      deliveries: components['schemas']['WebhookListenDelivery'][];
    };
    /** WebhookListenDelivery */
    WebhookListenDelivery: {
      /**
       * Format: uuid
       * @description The delivery’s id, for its outcome
       */
      id: string;
      /** @description Its webhook-id (the same on every attempt) */
      message_id: string;
      /** @enum {string} */
      event_type: 'result.update' | 'webhook.test';
      /** @description A test event (callback_type "Test"): no data changed */
      test: boolean;
      /** Format: uuid */
      participant_uuid: string | null;
      /** @description This attempt’s number (1 for the first) */
      attempt: number;
      /** @description The headers to send it with: content-type, webhook-id, webhook-timestamp and webhook-signature (signed with the session’s secret just now) */
      headers: {
        [key: string]: string;
      };
      /** @description The exact request body, as JSON text: the signature covers these bytes (UTF-8) */
      body: string;
    };
    /**
     * Participant
     * @description Create a participant: no participant_uuid (an empty one counts as absent).
     */
    ParticipantCreate: {
      /**
       * Format: uuid
       * @description UUID of the project/questionnaire
       */
      project_uuid: string;
      /** @description Interview reference number (IRN). Must not be empty; unique among the questionnaire’s participants, also in compatibility forms (compared by Unicode NFKC: full-width ＩＲＮ-1 is IRN-1; stored as sent). A new IRN must not contain invisible or text-direction characters (Unicode format characters and default-ignorable code points) nor mix Latin, Greek and Cyrillic letters (our rule). */
      interview_ref_num: string;
      /** @description Primary phone number. Digits, spaces and + ( ) - . /, optionally an extension (our rule). */
      phone_number1?: string;
      /** @description Secondary phone number; an empty string is allowed. Digits, spaces and + ( ) - . /, optionally an extension (our rule). */
      phone_number2?: string;
      /** @description External reference ID. Must not contain invisible or text-direction characters nor mix Latin, Greek and Cyrillic letters (our rule). */
      external_ref_id?: string;
      /**
       * Format: email
       * @description Email address
       */
      email?: string;
      /** @description Language name, e.g. English */
      language?: string;
    };
    /**
     * ParticipantRetake
     * @description Retake the questionnaire for an existing participant; interview_ref_num must be unchanged.
     */
    ParticipantRetake: {
      /**
       * Format: uuid
       * @description UUID of the project/questionnaire
       */
      project_uuid: string;
      /** @description Interview reference number (IRN). Must not be empty; unique among the questionnaire’s participants, also in compatibility forms (compared by Unicode NFKC: full-width ＩＲＮ-1 is IRN-1; stored as sent). A new IRN must not contain invisible or text-direction characters (Unicode format characters and default-ignorable code points) nor mix Latin, Greek and Cyrillic letters (our rule). */
      interview_ref_num: string;
      /** @description Primary phone number. Digits, spaces and + ( ) - . /, optionally an extension (our rule). */
      phone_number1?: string;
      /** @description Secondary phone number; an empty string is allowed. Digits, spaces and + ( ) - . /, optionally an extension (our rule). */
      phone_number2?: string;
      /** @description External reference ID. Must not contain invisible or text-direction characters nor mix Latin, Greek and Cyrillic letters (our rule). */
      external_ref_id?: string;
      /**
       * Format: email
       * @description Email address
       */
      email?: string;
      /** @description Language name, e.g. English */
      language?: string;
      /**
       * Format: uuid
       * @description UUID of an existing participant: present for a retake, absent (or empty) for a create
       */
      participant_uuid: string;
    };
    /** ApiKeyCreate (variant A) */
    ApiKeyCreateScopes: {
      /** @description Human-readable name (no invisible or text-direction characters: zero-width spaces, bidi controls) */
      key_name: string;
      /**
       * Format: date-time
       * @description Our extension: when the key stops working (RFC 3339, in the future). After it, the key gets 401 Invalid API key like a deleted one. Absent: the key expires when the key creating it does (never, if that one does not); later than that: 400.
       */
      expires_at?: string;
      /** @description Variant A: the scopes to grant. Send either scopes or permissions. */
      scopes: (
        | 'participant:read'
        | 'participant:write'
        | 'participant:delete'
        | 'apikey:write'
        | 'apikey:delete'
        | 'webhook:read'
        | 'webhook:write'
      )[];
    };
    /** ApiKeyCreate (variant B) */
    ApiKeyCreatePermissions: {
      /** @description Human-readable name (no invisible or text-direction characters: zero-width spaces, bidi controls) */
      key_name: string;
      /**
       * Format: date-time
       * @description Our extension: when the key stops working (RFC 3339, in the future). After it, the key gets 401 Invalid API key like a deleted one. Absent: the key expires when the key creating it does (never, if that one does not); later than that: 400.
       */
      expires_at?: string;
      /** @description Variant B: the scopes to grant. Send either scopes or permissions. */
      permissions: (
        | 'participant:read'
        | 'participant:write'
        | 'participant:delete'
        | 'apikey:write'
        | 'apikey:delete'
        | 'webhook:read'
        | 'webhook:write'
      )[];
    };
    /** @description Error body of the participant endpoints (and of unknown paths outside /v1/tenants/). */
    ParticipantError: {
      /**
       * @example BAD_REQUEST
       * @enum {string}
       */
      error:
        | 'BAD_REQUEST'
        | 'UNAUTHORIZED'
        | 'FORBIDDEN'
        | 'NOT_FOUND'
        | 'METHOD_NOT_ALLOWED'
        | 'CONFLICT'
        | 'PAYLOAD_TOO_LARGE'
        | 'UNSUPPORTED_MEDIA_TYPE'
        | 'TOO_MANY_REQUESTS'
        | 'INTERNAL_SERVER_ERROR'
        | 'SERVICE_UNAVAILABLE';
      /**
       * @description Equal to the HTTP status
       * @example 400
       */
      status: number;
      /** @example project_uuid is required */
      message: string;
      /**
       * @description UTC, DD-MM-YYYY HH:MM:SS
       * @example 22-11-2026 14:03:05
       */
      timestamp: string;
    };
    /** @description Error body of the API-key endpoints, whatever the status: the message only. */
    ApiKeyError: {
      /** @example key_name is required and cannot be null or empty */
      error: string;
    };
    /**
     * ResultUpdate
     * @description The result webhook payload (spec: Events).
     */
    ResultUpdate: {
      project_uuid: string;
      /**
       * @description `Result Update` for a published or updated result (`Test` only for the Admin's test event)
       * @enum {string}
       */
      callback_type: 'Result Update' | 'Test';
      access_code: string;
      interview_ref_num: string;
      /**
       * @description The result status. Values seen are examples, not a closed list.
       * @example Result Published
       * @example Attempted - Incomplete
       * @example Attempted - Partial
       * @example Under_Review
       */
      status: string;
      questions_risk_rating: {
        /** @description Question number, as a string */
        sequence: string;
        /**
         * @example LR
         * @example HR
         * @example DC
         * @example NC
         * @example AD
         * @example G
         * @example R
         * @example
         */
        risk_level: string;
        /**
         * @description Question text, or null
         * @default null
         */
        text: string | null;
        note?: string;
      }[];
      /**
       * @example HR
       * @example LR
       * @example G
       * @example R
       * @example DC
       * @example NC
       */
      overall_evaluation: string;
      is_admission: boolean;
      is_counter_measure: boolean;
      is_not_complete: boolean;
      participant_language: string;
      /** @description Result summary label, e.g. HR, LR, G, AR, NC. May be absent (e.g. Attempted - Incomplete). */
      summary?: string;
      /** @description Hex colour of the summary label (#RRGGBB) */
      summary_bgcolor?: string;
      /** @description Whether the result is clear. May be absent. */
      clear?: boolean;
      /** Format: date-time */
      timestamp?: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  findParticipantByIrn: {
    parameters: {
      query: {
        /**
         * @description The interview reference number (IRN) the participant was created with
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        interview_ref_num: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Participant'];
        };
      };
      /** @description Bad request: IRN cannot be empty. | <field> must be a string | <field> must be at most <n> characters | <field> must be valid text without control characters | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  createParticipant: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes a retry safe: the first answer (success or 4xx) to this key is kept for 24 hours and replayed, with `Idempotent-Replayed: true`, for the same request; the same key with another request is a 400; a concurrent request with the key waits for the first (409 if that takes over 5 s). Keys belong to the API key that sends them.
         * @example 5b0f3c1e-enrol-batch-17-row-42
         */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          components['schemas']['ParticipantCreate'] | components['schemas']['ParticipantRetake'];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          /**
           * @description `true` when this is the stored answer to an earlier request with the same key
           * @example true
           */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Participant'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | project_uuid is required | IRN cannot be empty. | Invalid project_uuid format | Invalid participant_uuid format | In Retake Participant Interview Reference number can not be changed. | Invalid email format | Error: Duplicate IRN. IRN number <irn> has already been assigned to another participant. | <field> must be a phone number: digits, spaces and + ( ) - . / only, optionally an extension | <field> must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks) | <field> must not mix letters of the Latin, Greek and Cyrillic alphabets | <field> must be a string | <field> must be at most <n> characters | <field> must be valid text without control characters | Idempotency-Key must be 1 to 255 printable ASCII characters | Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Project not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Failed to update participant for retake | Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  getParticipant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description UUID of the participant
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        participant_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Participant'];
        };
      };
      /** @description Bad request: Invalid participant_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  updateOutcome: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes a retry safe: the first answer (success or 4xx) to this key is kept for 24 hours and replayed, with `Idempotent-Replayed: true`, for the same request; the same key with another request is a 400; a concurrent request with the key waits for the first (409 if that takes over 5 s). Keys belong to the API key that sends them.
         * @example 5b0f3c1e-enrol-batch-17-row-42
         */
        'Idempotency-Key'?: string;
      };
      path: {
        /**
         * @description UUID of the participant
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        participant_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Outcome code to set */
          outcome: string;
          /**
           * Format: date-time
           * @description RFC 3339 date-time (any offset). When omitted (or empty) the current UTC time is used.
           */
          outcome_ts?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          /**
           * @description `true` when this is the stored answer to an earlier request with the same key
           * @example true
           */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Participant'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Invalid participant_id format | Invalid outcome_ts format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z) | Failed to update outcome tracking | outcome is required | <field> must be a string | <field> must be at most <n> characters | <field> must be valid text without control characters | Idempotency-Key must be 1 to 255 printable ASCII characters | Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  deleteParticipant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description UUID of the participant
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        participant_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Bad request: Invalid participant_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  getCallingKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallingKey'];
        };
      };
      /** @description Bad request: Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  listApiKeys: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description UUID of the tenant that owns the questionnaire
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        tenant_id: string;
        /**
         * @description UUID of the questionnaire
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        questionnaire_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKey'][];
        };
      };
      /** @description Bad request: Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Missing, unknown or deleted API key: Authorization header is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | You are not authorized to perform this operation */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Not found: Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes a retry safe: the first answer (success or 4xx) to this key is kept for 24 hours and replayed, with `Idempotent-Replayed: true`, for the same request; the same key with another request is a 400; a concurrent request with the key waits for the first (409 if that takes over 5 s). Keys belong to the API key that sends them.
         * @example 5b0f3c1e-enrol-batch-17-row-42
         */
        'Idempotency-Key'?: string;
      };
      path: {
        /**
         * @description UUID of the tenant that owns the questionnaire
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        tenant_id: string;
        /**
         * @description UUID of the questionnaire
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        questionnaire_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          components['schemas']['ApiKeyCreateScopes'] | components['schemas']['ApiKeyCreatePermissions'];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          /**
           * @description `true` when this is the stored answer to an earlier request with the same key
           * @example true
           */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKey'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | key_name is required and cannot be null or empty | scope is required and cannot be null or empty | Unknown scope: <scopes>. Known scopes: participant:read, participant:write, participant:delete, apikey:write, apikey:delete, webhook:read, webhook:write | Send either scopes or permissions, not both | expires_at must be an RFC 3339 date-time, e.g. 2027-01-31T00:00:00Z | expires_at must be in the future | expires_at must not be later than <expiry>, when the key creating it expires | <field> must be an array of strings | <field> must list at most <n> items | <field> must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks) | <field> must be a string | <field> must be at most <n> characters | <field> must be valid text without control characters | Idempotency-Key must be 1 to 255 printable ASCII characters | Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Missing, unknown or deleted API key: Authorization header is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description The key may not do this: You are not authorized to perform this operation */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Not found: Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: This questionnaire already has <n> live API keys, the most allowed; delete one before creating another | An API key was already created with this Idempotency-Key (id <id>); its value is shown only once. If that answer was lost, delete this key and create a new one with a new Idempotency-Key | A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
    };
  };
  deleteApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description UUID of the tenant that owns the questionnaire
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        tenant_id: string;
        /**
         * @description UUID of the questionnaire
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        questionnaire_id: string;
        /**
         * @description Variant A: the raw api_key value. Variant B: the key’s id (a UUID).
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        apikey: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Bad request: API key value is required (path parameter missing or empty) | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Missing, unknown or deleted API key: Authorization header is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Not found: API key not found or Invalid tenant for this questionnaire | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
    };
  };
  triggerTestResult: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes a retry safe: the first answer (success or 4xx) to this key is kept for 24 hours and replayed, with `Idempotent-Replayed: true`, for the same request; the same key with another request is a 400; a concurrent request with the key waits for the first (409 if that takes over 5 s). Keys belong to the API key that sends them.
         * @example 5b0f3c1e-enrol-batch-17-row-42
         */
        'Idempotency-Key'?: string;
      };
      path: {
        /**
         * @description UUID of the participant
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        participant_uuid: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          status?: string;
          questions_risk_rating?: {
            sequence: string;
            risk_level: string;
            /** @default null */
            text?: string | null;
            note?: string;
          }[];
          overall_evaluation?: string;
          is_admission?: boolean;
          is_counter_measure?: boolean;
          is_not_complete?: boolean;
          summary?: string;
          summary_bgcolor?: string;
          clear?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      202: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          /**
           * @description `true` when this is the stored answer to an earlier request with the same key
           * @example true
           */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TestResultQueued'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Invalid participant_uuid format | <field> is required and must be a <type> | <field> must be a <type> | <field> must be at most <n> characters | <field> must not be empty | <field> must have at most <n> entries | <field> must be valid Unicode text without NUL characters | summary_bgcolor must be a hex colour #RRGGBB | Idempotency-Key must be 1 to 255 printable ASCII characters | Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Test results can be triggered only in a sandbox questionnaire (with a pais_test_ API key) | API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  listResults: {
    parameters: {
      query?: {
        /** @example 2026-11-22T00:00:00Z */
        updated_since?: string;
        /** @example 100 */
        limit?: number;
        /** @example cDQy */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResultFeedPage'];
        };
      };
      /** @description Bad request: Invalid updated_since format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z) | limit must be a whole number from 1 to 1000 | Invalid cursor | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  getParticipantResult: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description UUID of the participant
         * @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63
         */
        participant_uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentResult'];
        };
      };
      /** @description Bad request: Invalid participant_uuid format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Result not found | Participant not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  recoverWebhook: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes a retry safe: the first answer (success or 4xx) to this key is kept for 24 hours and replayed, with `Idempotent-Replayed: true`, for the same request; the same key with another request is a 400; a concurrent request with the key waits for the first (409 if that takes over 5 s). Keys belong to the API key that sends them.
         * @example 5b0f3c1e-enrol-batch-17-row-42
         */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: date-time
           * @description RFC 3339 date-time: recover what was missed at or after it
           * @example 2026-11-20T08:00:00Z
           */
          since: string;
        };
      };
    };
    responses: {
      /** @description Success */
      202: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          /**
           * @description `true` when this is the stored answer to an earlier request with the same key
           * @example true
           */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookRecoverQueued'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | since is required and must be an RFC3339 date-time (e.g., 2024-01-15T10:30:00Z) | Idempotency-Key must be 1 to 255 printable ASCII characters | Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: This questionnaire has no webhook yet | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: The webhook was paused by an Admin: only an Admin can enable it again, nothing was queued | A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointList'];
        };
      };
      /** @description Bad request: Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: uri
           * @description Where results are POSTed: an absolute https URL whose host resolves only to public addresses (checked now and again at every send; redirects are not followed), without a user name or password.
           * @example https://hooks.example.org/pais
           */
          url: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointCreated'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | url is required and must be a string | url must be at most 2000 characters | url: The URL is not a valid absolute URL | url: The URL must use https | url: The URL must not contain a user name or password | url: The URL has no host | url: The host <host> does not resolve | url: The URL resolves to a private, loopback, link-local or otherwise non-public address (<address>) | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: This questionnaire already has a webhook endpoint: change its URL, or archive it before creating another */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The webhook endpoint’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      /** @description Bad request: Invalid endpoint_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Webhook endpoint not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  archiveWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The webhook endpoint’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointRemoved'];
        };
      };
      /** @description Bad request: Invalid endpoint_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Webhook endpoint not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The webhook endpoint’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: uri
           * @description Where results are POSTed: an absolute https URL whose host resolves only to public addresses (checked now and again at every send; redirects are not followed), without a user name or password.
           * @example https://hooks.example.org/pais
           */
          url: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Invalid endpoint_id format | url is required and must be a string | url must be at most 2000 characters | url: The URL is not a valid absolute URL | url: The URL must use https | url: The URL must not contain a user name or password | url: The URL has no host | url: The host <host> does not resolve | url: The URL resolves to a private, loopback, link-local or otherwise non-public address (<address>) | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Webhook endpoint not found | This questionnaire has no webhook yet | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @example retrying */
        state?: 'pending' | 'retrying' | 'succeeded' | 'failed' | 'cancelled';
        /** @example 3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63 */
        participant_uuid?: string;
        /** @example 20 */
        limit?: number;
        /** @example MjAyNi0xMS0yMlQxNDowMzowNS4xMjNafDZkMWYwYzJhLTliNGUtNGY3YS04YzNkLTJlNWI3YTlmMWMwNA */
        cursor?: string;
      };
      header?: never;
      path: {
        /**
         * @description The webhook endpoint’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryPage'];
        };
      };
      /** @description Bad request: Invalid endpoint_id format | state must be one of pending, retrying, succeeded, failed, cancelled | Invalid participant_uuid format | limit must be a whole number from 1 to 100 | Invalid cursor | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Webhook endpoint not found | Participant not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  getWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The webhook endpoint’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        endpoint_id: string;
        /**
         * @description The delivery’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        delivery_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
        };
      };
      /** @description Bad request: Invalid endpoint_id format | Invalid delivery_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Webhook endpoint not found | Delivery not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  retryWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The webhook endpoint’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        endpoint_id: string;
        /**
         * @description The delivery’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        delivery_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      202: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Invalid endpoint_id format | Invalid delivery_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Webhook endpoint not found | Delivery not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: Only a delivery that is waiting to retry or that gave up can be retried now; this one is <state> | The webhook is disabled: enable it before replaying | The delivery is being sent right now */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  sendWebhookTestEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The webhook endpoint’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      202: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Invalid endpoint_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Webhook endpoint not found | This questionnaire has no webhook yet | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: The webhook is disabled: enable it to send a test event */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The webhook endpoint’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /**
           * @description Hours the previous secret keeps signing beside the new one (default 24; 0: it stops at once; at most 168)
           * @example 24
           */
          overlap_hours?: number;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookSecretRotated'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Invalid endpoint_id format | overlap_hours must be a whole number from 0 to 168 | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Webhook endpoint not found | This questionnaire has no webhook yet | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  endWebhookSecretOverlap: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The webhook endpoint’s id
         * @example 6d1f0c2a-9b4e-4f7a-8c3d-2e5b7a9f1c04
         */
        endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Invalid endpoint_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Webhook endpoint not found | This questionnaire has no webhook yet | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  startWebhookListen: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookListenSession'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | Listening for webhooks works only in a sandbox questionnaire (with a pais_test_ API key) | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: This questionnaire's webhook endpoint sends to a URL: archive it (DELETE /v1/webhooks/endpoints/{endpoint_id}) before listening, or listen with another sandbox questionnaire's key | An Admin paused this questionnaire's webhook endpoint: only an Admin can enable it again */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  pollWebhookListen: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The listen session’s id (from POST /v1/webhooks/listen)
         * @example 0b9c4f7e-5a3d-4e21-9f6b-8d2c1a7e3f50
         */
        session_id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /**
           * @description How long to wait for a delivery when none is due (default and most: 25); 0 answers at once
           * @example 25
           */
          wait_seconds?: number;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookListenPollResult'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Invalid session_id format | wait_seconds must be a whole number from 0 to 25 | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | Listening for webhooks works only in a sandbox questionnaire (with a pais_test_ API key) | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Listen session not found: it was stopped, a newer pais listen session replaced it, or the endpoint now sends to a URL | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: An Admin paused this questionnaire's webhook endpoint: only an Admin can enable it again | The webhook endpoint was disabled after failing for days: start pais listen again to enable it */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  reportWebhookListenOutcome: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The listen session’s id (from POST /v1/webhooks/listen)
         * @example 0b9c4f7e-5a3d-4e21-9f6b-8d2c1a7e3f50
         */
        session_id: string;
        /**
         * @description The delivery’s id (from the poll)
         * @example 0b9c4f7e-5a3d-4e21-9f6b-8d2c1a7e3f50
         */
        delivery_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The status your local URL answered; null when it did not answer
           * @example 204
           */
          status_code: number | null;
          /**
           * @description How long the forwarded request took
           * @example 12
           */
          duration_ms: number;
          /**
           * @description What went wrong (connection refused, timed out, …); required when status_code is null
           * @example connect ECONNREFUSED 127.0.0.1:8080
           */
          error?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
        };
      };
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | Invalid session_id format | Invalid delivery_id format | status_code is required: a whole number from 100 to 599, or null when there was no answer | duration_ms is required: a whole number from 0 to 3600000 | error must be a string of at most 1000 characters | error is required when status_code is null | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | Listening for webhooks works only in a sandbox questionnaire (with a pais_test_ API key) | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Listen session not found: it was stopped, a newer pais listen session replaced it, or the endpoint now sends to a URL | Delivery not found | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this: This delivery is not being sent by this listen session: its outcome was reported already, or it was handed to another session */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  endWebhookListen: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The listen session’s id (from POST /v1/webhooks/listen)
         * @example 0b9c4f7e-5a3d-4e21-9f6b-8d2c1a7e3f50
         */
        session_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Bad request: Invalid session_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | Listening for webhooks works only in a sandbox questionnaire (with a pais_test_ API key) | API Key not associated with this Questionnaire */
      403: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Listen session not found: it was stopped, a newer pais listen session replaced it, or the endpoint now sends to a URL | Questionnaire not found | Endpoint not found */
      404: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Method not allowed on this path: Method <method> is not allowed here; use <allowed> */
      405: {
        headers: {
          /**
           * @description The methods the path takes
           * @example POST, GET
           */
          Allow?: string;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address: Rate limit exceeded: too many requests for this API key; retry later | Too many requests with unknown API keys from this address; retry later */
      429: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description Requests per minute this key may make (also the burst)
           * @example 600
           */
          'RateLimit-Limit'?: number;
          /**
           * @description Requests the key could make right now
           * @example 599
           */
          'RateLimit-Remaining'?: number;
          /**
           * @description Seconds until the key’s full allowance is back
           * @example 1
           */
          'RateLimit-Reset'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds: The service is temporarily unavailable: its database cannot be reached or is saturated. Retry shortly. | The request did not finish in time and nothing was changed: the service is busy. Retry shortly. */
      503: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          /**
           * @description The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits and `-_.:`, else a new UUID. Quote it when you ask about a request
           * @example 0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a
           */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
    };
  };
  resultUpdate: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Unique id of the message; the same on every retry
         * @example msg_2KWPBgLlAfxdpx2AI54pPJ85f4W
         */
        'webhook-id': string;
        /**
         * @description Unix time (seconds) of this attempt
         * @example 1795442585
         */
        'webhook-timestamp': string;
        /**
         * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature': string;
        /**
         * @description Our extension: `true` on test data (every delivery of a sandbox questionnaire, test results included, and every test event); absent on live results. The body is the same either way.
         * @example true
         */
        'x-pais-test'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ResultUpdate'];
      };
    };
    responses: {
      /** @description Result received */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
