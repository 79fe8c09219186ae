// The OpenAPI document: structurally valid OpenAPI 3, listing every endpoint with what the server really sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRouter } from '@/server/doors/rest/router';
import { buildOpenApiDocument, openApiServers, SECURITY_SCHEME } from './openapi';
import { documentOperations, testDocument, type Json } from '@/server/test/openapi-document';
import { restRoutes } from './routes';
import { IDEMPOTENCY_REFUSING_WRITES } from '@/server/rest-contract/idempotent-extensions';
import { SPEC_ERROR_ROWS, matchesSpecMessage } from '../../test/spec-error-rows';
import { createRestHarness, keysPath, type RestHarness } from '@/server/test/rest-harness';

const doc = testDocument;

const EXPECTED: [string, string, string][] = [
  ['post', '/v1/participant', '200'],
  ['put', '/v1/participant/{participant_id}', '200'],
  ['get', '/v1/participant', '200'],
  ['get', '/v1/participant/{participant_id}', '200'],
  ['delete', '/v1/participant/{participant_id}', '204'],
  ['post', '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys', '201'],
  ['get', '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys', '200'],
  ['delete', '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys/{apikey}', '204'],
  ['post', '/v1/participant/{participant_uuid}/test-result', '202'],
  ['get', '/v1/results', '200'],
  ['get', '/v1/participant/{participant_uuid}/result', '200'],
  ['post', '/v1/webhooks/recover', '202'],
  ['get', '/v1/webhooks/endpoints', '200'],
  ['post', '/v1/webhooks/endpoints', '201'],
  ['get', '/v1/webhooks/endpoints/{endpoint_id}', '200'],
  ['patch', '/v1/webhooks/endpoints/{endpoint_id}', '200'],
  ['delete', '/v1/webhooks/endpoints/{endpoint_id}', '200'],
  ['get', '/v1/webhooks/endpoints/{endpoint_id}/deliveries', '200'],
  ['get', '/v1/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}', '200'],
  ['post', '/v1/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}/retry', '202'],
  ['post', '/v1/webhooks/endpoints/{endpoint_id}/test', '202'],
  ['post', '/v1/webhooks/endpoints/{endpoint_id}/secret/rotate', '200'],
  ['post', '/v1/webhooks/endpoints/{endpoint_id}/secret/end-overlap', '200'],
  ['get', '/v1/me', '200'],
  ['post', '/v1/webhooks/listen', '201'],
  ['post', '/v1/webhooks/listen/{session_id}/poll', '200'],
  ['post', '/v1/webhooks/listen/{session_id}/deliveries/{delivery_id}/outcome', '200'],
  ['delete', '/v1/webhooks/listen/{session_id}', '204'],
];

function resolve(ref: string): unknown {
  expect(ref).toMatch(/^#\//);
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, part) => (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
      doc,
    );
}

function everyRef(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => everyRef(n, found));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') found.push(v);
      else everyRef(v, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('has the required top-level fields of OpenAPI 3', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(typeof doc.info.title).toBe('string');
    expect(doc.info.title.length).toBeGreaterThan(0);
    expect(typeof doc.info.version).toBe('string');
    expect(typeof doc.paths).toBe('object');
    for (const path of Object.keys(doc.paths as Json)) expect(path).toMatch(/^\//);
  });

  it('lists every endpoint, and nothing else, with its success status', () => {
    const listed = documentOperations().map(([method, path]) => `${method} ${path}`);
    expect(listed.sort()).toEqual(EXPECTED.map(([m, p]) => `${m} ${p}`).sort());
    const routed = restRoutes(restRouter).map((r) => `${r.method.toLowerCase()} ${r.path}`);
    expect(routed.sort()).toEqual(listed.sort());
    for (const [method, path, success] of EXPECTED) {
      const op = doc.paths[path][method] as Json;
      const codes = Object.keys(op.responses as Json);
      expect(codes.filter((c) => c.startsWith('2'))).toEqual([success]);
      if (success === '204') expect(op.responses['204'].content).toBeUndefined();
      else expect(op.responses[success].content['application/json'].schema).toBeDefined();
    }
  });

  it('declares every path parameter once, required, in the path', () => {
    for (const [, path, op] of documentOperations()) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'path');
      expect(declared.map((p) => String(p.name)).sort()).toEqual(names.sort());
      for (const p of declared) expect(p.required).toBe(true);
    }
  });

  it('has unique operation ids and a description on every response', () => {
    const ids = documentOperations().map(([, , op]) => op.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, , op] of documentOperations()) {
      for (const response of Object.values(op.responses as Json))
        expect(typeof response.description).toBe('string');
    }
  });

  it('resolves every $ref, and keeps none of trpc-to-openapi’s own error shapes', () => {
    for (const ref of everyRef(doc)) expect(resolve(ref), ref).toBeDefined();
    expect(Object.keys(doc.components.schemas as Json).filter((k) => k.startsWith('error.'))).toEqual([]);
  });

  it('secures every operation with the raw Authorization header, in a scheme named authorization', () => {
    expect(SECURITY_SCHEME).toBe('authorization');
    expect(doc.components.securitySchemes[SECURITY_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    for (const [, , op] of documentOperations()) expect(op.security).toEqual([{ [SECURITY_SCHEME]: [] }]);
  });

  it('lists this deployment, then the regions whose URL is set, and never a placeholder', () => {
    expect(doc.servers).toEqual([
      { url: 'https://us.pais.example/questionnaire', description: 'This deployment (US)' },
      { url: 'https://uk.pais.example/questionnaire', description: 'UK region' },
    ]);
    const alone = {
      REGION: 'uk' as const,
      PUBLIC_BASE_URL: 'https://uk.x',
      US_BASE_URL: undefined,
      UK_BASE_URL: undefined,
    };
    expect(openApiServers(alone)).toEqual([
      { url: 'https://uk.x/questionnaire', description: 'This deployment (UK)' },
    ]);
    expect(JSON.stringify(buildOpenApiDocument(alone))).not.toMatch(/example\.com/);
    expect(
      openApiServers({ ...alone, US_BASE_URL: 'https://us.x', UK_BASE_URL: 'https://uk.x/questionnaire' }),
    ).toEqual([
      { url: 'https://uk.x/questionnaire', description: 'This deployment (UK)' },
      { url: 'https://us.x/questionnaire', description: 'US region' },
    ]);
  });

  it('documents the rate limit on every endpoint, and Idempotency-Key where it is honoured', () => {
    for (const [method, path, op] of documentOperations()) {
      const responses = op.responses as Json;
      expect(Object.keys(responses[429].headers as Json).sort(), `${method} ${path}`).toEqual([
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Retry-After',
        'X-Request-Id',
      ]);
      expect(responses[429].content['application/json'].schema).toEqual({
        $ref: `#/components/schemas/${path.startsWith('/v1/tenants/') ? 'ApiKeyError' : 'ParticipantError'}`,
      });
      const success = Object.entries(responses).find(([status]) => status.startsWith('2'))![1] as Json;
      expect(Object.keys(success.headers as Json)).toContain('RateLimit-Remaining');
      // Every POST, PUT and PATCH honours it but pais listen's (listed, commented, in idempotent-extensions.ts);
      // the others refuse it (a 400 they document).
      const idempotent =
        ['post', 'put', 'patch'].includes(method) &&
        !IDEMPOTENCY_REFUSING_WRITES.has(`${method.toUpperCase()} ${path}`);
      const header = ((op.parameters ?? []) as Json[]).find((p) => p.name === 'Idempotency-Key');
      expect(Boolean(header), `${method} ${path}`).toBe(idempotent);
      if (!idempotent)
        expect(JSON.stringify(responses[400]), `${method} ${path}`).toContain(
          'Idempotency-Key is not supported on',
        );
      // 409: a request with the same Idempotency-Key still running, (key creation) the cap on live keys,
      // (recovery) a webhook an Admin paused, (webhook endpoints) an endpoint that exists already, a delivery
      // or an endpoint not in a state to retry or test.
      const createsKeys = method === 'post' && path.endsWith('/apikeys');
      const webhookConflicts = [
        'post /v1/webhooks/recover',
        'post /v1/webhooks/endpoints',
        'post /v1/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}/retry',
        'post /v1/webhooks/endpoints/{endpoint_id}/test',
        // pais listen: an endpoint with a URL, an Admin's pause, an endpoint disabled, a delivery not held.
        'post /v1/webhooks/listen',
        'post /v1/webhooks/listen/{session_id}/poll',
        'post /v1/webhooks/listen/{session_id}/deliveries/{delivery_id}/outcome',
      ].includes(`${method} ${path}`);
      expect(Boolean(responses[409]), `${method} ${path}`).toBe(
        idempotent || createsKeys || webhookConflicts,
      );
      if (idempotent) expect(header).toMatchObject({ in: 'header', required: false });
    }
  });

  it('declares X-Request-Id on every answer, and the door’s 404 (unknown path) and 405 (with Allow) on every operation', () => {
    for (const [method, path, op] of documentOperations()) {
      const responses = op.responses as Json;
      for (const [status, response] of Object.entries(responses))
        expect(Object.keys((response as Json).headers as Json), `${method} ${path} ${status}`).toContain(
          'X-Request-Id',
        );
      const summaries = (status: string): string[] =>
        Object.values(responses[status].content['application/json'].examples as Json).map(
          (e) => (e as Json).summary as string,
        );
      expect(summaries('404'), `${method} ${path}`).toContain('Endpoint not found');
      expect(summaries('405'), `${method} ${path}`).toEqual([
        'Method <method> is not allowed here; use <allowed>',
      ]);
      expect(Object.keys(responses[405].headers as Json)).toContain('Allow');
    }
  });

  it('documents the two error bodies, and every message of the spec’s tables on its endpoint', () => {
    const ENDPOINT_OF = {
      'create/retake': ['post', '/v1/participant'],
      'outcome update': ['put', '/v1/participant/{participant_id}'],
      create: ['post', '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys'],
      delete: ['delete', '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys/{apikey}'],
    } as const;
    for (const row of SPEC_ERROR_ROWS) {
      const [method, path] = ENDPOINT_OF[row.endpoint];
      const response = doc.paths[path][method].responses[String(row.status)] as Json;
      expect(response, `${row.endpoint} ${row.status}`).toBeDefined();
      const content = response.content['application/json'] as Json;
      const schema = row.error ? 'ParticipantError' : 'ApiKeyError';
      expect(content.schema).toEqual({ $ref: `#/components/schemas/${schema}` });
      const summaries = Object.values(content.examples as Json).map((e) => e.summary as string);
      expect(
        summaries.some((s) => matchesSpecMessage(row.message, s) || s === row.message),
        row.message,
      ).toBe(true);
    }
    expect(doc.components.schemas.ParticipantError.required).toEqual([
      'error',
      'status',
      'message',
      'timestamp',
    ]);
    expect(doc.components.schemas.ApiKeyError.required).toEqual(['error']);
  });
});

describe('the documented bodies match the real ones', () => {
  let h: RestHarness;
  beforeAll(async () => {
    h = await createRestHarness('pglite');
  });
  afterAll(() => h.close());

  const schemaOf = (path: string, method: string, status: string) => {
    const schema = doc.paths[path][method].responses[status].content['application/json'].schema as Json;
    return (schema.$ref ? resolve(schema.$ref as string) : schema) as Json;
  };

  it('the participant record and the API key record carry exactly the documented fields', async () => {
    const q = await h.seed();
    const key = (await h.createKey(q.questionnaireId)).value;
    const participant = await h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: 'doc-1' },
    });
    const recordSchema = schemaOf('/v1/participant', 'post', '200');
    expect(Object.keys(participant.body as Json).sort()).toEqual(
      Object.keys(recordSchema.properties as Json).sort(),
    );
    expect((recordSchema.required as string[]).sort()).toEqual(Object.keys(participant.body as Json).sort());

    const created = await h.call('POST', keysPath(q), {
      key,
      body: { key_name: 'doc', scopes: ['apikey:write'] },
    });
    const keySchema = schemaOf(
      '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys',
      'post',
      '201',
    );
    for (const field of Object.keys(created.body as Json))
      expect(Object.keys(keySchema.properties as Json)).toContain(field);
    for (const field of keySchema.required as string[])
      expect(Object.keys(created.body as Json)).toContain(field);
  });
});
