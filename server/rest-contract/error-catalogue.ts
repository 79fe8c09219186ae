// Every error the REST door can answer, composed in one place: the error name of each status, the spec's error
// tables, each operation's further messages, and the answers the door itself gives on every operation (rate
// limit, body checks, database down, unexpected failure). The door, the OpenAPI document and the tests read
// this module, so the document cannot list less than the door sends.
//
// Where the messages themselves live: each is written once, in a module that all code raising it may import
// under the dependency rule (doors -> domains -> platform, nothing upward): a domain's messages.ts (participants,
// questionnaires, api-keys, webhooks, admins, and rest-contract/messages.ts for the request checks and the
// door's own answers), a constant beside the one check that raises it (rate-limits.ts, idempotency.ts,
// json-body.ts...), or, for a message that names a field, a function of platform/lib/field-messages.ts. This
// module only composes them (with placeholders such as <field> and <n> for what varies) and writes no message
// of its own; scripts/lint/duplicate-messages.ts (npm run lint) fails when a message is written twice.
import { DATABASE_UNAVAILABLE_MESSAGE } from '@/server/platform/lib/database-errors';
import { DEADLINE_EXCEEDED_MESSAGE } from '@/server/platform/db/request-deadline';
import { ERROR_NAMES, INTERNAL_ERROR_MESSAGE, type ErrorStatus } from '@/server/platform/lib/errors';
import {
  mustBeMessage,
  notEmptyMessage,
  requiredMessage,
  tooLongMessage,
  tooManyEntriesMessage,
  tooManyItemsMessage,
  unstorableMessage,
} from '@/server/platform/lib/field-messages';
import { JSON_BODY_MESSAGES } from '@/server/platform/lib/json-body';
import { phoneNumberTextMessage } from '@/server/platform/lib/phone';
import {
  expiryAfterParentMessage,
  tooManyKeysMessage,
  unknownScopeMessage,
} from '@/server/api-keys/api-keys';
import { API_KEY_AUTH, API_KEY_MESSAGES, PARTICIPANT_AUTH } from '@/server/api-keys/messages';
import { IDEMPOTENCY_MESSAGES } from '@/server/api-keys/idempotency';
import { invisibleCharactersMessage, mixedScriptsMessage } from '@/server/platform/lib/identifier-text';
import { MESSAGES } from '@/server/participants/messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { RATE_LIMIT_MESSAGE } from '@/server/api-keys/rate-limits';
import { DOOR_MESSAGES, REST_MESSAGES } from './messages';
import { FEED_MESSAGES, RECOVER_MESSAGES } from './schemas';
import { UNKNOWN_KEY_LIMIT_MESSAGE } from '../api-keys/unknown-key-limit';
import { SANDBOX_ONLY } from '@/server/results/test-results';
import { RESULT_NOT_FOUND } from '@/server/results/feed';
import { NO_WEBHOOK } from '@/server/webhooks/config';
import { HEX_COLOUR_MESSAGE, unstorableResultTextMessage } from '@/server/webhooks/payload';
import { PAUSED_BY_ADMIN } from '@/server/webhooks/recovery-limits';
import { WEBHOOK_OPERATION_ERRORS } from './webhook-errors';
import { idempotencyNotSupportedMessage, keyAlreadyCreatedMessage } from '@/server/api-keys/messages';
import { IDEMPOTENT_EXTENSIONS } from './idempotent-extensions';
import { CALLING_KEY_ERRORS } from './calling-key';
import { LISTEN_OPERATION_ERRORS } from './listen-errors';

/** What each status means, for the document's response descriptions. */
export const ERROR_REASONS: Record<ErrorStatus, string> = {
  400: 'Bad request',
  401: 'Missing, unknown or deleted API key',
  403: 'The key may not do this',
  404: 'Not found',
  405: 'Method not allowed on this path',
  409: 'Conflicts with the current state: a request with this Idempotency-Key is still running (or created an API key, whose value is shown once), the questionnaire holds its most API keys, an Admin paused the webhook, or the webhook endpoint or delivery is not in a state for this',
  413: 'Body larger than 64 KiB',
  415: 'Body is not JSON',
  429: 'Rate limit of the key (of its tree, for a key minted by a key) exceeded, or too many unknown keys from the address',
  500: 'Unexpected failure',
  503: 'Database unreachable or saturated, or the request ran past its deadline (nothing was changed); retry after Retry-After seconds',
};

export const errorNameOf = (status: number): string =>
  ERROR_NAMES[status as ErrorStatus] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');

/**
 * The operations that honour Idempotency-Key: every POST and PUT (a test holds every new one to it). Any other
 * operation refuses the header with a 400 (IDEMPOTENCY_REFUSED_ERRORS): it is never silently ignored.
 */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set([
  'POST /v1/participant',
  'PUT /v1/participant/{participant_id}',
  ...IDEMPOTENT_EXTENSIONS,
]);

type OperationErrors = Partial<Record<ErrorStatus, readonly string[]>>;

const QUESTIONNAIRE_NOT_FOUND = QUESTIONNAIRE_MESSAGES.questionnaireNotFound;
const API_KEYS_PATH = '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys';

/**
 * The spec's error tables (interface-spec.md, "Errors"), row for row and in table order. Each of these
 * operations lists them first, and their 400 rows are the validation order.
 */
const SPEC_ERROR_TABLES: Record<string, OperationErrors> = {
  'POST /v1/participant': {
    400: [
      JSON_BODY_MESSAGES.invalid,
      REST_MESSAGES.projectRequired,
      MESSAGES.irnEmpty,
      REST_MESSAGES.projectFormat,
      REST_MESSAGES.participantUuidFormat,
      MESSAGES.irnChanged,
      MESSAGES.invalidEmail,
      MESSAGES.duplicateIrn('<irn>'),
    ],
    401: [PARTICIPANT_AUTH.missing, PARTICIPANT_AUTH.invalid],
    403: [MESSAGES.notAssociated],
    404: [MESSAGES.participantNotFound, MESSAGES.projectNotFound],
    500: [MESSAGES.retakeFailed],
  },
  'PUT /v1/participant/{participant_id}': {
    400: [
      JSON_BODY_MESSAGES.invalid,
      REST_MESSAGES.participantIdFormat,
      REST_MESSAGES.outcomeTsFormat,
      MESSAGES.outcomeFailed,
    ],
    401: [PARTICIPANT_AUTH.missing, PARTICIPANT_AUTH.invalid],
    403: [MESSAGES.notAssociated],
    404: [MESSAGES.participantNotFound, QUESTIONNAIRE_NOT_FOUND],
  },
  [`POST ${API_KEYS_PATH}`]: {
    400: [REST_MESSAGES.keyNameRequired, REST_MESSAGES.scopeRequired],
    401: [API_KEY_AUTH.missing],
    403: [API_KEY_MESSAGES.notAuthorized],
  },
  [`DELETE ${API_KEYS_PATH}/{apikey}`]: {
    400: [REST_MESSAGES.apiKeyValueRequired],
    401: [API_KEY_AUTH.missing, API_KEY_AUTH.invalid],
    403: [API_KEY_AUTH.forbidden],
    404: [API_KEY_MESSAGES.keyNotFound],
  },
};

/**
 * When a body has several problems, the first of these is reported (the spec's 400 rows, in table order; a
 * row no validation gives, such as the duplicate IRN, only lengthens the list); problems not listed follow
 * in field order.
 */
export const VALIDATION_ORDER: readonly string[] = [
  ...new Set(Object.values(SPEC_ERROR_TABLES).flatMap((table) => table[400] ?? [])),
];

const TEXT_FIELD_MESSAGES = [
  mustBeMessage('<field>', 'a string'),
  tooLongMessage('<field>', '<n>'),
  unstorableMessage('<field>'),
];
const PARTICIPANT_401 = [PARTICIPANT_AUTH.missing, PARTICIPANT_AUTH.invalid];
const PARTICIPANT_403 = [MESSAGES.notAssociated, PARTICIPANT_AUTH.forbidden];
const API_KEY_401 = [API_KEY_AUTH.missing, API_KEY_AUTH.invalid];

/** Each operation's errors beyond the spec's tables (our documented extras), keyed "METHOD /path". */
const OPERATION_ERRORS: Record<string, OperationErrors> = {
  'POST /v1/participant': {
    400: [
      phoneNumberTextMessage('<field>'),
      invisibleCharactersMessage('<field>'),
      mixedScriptsMessage('<field>'),
      ...TEXT_FIELD_MESSAGES,
    ],
    403: [PARTICIPANT_AUTH.forbidden],
    404: [QUESTIONNAIRE_NOT_FOUND],
  },
  'PUT /v1/participant/{participant_id}': {
    400: [REST_MESSAGES.outcomeRequired, ...TEXT_FIELD_MESSAGES],
    403: [PARTICIPANT_AUTH.forbidden],
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
    404: [MESSAGES.participantNotFound, QUESTIONNAIRE_NOT_FOUND],
  },
  'DELETE /v1/participant/{participant_id}': {
    400: [REST_MESSAGES.participantIdFormat],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [MESSAGES.participantNotFound, QUESTIONNAIRE_NOT_FOUND],
  },
  'POST /v1/participant/{participant_uuid}/test-result': {
    400: [
      REST_MESSAGES.participantUuidFormat,
      requiredMessage('<field>', 'a <type>'),
      mustBeMessage('<field>', 'a <type>'),
      tooLongMessage('<field>', '<n>'),
      notEmptyMessage('<field>'),
      tooManyEntriesMessage('<field>', '<n>'),
      unstorableResultTextMessage('<field>'),
      HEX_COLOUR_MESSAGE,
    ],
    401: PARTICIPANT_401,
    403: [SANDBOX_ONLY, ...PARTICIPANT_403],
    404: [MESSAGES.participantNotFound, QUESTIONNAIRE_NOT_FOUND],
  },
  'GET /v1/results': {
    400: [FEED_MESSAGES.updatedSince, FEED_MESSAGES.limit, FEED_MESSAGES.cursor],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [QUESTIONNAIRE_NOT_FOUND],
  },
  'POST /v1/webhooks/recover': {
    400: [RECOVER_MESSAGES.since],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [NO_WEBHOOK, QUESTIONNAIRE_NOT_FOUND],
    409: [PAUSED_BY_ADMIN],
  },
  'GET /v1/participant/{participant_uuid}/result': {
    400: [REST_MESSAGES.participantUuidFormat],
    401: PARTICIPANT_401,
    403: PARTICIPANT_403,
    404: [RESULT_NOT_FOUND, MESSAGES.participantNotFound, QUESTIONNAIRE_NOT_FOUND],
  },
  [`POST ${API_KEYS_PATH}`]: {
    400: [
      unknownScopeMessage(['<scopes>']),
      API_KEY_MESSAGES.bothScopeFields,
      REST_MESSAGES.expiresAtFormat,
      API_KEY_MESSAGES.expiryInPast,
      expiryAfterParentMessage('<expiry>'),
      mustBeMessage('<field>', 'an array of strings'),
      tooManyItemsMessage('<field>', '<n>'),
      invisibleCharactersMessage('<field>'),
      ...TEXT_FIELD_MESSAGES,
    ],
    401: [API_KEY_AUTH.invalid],
    404: [QUESTIONNAIRE_NOT_FOUND],
    409: [tooManyKeysMessage('<n>'), keyAlreadyCreatedMessage('<id>')],
  },
  [`GET ${API_KEYS_PATH}`]: {
    401: API_KEY_401,
    403: [API_KEY_AUTH.forbidden, API_KEY_MESSAGES.notAuthorized],
    404: [QUESTIONNAIRE_NOT_FOUND],
  },
  'GET /v1/me': CALLING_KEY_ERRORS,
  [`DELETE ${API_KEYS_PATH}/{apikey}`]: {
    404: [QUESTIONNAIRE_NOT_FOUND],
  },
  // Our webhook endpoints, delivery log, retry now, test event and secret rotation (their own module).
  ...WEBHOOK_OPERATION_ERRORS,
  // `pais listen`: start, poll, report an outcome, end (their own module).
  ...LISTEN_OPERATION_ERRORS,
};

/** What the door answers on any operation that takes a body, before the procedure runs. */
const BODY_ERRORS: OperationErrors = {
  400: [JSON_BODY_MESSAGES.invalid, JSON_BODY_MESSAGES.notObject, JSON_BODY_MESSAGES.tooDeep],
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

/** What an operation that does not honour Idempotency-Key answers a request carrying one. */
const IDEMPOTENCY_REFUSED_ERRORS: OperationErrors = {
  400: [idempotencyNotSupportedMessage('<operation>')],
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
    SPEC_ERROR_TABLES[key] ?? {},
    own,
    IDEMPOTENT_OPERATIONS.has(key) ? IDEMPOTENCY_ERRORS : IDEMPOTENCY_REFUSED_ERRORS,
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
