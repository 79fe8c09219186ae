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
     * @description Beyond the published interface. Enables the questionnaire’s webhook again if it was disabled automatically (it answered 410 Gone, or every attempt failed for days), and queues every delivery it missed at or after `since`, once each and oldest first: deliveries that gave up after the whole retry schedule are sent again with their original webhook-id (so you can de-duplicate), and results published while the webhook was disabled are sent for the first time. A result revision your endpoint already acknowledged is never sent again, also after its delivery record was removed by retention. A second call queues nothing more while those deliveries are on their way. One call queues a bounded number (`has_more` says when more is left: call again with the same `since`). A webhook an Admin paused stays paused: the call answers 409 `The webhook was paused by an Admin: only an Admin can enable it again, nothing was queued` and changes nothing (only an Admin enables it again, and chooses whether to send what was missed). Needs the webhook:write scope, which only an Admin grants (a key can pass it on only if it holds it).
     */
    post: operations['recoverWebhook'];
    delete?: never;
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
     * @description Sent with HTTP POST to the webhook URL an Admin configured for the questionnaire when a result is published or updated. Acknowledge with any 2xx within 15 s (the published contract: 200); otherwise the delivery is retried immediately, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. No API-key security applies; a configured static header or OAuth2 bearer token of yours may be sent as well. Every delivery is signed per the Standard Webhooks specification (https://www.standardwebhooks.com). To verify it: take the secret shown once in the Admin app (`whsec_…`), base64-decode the part after `whsec_`, compute the HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` with it, base64-encode the result and compare it, in constant time, with each `v1,` entry of `webhook-signature`; refuse a `webhook-timestamp` more than 5 minutes from your clock. Any Standard Webhooks library does this (e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` npm package). The same `webhook-id` is kept across retries, so use it to de-duplicate. The service’s page /docs/webhooks has a complete receiver.
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Participant'];
        };
      };
      /** @description Bad request: IRN cannot be empty. | <field> must be a string | <field> must be at most <n> characters | <field> must be valid text without control characters | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found */
      404: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Project not found | Questionnaire not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running, the questionnaire holds its most API keys, or an Admin paused the webhook: A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Failed to update participant for retake | Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Participant'];
        };
      };
      /** @description Bad request: Invalid participant_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Questionnaire not found */
      404: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Questionnaire not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running, the questionnaire holds its most API keys, or an Admin paused the webhook: A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Bad request: Invalid participant_id format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Questionnaire not found */
      404: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallingKey'];
        };
      };
      /** @description Bad request: Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Questionnaire not found */
      404: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKey'][];
        };
      };
      /** @description Bad request: Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Missing, unknown or deleted API key: Authorization header is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope | You are not authorized to perform this operation */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Not found: Questionnaire not found */
      404: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
      /** @description Bad request: Invalid JSON format | Request body must be a JSON object | JSON nesting must not exceed 64 levels | key_name is required and cannot be null or empty | scope is required and cannot be null or empty | Unknown scope: <scopes>. Known scopes: participant:read, participant:write, participant:delete, apikey:write, apikey:delete, webhook:write | Send either scopes or permissions, not both | expires_at must be an RFC 3339 date-time, e.g. 2027-01-31T00:00:00Z | expires_at must be in the future | expires_at must not be later than <expiry>, when the key creating it expires | <field> must be an array of strings | <field> must list at most <n> items | <field> must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks) | <field> must be a string | <field> must be at most <n> characters | <field> must be valid text without control characters | Idempotency-Key must be 1 to 255 printable ASCII characters | Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Missing, unknown or deleted API key: Authorization header is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description The key may not do this: You are not authorized to perform this operation */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Not found: Questionnaire not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running, the questionnaire holds its most API keys, or an Admin paused the webhook: This questionnaire already has <n> live API keys, the most allowed; delete one before creating another | An API key was already created with this Idempotency-Key (id <id>); its value is shown only once. If that answer was lost, delete this key and create a new one with a new Idempotency-Key | A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Bad request: API key value is required (path parameter missing or empty) | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Missing, unknown or deleted API key: Authorization header is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description The key may not do this: Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Not found: API key not found or Invalid tenant for this questionnaire | Questionnaire not found */
      404: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: Test results can be triggered only in a sandbox questionnaire (with a pais_test_ API key) | API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Participant not found | Questionnaire not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running, the questionnaire holds its most API keys, or an Admin paused the webhook: A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResultFeedPage'];
        };
      };
      /** @description Bad request: Invalid updated_since format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z) | limit must be a whole number from 1 to 1000 | Invalid cursor | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Questionnaire not found */
      404: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentResult'];
        };
      };
      /** @description Bad request: Invalid participant_uuid format | Idempotency-Key is not supported on <operation>: send it with POST and PUT requests only (a GET or DELETE can be repeated as it is) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: Result not found | Participant not found | Questionnaire not found */
      404: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Missing, unknown or deleted API key: API key is required | Invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description The key may not do this: API Key not associated with this Questionnaire | Invalid API key scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Not found: This questionnaire has no webhook yet | Questionnaire not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Conflicts with the current state: a request with this Idempotency-Key is still running, the questionnaire holds its most API keys, or an Admin paused the webhook: The webhook was paused by an Admin: only an Admin can enable it again, nothing was queued | A request with this Idempotency-Key is still being processed; retry shortly */
      409: {
        headers: {
          /**
           * @description Seconds to wait before retrying
           * @example 5
           */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body larger than 64 KiB: Request body must not exceed 64 KiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Body is not JSON: Content-Type must be application/json */
      415: {
        headers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParticipantError'];
        };
      };
      /** @description Unexpected failure: Internal server error */
      500: {
        headers: {
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
