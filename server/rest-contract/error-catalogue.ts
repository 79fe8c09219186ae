// Every error the REST door can answer, in one place: the error name of each status, the messages of each
// operation, and the answers the door itself gives on every operation (rate limit, body checks, database
// down, unexpected failure). The door, the procedures, the OpenAPI document and the tests all read this
// module, so the document cannot list less than the door sends.
import { DATABASE_UNAVAILABLE_MESSAGE } from '@/server/platform/lib/database-errors';
import { DEADLINE_EXCEEDED_MESSAGE } from '@/server/platform/db/request-deadline';
import { ERROR_NAMES, INTERNAL_ERROR_MESSAGE, type ErrorStatus } from '@/server/platform/lib/errors';
import { JSON_BODY_MESSAGES } from '@/server/platform/lib/json-body';
import { phoneNumberTextMessage } from '@/server/platform/lib/phone';
import {
  EXPIRY_AFTER_PARENT_DOCUMENTED,
  EXPIRY_IN_PAST,
  NOT_AUTHORIZED_TO_CREATE_KEY,
  tooManyKeysMessage,
  unknownScopeMessage,
} from '@/server/api-keys/api-keys';
import { IDEMPOTENCY_MESSAGES } from '@/server/api-keys/idempotency';
import { tooLongMessage, unstorableMessage } from '@/server/participants/fields';
import { invisibleCharactersMessage, mixedScriptsMessage } from '@/server/platform/lib/identifier-text';
import { MESSAGES } from '@/server/participants/messages';
import { RATE_LIMIT_MESSAGE } from '@/server/api-keys/rate-limits';
import { API_KEY_AUTH, PARTICIPANT_AUTH } from '../api-keys/rest-procedures';
import { FEED_MESSAGES, RECOVER_MESSAGES, REST_MESSAGES } from './schemas';
import { UNKNOWN_KEY_LIMIT_MESSAGE } from '../api-keys/unknown-key-limit';
import { SANDBOX_ONLY } from '@/server/results/test-results';
import { RESULT_NOT_FOUND } from '@/server/results/feed';
import { NO_WEBHOOK } from '@/server/webhooks/config';
import { PAUSED_BY_ADMIN } from '@/server/webhooks/recovery-limits';
import { WEBHOOK_OPERATION_ERRORS } from './webhook-errors';
import { LISTEN_OPERATION_ERRORS } from './listen-errors';

/** What each status means, for the document's response descriptions. */
export const ERROR_REASONS: Record<ErrorStatus, string> = {
  400: 'Bad request',
  401: 'Missing, unknown or deleted API key',
  403: 'The key may not do this',
  404: 'Not found',
  405: 'Method not allowed on this path',
  409: 'Conflicts with the current state: a request with this Idempotency-Key is still running, the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this',
  413: 'Body larger than 64 KiB',
  415: 'Body is not JSON',
  429: 'Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address',
  500: 'Unexpected failure',
  503: 'Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds',
};

export const errorNameOf = (status: number): string =>
  ERROR_NAMES[status as ErrorStatus] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');

/** Messages of the API-key endpoints beyond the authentication ones. */
export const API_KEY_MESSAGES = {
  notAuthorized: NOT_AUTHORIZED_TO_CREATE_KEY,
  keyNotFound: 'API key not found or Invalid tenant for this questionnaire',
  bothScopeFields: 'Send either scopes or permissions, not both',
} as const;

/** What the door answers before any operation is known. */
export const DOOR_MESSAGES = {
  endpointNotFound: 'Endpoint not found',
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    `Method ${method} is not allowed here; use ${allowed.join(' or ')}`,
} as const;

/** The operations that honour Idempotency-Key (the other writes are naturally idempotent or create keys). */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set([
  'POST /v1/participant',
  'PUT /v1/participant/{participant_id}',
]);

type OperationErrors = Partial<Record<ErrorStatus, readonly string[]>>;

// Placeholders (<field>, <n>, <scopes>, <irn>) stand for the part of a message that varies.
const TEXT_FIELD_MESSAGES = [
  '<field> must be a string',
  tooLongMessage('<field>', '<n>' as unknown as number),
  unstorableMessage('<field>'),
];
const PARTICIPANT_403 = [MESSAGES.notAssociated, PARTICIPANT_AUTH.forbidden];
const PARTICIPANT_401 = [PARTICIPANT_AUTH.missing, PARTICIPANT_AUTH.invalid];
const API_KEY_401 = [API_KEY_AUTH.missing, API_KEY_AUTH.invalid];

/** Each operation's own errors (the spec's tables, then our documented extras), keyed "METHOD /path". */
const OPERATION_ERRORS: Record<string, OperationErrors> = {
  'POST /v1/participant': {
    400: [
      REST_MESSAGES.projectRequired,
      MESSAGES.irnEmpty,
      REST_MESSAGES.projectFormat,
      REST_MESSAGES.participantUuidFormat,
      MESSAGES.irnChanged,
      MESSAGES.invalidEmail,
      MESSAGES.duplicateIrn('<irn>'),
      phoneNumberTextMessage('<field>'),
      invisibleCharactersMessage('<field>'),
      mixedScriptsMessage('<field>'),
      ...TEXT_FIELD_MESSAGES,
    ],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [MESSAGES.participantNotFound, MESSAGES.projectNotFound, MESSAGES.questionnaireNotFound],
    500: [MESSAGES.retakeFailed],
  },
  'PUT /v1/participant/{participant_id}': {
    400: [
      REST_MESSAGES.participantIdFormat,
      REST_MESSAGES.outcomeTsFormat,
      MESSAGES.outcomeFailed,
      REST_MESSAGES.outcomeRequired,
      ...TEXT_FIELD_MESSAGES,
    ],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [MESSAGES.participantNotFound, MESSAGES.questionnaireNotFound],
  },
  'GET /v1/participant': {
    400: [MESSAGES.irnEmpty, ...TEXT_FIELD_MESSAGES],
    401: PARTICIPANT_401,
    403: [PARTICIPANT_AUTH.forbidden],
    404: [MESSAGES.participantNotFound],
  },
  'GET /v1/participant/{participant_id}': {
    400: [REST_MESSAGES.participantIdFormat],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [MESSAGES.participantNotFound, MESSAGES.questionnaireNotFound],
  },
  'DELETE /v1/participant/{participant_id}': {
    400: [REST_MESSAGES.participantIdFormat],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [MESSAGES.participantNotFound, MESSAGES.questionnaireNotFound],
  },
  'POST /v1/participant/{participant_uuid}/test-result': {
    400: [
      REST_MESSAGES.participantUuidFormat,
      '<field> is required and must be a <type>',
      '<field> must be a <type>',
      '<field> must be at most <n> characters',
      '<field> must not be empty',
      '<field> must have at most <n> entries',
      '<field> must be valid Unicode text without NUL characters',
      'summary_bgcolor must be a hex colour #RRGGBB',
    ],
    401: PARTICIPANT_401,
    403: [SANDBOX_ONLY, ...PARTICIPANT_403],
    404: [MESSAGES.participantNotFound, MESSAGES.questionnaireNotFound],
  },
  'GET /v1/results': {
    400: [FEED_MESSAGES.updatedSince, FEED_MESSAGES.limit, FEED_MESSAGES.cursor],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [MESSAGES.questionnaireNotFound],
  },
  'POST /v1/webhooks/recover': {
    400: [RECOVER_MESSAGES.since],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [NO_WEBHOOK, MESSAGES.questionnaireNotFound],
    409: [PAUSED_BY_ADMIN],
  },
  'GET /v1/participant/{participant_uuid}/result': {
    400: [REST_MESSAGES.participantUuidFormat],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [RESULT_NOT_FOUND, MESSAGES.participantNotFound, MESSAGES.questionnaireNotFound],
  },
  'POST /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys': {
    400: [
      REST_MESSAGES.keyNameRequired,
      REST_MESSAGES.scopeRequired,
      unknownScopeMessage(['<scopes>']),
      API_KEY_MESSAGES.bothScopeFields,
      REST_MESSAGES.expiresAtFormat,
      EXPIRY_IN_PAST,
      EXPIRY_AFTER_PARENT_DOCUMENTED,
      '<field> must be an array of strings',
      '<field> must list at most <n> items',
      invisibleCharactersMessage('<field>'),
      ...TEXT_FIELD_MESSAGES,
    ],
    401: API_KEY_401,
    403: [API_KEY_MESSAGES.notAuthorized],
    404: [MESSAGES.questionnaireNotFound],
    409: [tooManyKeysMessage('<n>' as unknown as number)],
  },
  'GET /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys': {
    401: API_KEY_401,
    403: [API_KEY_AUTH.forbidden, API_KEY_MESSAGES.notAuthorized],
    404: [MESSAGES.questionnaireNotFound],
  },
  'DELETE /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys/{apikey}': {
    400: [REST_MESSAGES.apiKeyValueRequired],
    401: API_KEY_401,
    403: [API_KEY_AUTH.forbidden],
    404: [API_KEY_MESSAGES.keyNotFound, MESSAGES.questionnaireNotFound],
  },
  // Our webhook endpoints, delivery log, retry now, test event and secret rotation (their own module).
  ...WEBHOOK_OPERATION_ERRORS,
  // `pais listen`: start, poll, report an outcome, end (their own module).
  ...LISTEN_OPERATION_ERRORS,
};

/** What the door answers on any operation that takes a body, before the procedure runs. */
const BODY_ERRORS: OperationErrors = {
  400: [JSON_BODY_MESSAGES.invalid, REST_MESSAGES.bodyNotObject, JSON_BODY_MESSAGES.tooDeep],
  413: [JSON_BODY_MESSAGES.tooLarge],
  415: [JSON_BODY_MESSAGES.notJson],
};

/** What the door answers on every operation. */
const EVERY_OPERATION_ERRORS: OperationErrors = {
  // Answers of the door to a path it does not have and to a method the path does not take, listed on every
  // operation so that a client (the typed one among them) knows their body and status.
  404: [DOOR_MESSAGES.endpointNotFound],
  405: [DOOR_MESSAGES.methodNotAllowed('<method>', ['<allowed>'])],
  429: [RATE_LIMIT_MESSAGE, UNKNOWN_KEY_LIMIT_MESSAGE],
  500: [INTERNAL_ERROR_MESSAGE],
  503: [DATABASE_UNAVAILABLE_MESSAGE, DEADLINE_EXCEEDED_MESSAGE],
};

const IDEMPOTENCY_ERRORS: OperationErrors = {
  400: [IDEMPOTENCY_MESSAGES.invalidKey, IDEMPOTENCY_MESSAGES.mismatch],
  409: [IDEMPOTENCY_MESSAGES.inProgress],
};

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Every status and message an operation can answer, in status order; throws for an operation not listed. */
export function operationErrors(method: string, path: string): [ErrorStatus, string[]][] {
  const key = operationKey(method, path);
  const own = OPERATION_ERRORS[key];
  if (!own) throw new Error(`The error catalogue does not list ${key}`);
  const parts = [
    METHODS_WITH_BODY.has(method.toUpperCase()) ? BODY_ERRORS : {},
    own,
    IDEMPOTENT_OPERATIONS.has(key) ? IDEMPOTENCY_ERRORS : {},
    EVERY_OPERATION_ERRORS,
  ];
  const merged = new Map<ErrorStatus, string[]>();
  for (const part of parts)
    for (const [status, messages] of Object.entries<readonly string[] | undefined>(part)) {
      const code = Number(status) as ErrorStatus;
      merged.set(code, [...new Set([...(merged.get(code) ?? []), ...(messages ?? [])])]);
    }
  return [...merged.entries()].sort(([a], [b]) => a - b);
}

/** Whether a real message is one a documented one stands for (a placeholder may stand for nothing at all). */
export function matchesCatalogueMessage(documented: string, actual: string): boolean {
  const pattern = documented
    .split(/<[a-z]+>/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(actual);
}
