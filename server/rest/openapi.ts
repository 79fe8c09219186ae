// The OpenAPI 3 document of the public REST API, generated from the router and then corrected to describe
// what the REST door really sends: 201/204 success codes, the spec's two error bodies with every message,
// the raw `Authorization` API-key header and both regional servers.
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { restRouter } from '@/server/api/routers/rest';
import { env, type Env } from '@/server/env';
import { MESSAGES } from '@/server/services/participants';
import { API_KEY_AUTH, PARTICIPANT_AUTH } from './auth';
import { errorStyleOf, REST_BASE_PATH, restRoutes } from './routes';
import { REST_MESSAGES } from './schemas';
import { IDEMPOTENCY_MESSAGES } from '@/server/services/idempotency';
import { RATE_LIMIT_MESSAGE } from '@/server/services/rate-limits';

export const SECURITY_SCHEME = 'ApiKeyAuth';

const PARTICIPANT_401 = [PARTICIPANT_AUTH.missing, PARTICIPANT_AUTH.invalid];
const API_KEY_401 = [API_KEY_AUTH.missing, API_KEY_AUTH.invalid];
const NOT_AUTHORIZED = 'You are not authorized to perform this operation';
const BODY_LIMITS = {
  413: ['Request body must not exceed 64 KiB'],
  415: ['Content-Type must be application/json'],
};

/** Every error each endpoint can answer, with its messages (the spec's tables, plus our documented extras). */
export const ENDPOINT_ERRORS: Record<string, Record<number, string[]>> = {
  'POST /v1/participant': {
    400: [
      REST_MESSAGES.invalidJson,
      REST_MESSAGES.projectRequired,
      MESSAGES.irnEmpty,
      REST_MESSAGES.projectFormat,
      REST_MESSAGES.participantUuidFormat,
      MESSAGES.irnChanged,
      MESSAGES.invalidEmail,
      MESSAGES.duplicateIrn('<irn>'),
      REST_MESSAGES.bodyNotObject,
      REST_MESSAGES.jsonTooDeep,
      '<field> must be a string',
      '<field> must be at most <n> characters',
    ],
    401: PARTICIPANT_401,
    403: [MESSAGES.notAssociated, PARTICIPANT_AUTH.forbidden],
    404: [MESSAGES.participantNotFound, MESSAGES.projectNotFound, MESSAGES.questionnaireNotFound],
    ...BODY_LIMITS,
    500: [MESSAGES.retakeFailed],
  },
  'PUT /v1/participant/{participant_id}': {
    400: [
      REST_MESSAGES.invalidJson,
      REST_MESSAGES.participantIdFormat,
      REST_MESSAGES.outcomeTsFormat,
      MESSAGES.outcomeFailed,
      REST_MESSAGES.outcomeRequired,
      REST_MESSAGES.bodyNotObject,
      REST_MESSAGES.jsonTooDeep,
    ],
    401: PARTICIPANT_401,
    403: [MESSAGES.notAssociated, PARTICIPANT_AUTH.forbidden],
    404: [MESSAGES.participantNotFound, MESSAGES.questionnaireNotFound],
    ...BODY_LIMITS,
  },
  'GET /v1/participant/{participant_id}': {
    400: [REST_MESSAGES.participantIdFormat],
    401: PARTICIPANT_401,
    403: [MESSAGES.notAssociated, PARTICIPANT_AUTH.forbidden],
    404: [MESSAGES.participantNotFound, MESSAGES.questionnaireNotFound],
  },
  'DELETE /v1/participant/{participant_id}': {
    400: [REST_MESSAGES.participantIdFormat],
    401: PARTICIPANT_401,
    403: [MESSAGES.notAssociated, PARTICIPANT_AUTH.forbidden],
    404: [MESSAGES.participantNotFound, MESSAGES.questionnaireNotFound],
  },
  'POST /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys': {
    400: [
      REST_MESSAGES.keyNameRequired,
      REST_MESSAGES.scopeRequired,
      'Unknown scope: <value>. Known scopes: …',
      'Send either scopes or permissions, not both',
      REST_MESSAGES.invalidJson,
      REST_MESSAGES.bodyNotObject,
      REST_MESSAGES.jsonTooDeep,
    ],
    401: API_KEY_401,
    403: [NOT_AUTHORIZED],
    404: [MESSAGES.questionnaireNotFound],
    ...BODY_LIMITS,
  },
  'GET /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys': {
    401: API_KEY_401,
    403: [API_KEY_AUTH.forbidden, NOT_AUTHORIZED],
    404: [MESSAGES.questionnaireNotFound],
  },
  'DELETE /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys/{apikey}': {
    400: [REST_MESSAGES.apiKeyValueRequired],
    401: API_KEY_401,
    403: [API_KEY_AUTH.forbidden],
    404: ['API key not found or Invalid tenant for this questionnaire', MESSAGES.questionnaireNotFound],
  },
};

const ERROR_NAMES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

/** The endpoints that honour Idempotency-Key, and what the header adds to their answers. */
const IDEMPOTENT_ENDPOINTS = new Set(['POST /v1/participant', 'PUT /v1/participant/{participant_id}']);
const IDEMPOTENCY_ERRORS: Record<number, string[]> = {
  400: [IDEMPOTENCY_MESSAGES.invalidKey, IDEMPOTENCY_MESSAGES.mismatch],
  409: [IDEMPOTENCY_MESSAGES.inProgress],
};
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'Makes a retry safe: the first answer (success or 4xx) to this key is kept for 24 hours and replayed, ' +
    'with `Idempotent-Replayed: true`, for the same request; the same key with another request is a 400; ' +
    'a concurrent request with the key waits for the first (409 if that takes over 5 s). Keys belong to the ' +
    'API key that sends them.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const } });
/** Sent with every answer to a request with a live key. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': integerHeader('Requests per minute this key may make (also the burst)'),
  'RateLimit-Remaining': integerHeader('Requests the key could make right now'),
  'RateLimit-Reset': integerHeader('Seconds until the key’s full allowance is back'),
};

type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];

const ERROR_SCHEMAS: Record<string, SchemaObject> = {
  ParticipantError: {
    type: 'object',
    description: 'Error body of the participant endpoints, and of any 404/405/413/415 on a path.',
    required: ['error', 'status', 'message', 'timestamp'],
    properties: {
      error: { type: 'string', enum: [...new Set(Object.values(ERROR_NAMES))], example: 'BAD_REQUEST' },
      status: { type: 'integer', description: 'Equal to the HTTP status', example: 400 },
      message: { type: 'string', example: MESSAGES.irnEmpty },
      timestamp: {
        type: 'string',
        description: 'UTC, DD-MM-YYYY HH:MM:SS',
        pattern: '^\\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}:\\d{2}$',
        example: '22-11-2026 14:03:05',
      },
    },
  },
  ApiKeyError: {
    type: 'object',
    description: 'Error body of the API-key endpoints: the message only.',
    required: ['error'],
    properties: { error: { type: 'string', example: REST_MESSAGES.keyNameRequired } },
  },
};

const REASON: Record<number, string> = {
  400: 'Bad request',
  401: 'Missing, unknown or deleted API key',
  403: 'The key may not do this',
  404: 'Not found',
  409: 'A request with this Idempotency-Key is still running',
  413: 'Body larger than 64 KiB',
  415: 'Body is not JSON',
  429: 'Rate limit of the key exceeded',
  500: 'Unexpected failure',
};

function errorResponse(path: string, status: number, messages: string[]) {
  // Body-size and content-type failures are answered before the endpoint is known to the body shape.
  const style = [409, 413, 415, 429].includes(status) ? 'participant' : errorStyleOf(path);
  const schema = style === 'apikey' ? 'ApiKeyError' : 'ParticipantError';
  const examples = Object.fromEntries(
    messages.map((message, index) => [
      `e${index + 1}`,
      {
        summary: message,
        value:
          style === 'apikey'
            ? { error: message }
            : { error: ERROR_NAMES[status], status, message, timestamp: '22-11-2026 14:03:05' },
      },
    ]),
  );
  return {
    description: `${REASON[status] ?? 'Error'}: ${messages.join(' | ')}`,
    ...(status === 429
      ? {
          headers: {
            'Retry-After': integerHeader('Seconds until one request is allowed again'),
            ...RATE_LIMIT_HEADERS,
          },
        }
      : {}),
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, examples } },
  };
}

/** The REST base URL of a deployment: its origin followed by /questionnaire. */
const restBase = (origin: string) =>
  origin.endsWith(REST_BASE_PATH) ? origin : `${origin.replace(/\/+$/, '')}${REST_BASE_PATH}`;

/** Both regions, this deployment's first; a region without a configured URL gets a placeholder. */
export function openApiServers(
  config: Pick<Env, 'REGION' | 'PUBLIC_BASE_URL' | 'US_BASE_URL' | 'UK_BASE_URL'> = env,
) {
  const us = config.US_BASE_URL ?? (config.REGION === 'us' ? config.PUBLIC_BASE_URL : undefined);
  const uk = config.UK_BASE_URL ?? (config.REGION === 'uk' ? config.PUBLIC_BASE_URL : undefined);
  const servers = [
    {
      url: restBase(us ?? 'https://us.example.com'),
      description: us ? 'US region' : 'US region (set US_BASE_URL)',
    },
    {
      url: restBase(uk ?? 'https://uk.example.com'),
      description: uk ? 'UK region' : 'UK region (set UK_BASE_URL)',
    },
  ];
  return config.REGION === 'uk' ? servers.reverse() : servers;
}

export function buildOpenApiDocument(config: Parameters<typeof openApiServers>[0] = env): OpenAPIObject {
  const servers = openApiServers(config);
  const doc = generateOpenApiDocument(restRouter, {
    title: 'Participant Assessment Integration Service',
    description:
      'Create participants of a questionnaire, start retakes, record outcomes and manage API keys. ' +
      'Every request carries `Authorization: <API_KEY>` (the key itself, no prefix). ' +
      'All bodies are JSON; request bodies are limited to 64 KiB.',
    // The published description leaves the version empty; the path segment /v1 is the contract's version.
    version: '1.0.0',
    baseUrl: servers[0]?.url ?? REST_BASE_PATH,
    securitySchemes: {
      [SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'The API key itself, with no prefix.',
      },
    },
    tags: ['Participants', 'API keys'],
  });
  doc.servers = servers;

  for (const route of restRoutes(restRouter)) {
    const operation = doc.paths?.[route.path]?.[route.method.toLowerCase() as 'get'];
    if (!operation) continue;
    const success = operation.responses?.['200'] as { description?: string } | undefined;
    const endpoint = `${route.method} ${route.path}`;
    const idempotent = IDEMPOTENT_ENDPOINTS.has(endpoint);
    const errors: Record<number, string[]> = { ...ENDPOINT_ERRORS[endpoint], 429: [RATE_LIMIT_MESSAGE] };
    if (idempotent) {
      for (const [status, messages] of Object.entries(IDEMPOTENCY_ERRORS))
        errors[Number(status)] = [...(errors[Number(status)] ?? []), ...messages];
      operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER];
    }
    const successHeaders = {
      ...RATE_LIMIT_HEADERS,
      ...(idempotent
        ? {
            'Idempotent-Replayed': {
              description:
                '`true` when this is the stored answer to an earlier request with the same Idempotency-Key',
              schema: { type: 'string' as const, enum: ['true'] },
            },
          }
        : {}),
    };
    operation.responses = {
      [String(route.successStatus)]:
        route.successStatus === 204
          ? { description: 'Done; no content', headers: successHeaders }
          : { ...success, description: 'Success', headers: successHeaders },
      ...Object.fromEntries(
        Object.entries(errors).map(([status, messages]) => [
          status,
          errorResponse(route.path, Number(status), messages),
        ]),
      ),
    };
  }
  const schemas = Object.fromEntries(
    Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.')),
  );
  doc.components = { ...doc.components, schemas: { ...schemas, ...ERROR_SCHEMAS } };
  return doc;
}
