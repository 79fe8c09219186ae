// The OpenAPI 3.1 document of the public REST API: generated from the router, then completed from the error
// catalogue (every status and message the door can answer), with the published request variants as oneOf,
// named examples, the raw `Authorization` API-key header, the result webhook, and this deployment's servers.
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { restRouter } from '@/server/doors/rest/router';
import { maskApiKey } from '@/server/api-keys/secret';
import { env, type Env } from '@/server/platform/env';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS } from '@/server/api-keys/idempotency';
import { MAX_JSON_BODY_BYTES } from '@/server/platform/lib/json-body';
import { DEFAULT_IDEMPOTENCY_WAIT_MS } from './idempotent-request';
import { ERROR_NAMES, type ErrorStatus } from '@/server/platform/lib/errors';
import {
  ERROR_REASONS,
  IDEMPOTENT_OPERATIONS,
  operationErrors,
  operationKey,
} from '../../rest-contract/error-catalogue';
import { resultWebhook } from './openapi-webhooks';
import { errorStyleOf, REST_BASE_PATH, restRoutes } from './routes';
import { REST_MESSAGES } from '../../rest-contract/messages';

/** The security scheme's name, as the vendor's document names it. */
export const SECURITY_SCHEME = 'authorization';

type Json = Record<string, unknown>;

/** The parts of the generated document this module completes. */
interface SchemaNode {
  properties?: Record<string, unknown>;
  required?: string[];
  example?: unknown;
  [keyword: string]: unknown;
}
interface MediaType {
  schema?: SchemaNode;
  examples?: Json;
}
interface Parameter {
  name: string;
  schema?: SchemaNode;
  example?: unknown;
  [field: string]: unknown;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType>; required?: boolean };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface GeneratedDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> };
  servers?: unknown;
  tags?: unknown;
  webhooks?: unknown;
}

const EXAMPLE_TIMESTAMP = '22-11-2026 14:03:05';
const IDS = {
  project: 'fd9690b0-9050-4acd-ad74-7f906c07fe93',
  participant: '3f2b8a4e-6c1d-4b7e-9a2f-0c5d8e1f7a63',
  tenant: '0b6f5c1e-2d4a-4e8b-9f3c-7a1d2e5b6c80',
  key: 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    `Makes a retry safe: the first answer (success or 4xx) to this key is kept for ${IDEMPOTENCY_TTL_MS / 3_600_000} ` +
    'hours and replayed, with `Idempotent-Replayed: true`, for the same request; the same key with another ' +
    'request is a 400; a concurrent request with the key waits for the first (409 if that takes over ' +
    `${DEFAULT_IDEMPOTENCY_WAIT_MS / 1000} s). Keys belong to the ` +
    'API key that sends them.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
  example: '5b0f3c1e-enrol-batch-17-row-42',
};

const integerHeader = (description: string, example: number) => ({
  description,
  schema: { type: 'integer' as const },
  example,
});
/** Sent with every answer to a request with a live key. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': integerHeader('Requests per minute this key may make (also the burst)', 600),
  'RateLimit-Remaining': integerHeader('Requests the key could make right now', 599),
  'RateLimit-Reset': integerHeader('Seconds until the key’s full allowance is back', 1),
};
const RETRY_AFTER = integerHeader('Seconds to wait before retrying', 5);
/** Sent with every answer (server/platform/lib/request-id.ts): the request's id in the logs and traces. */
const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    description:
      'The request’s id in the service’s logs: the X-Request-Id you sent when it is 1–128 letters, digits ' +
      'and `-_.:`, else a new UUID. Quote it when you ask about a request',
    schema: { type: 'string' as const },
    example: '0b4c6a8e-5f2d-4d1b-9a3e-7c8f1e2d3b4a',
  },
};
const ALLOW = {
  description: 'The methods the path takes',
  schema: { type: 'string' as const },
  example: 'POST, GET',
};

const ERROR_SCHEMAS: Record<string, Json> = {
  ParticipantError: {
    type: 'object',
    description: 'Error body of the participant endpoints (and of unknown paths outside /v1/tenants/).',
    required: ['error', 'status', 'message', 'timestamp'],
    additionalProperties: false,
    properties: {
      error: { type: 'string', enum: [...new Set(Object.values(ERROR_NAMES))], example: 'BAD_REQUEST' },
      status: { type: 'integer', description: 'Equal to the HTTP status', example: 400 },
      message: { type: 'string', example: REST_MESSAGES.projectRequired },
      timestamp: {
        type: 'string',
        description: 'UTC, DD-MM-YYYY HH:MM:SS',
        pattern: '^\\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}:\\d{2}$',
        example: EXAMPLE_TIMESTAMP,
      },
    },
  },
  ApiKeyError: {
    type: 'object',
    description: 'Error body of the API-key endpoints, whatever the status: the message only.',
    required: ['error'],
    additionalProperties: false,
    properties: { error: { type: 'string', example: REST_MESSAGES.keyNameRequired } },
  },
};

/** An example name from a message: its words in camel case, e.g. "projectUuidIsRequired". */
const exampleName = (message: string, taken: Set<string>) => {
  const words = message.replace(/<[a-z]+>/g, ' ').match(/[A-Za-z0-9]+/g) ?? ['error'];
  const base = words
    .slice(0, 8)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
};

/** The documented answer of one error status of an operation, with an example per message. */
function documentedErrorResponse(path: string, status: ErrorStatus, messages: string[]): Json {
  const apiKeyStyle = errorStyleOf(path) === 'apikey';
  const taken = new Set<string>();
  const examples = Object.fromEntries(
    messages.map((message) => [
      exampleName(message, taken),
      {
        summary: message,
        value: apiKeyStyle
          ? { error: message }
          : { error: ERROR_NAMES[status], status, message, timestamp: EXAMPLE_TIMESTAMP },
      },
    ]),
  );
  const headers = {
    ...(status === 429 ? { 'Retry-After': RETRY_AFTER, ...RATE_LIMIT_HEADERS } : {}),
    ...(status === 503 || status === 409 ? { 'Retry-After': RETRY_AFTER } : {}),
    ...(status === 405 ? { Allow: ALLOW } : {}),
    ...REQUEST_ID_HEADER,
  };
  return {
    description: `${ERROR_REASONS[status]}: ${messages.join(' | ')}`,
    headers,
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${apiKeyStyle ? 'ApiKeyError' : 'ParticipantError'}` },
        examples,
      },
    },
  };
}

/** The REST base URL of a deployment: its origin followed by /questionnaire. */
const restBase = (origin: string) =>
  origin.endsWith(REST_BASE_PATH) ? origin : `${origin.replace(/\/+$/, '')}${REST_BASE_PATH}`;

export type ServerConfig = Pick<Env, 'REGION' | 'PUBLIC_BASE_URL' | 'US_BASE_URL' | 'UK_BASE_URL'>;

/** This deployment first, then the US and UK deployments that are configured (never a placeholder). */
export function openApiServers(config: ServerConfig = env) {
  const servers = [
    {
      url: restBase(config.PUBLIC_BASE_URL),
      description: `This deployment (${config.REGION.toUpperCase()})`,
    },
  ];
  for (const [origin, description] of [
    [config.US_BASE_URL, 'US region'],
    [config.UK_BASE_URL, 'UK region'],
  ] as const) {
    if (origin && !servers.some((s) => s.url === restBase(origin)))
      servers.push({ url: restBase(origin), description });
  }
  return servers;
}

const PARTICIPANT_RECORD = {
  project_uuid: IDS.project,
  phone_number1: '+916263877039',
  phone_number2: '',
  interview_ref_num: '7858934895810',
  external_ref_id: '12345-46b5-464d-a8e4-afecc',
  participant_uuid: IDS.participant,
  email: 'participant@example.org',
  language: 'English',
  particpant_guide_link: 'https://pais.example.org/guide/q8ZkC2vH0nJr5sTw1xYb3mLd',
  is_participant_allowed: true,
  outcome: null,
  outcome_ts: null,
};
const CREATE_BODY = {
  project_uuid: IDS.project,
  phone_number1: '+916263877039',
  phone_number2: '',
  interview_ref_num: '7858934895810',
  external_ref_id: '12345-46b5-464d-a8e4-afecc',
  email: 'participant@example.org',
  language: 'English',
};
const API_KEY_RECORD = {
  id: IDS.key,
  api_key: 'pais_live_8Jd2kQ0xVb7Yw3Nn5Rt1Lm9Pc4Hs6Gf2Ze8Ua1WqT0e',
  key_name: 'ci-participant-writer',
  scopes: ['participant:write'],
  questionnaire_id: IDS.project,
  create_ts: '2026-11-22T14:03:05Z',
  update_ts: '2026-11-22T14:03:05Z',
};

const named = (examples: Record<string, [summary: string, value: unknown]>) =>
  Object.fromEntries(Object.entries(examples).map(([name, [summary, value]]) => [name, { summary, value }]));

/** Request-body and success examples per operation (vendor's example names where it has them). */
const OPERATION_EXAMPLES: Record<string, { request?: Json; success?: Json }> = {
  'POST /v1/participant': {
    request: named({
      create: ['Create new participant', CREATE_BODY],
      retake: [
        'Retake questionnaire for existing participant',
        { ...CREATE_BODY, participant_uuid: IDS.participant },
      ],
    }),
    success: named({
      createParticipant: ['Create participant response', PARTICIPANT_RECORD],
      retakeParticipant: [
        'Retake response: the same participant, a new guide link',
        {
          ...PARTICIPANT_RECORD,
          particpant_guide_link: 'https://pais.example.org/guide/Vt4nB7cX1zQe9Rk2Lm5Hs8Pw',
        },
      ],
    }),
  },
  'PUT /v1/participant/{participant_id}': {
    request: named({
      updateOutcome: [
        'Update participant outcome',
        { outcome: '$10,Reviewed and Mitigated', outcome_ts: '2025-12-12T06:06:29Z' },
      ],
    }),
    success: named({
      outcomeUpdated: [
        'Participant with its outcome',
        { ...PARTICIPANT_RECORD, outcome: '$10,Reviewed and Mitigated', outcome_ts: '2025-12-12T06:06:29Z' },
      ],
    }),
  },
  'GET /v1/participant/{participant_id}': {
    success: named({ participant: ['The participant record', PARTICIPANT_RECORD] }),
  },
  'POST /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys': {
    request: named({
      scopes: ['Variant A: scopes', { key_name: 'ci-participant-writer', scopes: ['participant:write'] }],
      permissions: [
        'Variant B: permissions',
        { key_name: 'ci-participant-writer', permissions: ['participant:read', 'participant:write'] },
      ],
    }),
    success: named({ created: ['Newly created key (full value, shown only here)', API_KEY_RECORD] }),
  },
  'GET /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys': {
    success: named({
      keys: [
        'The questionnaire’s keys, masked',
        [
          {
            ...API_KEY_RECORD,
            api_key: maskApiKey(API_KEY_RECORD.api_key.slice(0, 14), API_KEY_RECORD.api_key.slice(-4)),
          },
        ],
      ],
    }),
  },
};

/**
 * The published request variants as oneOf: create | retake (retake requires participant_uuid; a create must
 * not send one) and create-key {key_name, scopes} | {key_name, permissions}. Built from the schema the router
 * generated, so field rules stay defined once.
 */
function splitVariants(doc: GeneratedDocument) {
  const schemas = (doc.components.schemas ??= {});
  const bodyOf = (path: string): MediaType & { schema: SchemaNode } => {
    const body = doc.paths[path]?.post?.requestBody?.content['application/json'];
    if (!body?.schema?.properties) throw new Error(`No JSON request body generated for POST ${path}`);
    return body as MediaType & { schema: SchemaNode };
  };

  const participant = bodyOf('/v1/participant');
  const { participant_uuid: participantUuid, ...createProperties } = participant.schema.properties ?? {};
  schemas.ParticipantCreate = {
    type: 'object',
    title: 'Participant',
    description: 'Create a participant: no participant_uuid (an empty one counts as absent).',
    properties: createProperties,
    required: participant.schema.required,
    // participant_uuid absent: named in `properties` too (any value), as linters expect of a required field.
    not: { properties: { participant_uuid: {} }, required: ['participant_uuid'] },
  };
  schemas.ParticipantRetake = {
    type: 'object',
    title: 'ParticipantRetake',
    description: 'Retake the questionnaire for an existing participant; interview_ref_num must be unchanged.',
    properties: { ...createProperties, participant_uuid: participantUuid },
    required: [...(participant.schema.required ?? []), 'participant_uuid'],
  };
  (participant as MediaType).schema = {
    oneOf: [
      { $ref: '#/components/schemas/ParticipantCreate' },
      { $ref: '#/components/schemas/ParticipantRetake' },
    ],
  };

  const apiKey = bodyOf('/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys');
  // Each variant keeps every other field of the body (key_name and any optional ones) and one of the lists.
  const { scopes, permissions, ...shared } = apiKey.schema.properties ?? {};
  const sharedRequired = apiKey.schema.required ?? [];
  schemas.ApiKeyCreateScopes = {
    type: 'object',
    title: 'ApiKeyCreate (variant A)',
    properties: { ...shared, scopes },
    required: [...sharedRequired, 'scopes'],
  };
  schemas.ApiKeyCreatePermissions = {
    type: 'object',
    title: 'ApiKeyCreate (variant B)',
    properties: { ...shared, permissions },
    required: [...sharedRequired, 'permissions'],
  };
  (apiKey as MediaType).schema = {
    oneOf: [
      { $ref: '#/components/schemas/ApiKeyCreateScopes' },
      { $ref: '#/components/schemas/ApiKeyCreatePermissions' },
    ],
  };
}

export function buildOpenApiDocument(config: ServerConfig = env): OpenAPIObject {
  const servers = openApiServers(config);
  const doc = generateOpenApiDocument(restRouter, {
    title: 'Participant Assessment Integration Service',
    description:
      'Create participants of a questionnaire, start retakes, record outcomes and manage API keys; results ' +
      'are pushed to your webhook (see `webhooks`). Every request carries `Authorization: <API_KEY>` (the ' +
      `key itself, no prefix). All bodies are JSON; request bodies are limited to ${MAX_JSON_BODY_BYTES / 1024} KiB. Participant ` +
      'endpoints answer errors as `{error, status, message, timestamp}`, every path under `/v1/tenants/` as ' +
      '`{error}` only, whatever the status; a method a path does not take is a 405 with `Allow`. ' +
      'A typed TypeScript client generated from this document (openapi-typescript + openapi-fetch), with ' +
      'webhook verification, is the npm package `@pais/client` (the `client/` folder of the service’s ' +
      'repository); its README, client/README.md, shows how to install and use it.',
    // The published description leaves the version empty; the path segment /v1 is the contract's version and
    // this its version within /v1, which @pais/client (client/package.json) carries too (docs/versioning.md).
    version: '1.0.0',
    baseUrl: servers[0]!.url,
    securitySchemes: {
      [SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'The API key itself, with no prefix.',
      },
    },
  }) as unknown as GeneratedDocument;
  doc.servers = servers;
  doc.tags = [
    {
      name: 'Participants',
      description: 'Create, retake, outcome tracking; read and erase (our extensions)',
    },
    { name: 'API keys', description: 'Keys of the questionnaire the calling key belongs to' },
    {
      name: 'Results',
      description:
        'Our extensions for integrating: test results in a sandbox questionnaire, the results feed to ' +
        'reconcile with the webhooks received, one participant’s current result',
    },
    { name: 'Webhooks', description: 'What the service sends to your webhook URL' },
  ];
  splitVariants(doc);

  for (const route of restRoutes(restRouter)) {
    const key = operationKey(route.method, route.path);
    const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
    if (!operation) throw new Error(`trpc-to-openapi generated no ${key}`);
    const examples = OPERATION_EXAMPLES[key] ?? {};
    const idempotent = IDEMPOTENT_OPERATIONS.has(key);
    if (idempotent) operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER];
    for (const parameter of operation.parameters ?? [])
      parameter.example ??= parameter.schema?.example ?? IDS.participant;
    // An empty body reads as {} there (every field optional), so a client may send none.
    if (route.optionalBody && operation.requestBody) operation.requestBody.required = false;
    const requestBody = operation.requestBody?.content['application/json'];
    if (examples.request && requestBody) requestBody.examples = examples.request;

    const successHeaders = {
      ...RATE_LIMIT_HEADERS,
      ...REQUEST_ID_HEADER,
      ...(idempotent
        ? {
            'Idempotent-Replayed': {
              description: '`true` when this is the stored answer to an earlier request with the same key',
              schema: { type: 'string' as const, enum: ['true'] },
              example: 'true',
            },
          }
        : {}),
    };
    const generated = operation.responses?.['200'];
    const success =
      route.successStatus === 204
        ? { description: 'Done; no content', headers: successHeaders }
        : {
            description: 'Success',
            headers: successHeaders,
            content: {
              'application/json': {
                schema: generated?.content?.['application/json']?.schema,
                ...(examples.success ? { examples: examples.success } : {}),
              },
            },
          };
    operation.responses = {
      [String(route.successStatus)]: success,
      ...Object.fromEntries(
        operationErrors(route.method, route.path).map(([status, messages]) => [
          String(status),
          documentedErrorResponse(route.path, status, messages),
        ]),
      ),
    };
  }
  const { webhooks, schemas: webhookSchemas } = resultWebhook();
  const generatedSchemas = Object.fromEntries(
    Object.entries(doc.components.schemas ?? {}).filter(([name]) => !name.startsWith('error.')),
  );
  doc.components.schemas = { ...generatedSchemas, ...ERROR_SCHEMAS, ...webhookSchemas };
  doc.webhooks = webhooks;
  return doc as unknown as OpenAPIObject;
}
