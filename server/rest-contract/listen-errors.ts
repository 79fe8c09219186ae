// The errors of `pais listen`'s paths under /v1/webhooks/listen, per operation, in the participant error shape:
// the error catalogue (error-catalogue.ts) adds them to its list, with what the door answers on every
// operation, so that the OpenAPI document lists every status and message they can answer.
import type { ErrorStatus } from '@/server/platform/lib/errors';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { PARTICIPANT_AUTH } from '@/server/api-keys/messages';
import { MESSAGES } from '@/server/participants/messages';
import { LISTEN_MESSAGES } from '@/server/webhooks/listen-messages';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import { LISTEN_API_MESSAGES } from './listen-schemas';

type OperationErrors = Partial<Record<ErrorStatus, readonly string[]>>;

const AUTH: OperationErrors = {
  401: [PARTICIPANT_AUTH.missing, PARTICIPANT_AUTH.invalid],
  // A key without the scope, a live key, a session or delivery of another questionnaire (rule 5), or a key
  // whose mode (sandbox or live) is not its questionnaire's.
  403: [PARTICIPANT_AUTH.forbidden, LISTEN_MESSAGES.sandboxOnly, MESSAGES.notAssociated],
};

/** An operation on one session: its id's format, and the session (or, raced, the questionnaire) gone. */
const onSession = (more: OperationErrors = {}): OperationErrors => ({
  ...AUTH,
  ...more,
  400: [LISTEN_API_MESSAGES.sessionIdFormat, ...(more[400] ?? [])],
  404: [LISTEN_MESSAGES.sessionNotFound, ...(more[404] ?? []), QUESTIONNAIRE_MESSAGES.questionnaireNotFound],
});

/** Keyed "METHOD /path", as the catalogue's own list. */
export const LISTEN_OPERATION_ERRORS: Record<string, OperationErrors> = {
  'POST /v1/webhooks/listen': {
    ...AUTH,
    404: [QUESTIONNAIRE_MESSAGES.questionnaireNotFound],
    409: [LISTEN_MESSAGES.httpEndpoint, LISTEN_MESSAGES.pausedByAdmin],
  },
  'POST /v1/webhooks/listen/{session_id}/poll': onSession({
    400: [LISTEN_API_MESSAGES.waitSeconds],
    409: [LISTEN_MESSAGES.pausedByAdmin, LISTEN_MESSAGES.disabled],
  }),
  'POST /v1/webhooks/listen/{session_id}/deliveries/{delivery_id}/outcome': onSession({
    400: [
      LISTEN_API_MESSAGES.deliveryIdFormat,
      LISTEN_API_MESSAGES.statusCode,
      LISTEN_API_MESSAGES.durationMs,
      LISTEN_API_MESSAGES.error,
      LISTEN_API_MESSAGES.errorRequired,
    ],
    404: [WEBHOOK_MESSAGES.deliveryNotFound],
    409: [LISTEN_MESSAGES.notLeased],
  }),
  'DELETE /v1/webhooks/listen/{session_id}': onSession(),
};
