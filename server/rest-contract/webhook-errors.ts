// The errors of our webhook extensions under /v1/webhooks/endpoints, per operation, in the participant error
// shape: the error catalogue (error-catalogue.ts) adds them to its list, with what the door answers on every
// operation, so that the OpenAPI document lists every status and message they can answer.
import type { ErrorStatus } from '@/server/platform/lib/errors';
import { PARTICIPANT_AUTH } from '@/server/api-keys/messages';
import { MESSAGES } from '@/server/participants/messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { NO_WEBHOOK } from '@/server/webhooks/config';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import { UNSAFE_URL_MESSAGES } from '@/server/webhooks/ssrf-guard';
import { refusedUrlMessage, WEBHOOK_API_MESSAGES } from './webhook-schemas';

type OperationErrors = Partial<Record<ErrorStatus, readonly string[]>>;

const AUTH: OperationErrors = {
  401: [PARTICIPANT_AUTH.missing, PARTICIPANT_AUTH.invalid],
  // A key without the scope; an endpoint, delivery or participant of another questionnaire (rule 5), or a key
  // whose mode (sandbox or live) is not its questionnaire's.
  403: [PARTICIPANT_AUTH.forbidden, MESSAGES.notAssociated],
};

// Placeholders (<host>, <address>, <state>) stand for the part of a message that varies.
const URL_400 = [
  WEBHOOK_API_MESSAGES.urlRequired,
  WEBHOOK_API_MESSAGES.urlTooLong,
  ...[
    UNSAFE_URL_MESSAGES.notAbsolute,
    UNSAFE_URL_MESSAGES.notHttps,
    UNSAFE_URL_MESSAGES.credentials,
    UNSAFE_URL_MESSAGES.noHost,
    UNSAFE_URL_MESSAGES.unresolved('<host>'),
    UNSAFE_URL_MESSAGES.notPublic('<address>'),
  ].map(refusedUrlMessage),
];

/** An operation on one endpoint: its id's format, and the endpoint (or, raced, the questionnaire) gone. */
const onEndpoint = (more: OperationErrors = {}): OperationErrors => ({
  ...AUTH,
  ...more,
  400: [WEBHOOK_API_MESSAGES.endpointIdFormat, ...(more[400] ?? [])],
  404: [
    WEBHOOK_MESSAGES.endpointNotFound,
    ...(more[404] ?? []),
    QUESTIONNAIRE_MESSAGES.questionnaireNotFound,
  ],
});

/** Keyed "METHOD /path", as the catalogue's own list. */
export const WEBHOOK_OPERATION_ERRORS: Record<string, OperationErrors> = {
  'GET /v1/webhooks/endpoints': { ...AUTH, 404: [QUESTIONNAIRE_MESSAGES.questionnaireNotFound] },
  'POST /v1/webhooks/endpoints': {
    ...AUTH,
    400: URL_400,
    404: [QUESTIONNAIRE_MESSAGES.questionnaireNotFound],
    409: [WEBHOOK_MESSAGES.endpointExists],
  },
  'GET /v1/webhooks/endpoints/{endpoint_id}': onEndpoint(),
  'PATCH /v1/webhooks/endpoints/{endpoint_id}': onEndpoint({ 400: URL_400, 404: [NO_WEBHOOK] }),
  'DELETE /v1/webhooks/endpoints/{endpoint_id}': onEndpoint(),
  'GET /v1/webhooks/endpoints/{endpoint_id}/deliveries': onEndpoint({
    400: [
      WEBHOOK_API_MESSAGES.state,
      WEBHOOK_API_MESSAGES.participantUuidFormat,
      WEBHOOK_API_MESSAGES.limit,
      WEBHOOK_API_MESSAGES.cursor,
    ],
    404: [MESSAGES.participantNotFound],
  }),
  'GET /v1/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}': onEndpoint({
    400: [WEBHOOK_API_MESSAGES.deliveryIdFormat],
    404: [WEBHOOK_MESSAGES.deliveryNotFound],
  }),
  'POST /v1/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}/retry': onEndpoint({
    400: [WEBHOOK_API_MESSAGES.deliveryIdFormat],
    404: [WEBHOOK_MESSAGES.deliveryNotFound],
    409: [WEBHOOK_MESSAGES.notRetryable, WEBHOOK_MESSAGES.disabledForReplay, WEBHOOK_MESSAGES.beingSent],
  }),
  'POST /v1/webhooks/endpoints/{endpoint_id}/test': onEndpoint({
    404: [NO_WEBHOOK],
    409: [WEBHOOK_MESSAGES.disabledForTest],
  }),
  'POST /v1/webhooks/endpoints/{endpoint_id}/secret/rotate': onEndpoint({
    400: [WEBHOOK_API_MESSAGES.overlapHours],
    404: [NO_WEBHOOK],
  }),
  'POST /v1/webhooks/endpoints/{endpoint_id}/secret/end-overlap': onEndpoint({ 404: [NO_WEBHOOK] }),
};
