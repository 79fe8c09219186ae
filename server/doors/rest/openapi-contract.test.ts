// The OpenAPI document against the published contract and the vendor's document: valid OpenAPI 3.1 (a real
// validator), clean under Spectral's OAS ruleset, the result webhook, the published request variants as
// oneOf, one operationId style, an example for every parameter, and every status of the error catalogue.
import { compileErrors, validate } from '@readme/openapi-parser';
import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { restRouter } from '@/server/doors/rest/router';
import { expectDocumented } from '@/server/test/documented-response';
import { operationErrors } from '../../rest-contract/error-catalogue';
import { documentOperations, testDocument, type Json } from '@/server/test/openapi-document';
import { restRoutes } from './routes';

const doc = testDocument;
const KEYS = '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys';

/** Spectral's OAS ruleset ("all" rules) over a document: its errors, as readable lines. */
async function spectralErrors(document: unknown): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'all']] } as never);
  const results = await spectral.run(new Document(JSON.stringify(document, null, 2), Parsers.Json));
  // Severity 0 is an error (1 warning, 2 information, 3 hint).
  return results
    .filter((r) => (r.severity as number) === 0)
    .map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`);
}

describe('the OpenAPI document as a document', () => {
  it('is valid OpenAPI 3.1 for a real validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('has no error under Spectral’s OAS ruleset, which does catch a broken document', async () => {
    expect(await spectralErrors(doc)).toEqual([]);
    const broken = structuredClone(doc);
    delete broken.paths['/v1/participant'].post.responses;
    broken.paths['/v1/participant'].post.operationId = 'updateOutcome';
    expect((await spectralErrors(broken)).length).toBeGreaterThan(0);
  });
});

describe('the OpenAPI document against the vendor’s', () => {
  it('names every operation in one style', () => {
    const ids = Object.fromEntries(
      documentOperations().map(([method, path, op]) => [`${method} ${path}`, op.operationId]),
    );
    expect(ids).toEqual({
      'post /v1/participant': 'createParticipant',
      'put /v1/participant/{participant_id}': 'updateOutcome',
      'get /v1/participant': 'findParticipantByIrn',
      'get /v1/participant/{participant_id}': 'getParticipant',
      'delete /v1/participant/{participant_id}': 'deleteParticipant',
      [`post ${KEYS}`]: 'createApiKey',
      [`get ${KEYS}`]: 'listApiKeys',
      [`delete ${KEYS}/{apikey}`]: 'deleteApiKey',
      'post /v1/participant/{participant_uuid}/test-result': 'triggerTestResult',
      'get /v1/results': 'listResults',
      'get /v1/participant/{participant_uuid}/result': 'getParticipantResult',
      'post /v1/webhooks/recover': 'recoverWebhook',
      'get /v1/webhooks/endpoints': 'listWebhookEndpoints',
      'post /v1/webhooks/endpoints': 'createWebhookEndpoint',
      'get /v1/webhooks/endpoints/{endpoint_id}': 'getWebhookEndpoint',
      'patch /v1/webhooks/endpoints/{endpoint_id}': 'updateWebhookEndpoint',
      'delete /v1/webhooks/endpoints/{endpoint_id}': 'archiveWebhookEndpoint',
      'get /v1/webhooks/endpoints/{endpoint_id}/deliveries': 'listWebhookDeliveries',
      'get /v1/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}': 'getWebhookDelivery',
      'post /v1/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}/retry': 'retryWebhookDelivery',
      'post /v1/webhooks/endpoints/{endpoint_id}/test': 'sendWebhookTestEvent',
      'post /v1/webhooks/endpoints/{endpoint_id}/secret/rotate': 'rotateWebhookSecret',
      'post /v1/webhooks/endpoints/{endpoint_id}/secret/end-overlap': 'endWebhookSecretOverlap',
      'get /v1/me': 'getCallingKey',
      'post /v1/webhooks/listen': 'startWebhookListen',
      'post /v1/webhooks/listen/{session_id}/poll': 'pollWebhookListen',
      'post /v1/webhooks/listen/{session_id}/deliveries/{delivery_id}/outcome': 'reportWebhookListenOutcome',
      'delete /v1/webhooks/listen/{session_id}': 'endWebhookListen',
    });
  });

  it('gives every parameter an example', () => {
    const parameters = [
      ...documentOperations().flatMap(([, , op]) => (op.parameters ?? []) as Json[]),
      ...(doc.webhooks.result_update.post.parameters as Json[]),
    ];
    expect(parameters.length).toBeGreaterThan(10);
    for (const parameter of parameters) expect(parameter.example, parameter.name).toBeDefined();
  });

  it('describes the create/retake body as oneOf create | retake, with the vendor’s example names', () => {
    const body = doc.paths['/v1/participant'].post.requestBody.content['application/json'] as Json;
    expect(body.schema).toEqual({
      oneOf: [
        { $ref: '#/components/schemas/ParticipantCreate' },
        { $ref: '#/components/schemas/ParticipantRetake' },
      ],
    });
    const { ParticipantCreate: create, ParticipantRetake: retake } = doc.components.schemas as Json;
    expect(create.required).toEqual(['project_uuid', 'interview_ref_num']);
    expect(create.properties.participant_uuid).toBeUndefined();
    expect(retake.required).toEqual(['project_uuid', 'interview_ref_num', 'participant_uuid']);
    expect(Object.values(body.examples as Json).map((e) => e.summary as string)).toEqual([
      'Create new participant',
      'Retake questionnaire for existing participant',
    ]);
    const success = doc.paths['/v1/participant'].post.responses['200'].content['application/json'] as Json;
    expect(Object.keys(success.examples as Json).length).toBeGreaterThanOrEqual(2);
    expect(doc.components.schemas.Participant.properties.outcome_ts).toMatchObject({
      type: ['string', 'null'],
      format: 'date-time',
    });
  });

  it('describes the create-key body as oneOf {key_name, scopes} | {key_name, permissions}', () => {
    const body = doc.paths[KEYS].post.requestBody.content['application/json'] as Json;
    expect(body.schema.oneOf).toHaveLength(2);
    const [a, b] = (body.schema.oneOf as Json[]).map(
      (ref) => doc.components.schemas[String(ref.$ref).split('/').pop()!] as Json,
    );
    expect(a!.required).toEqual(['key_name', 'scopes']);
    expect(Object.keys(a!.properties as Json)).toEqual(expect.arrayContaining(['key_name', 'scopes']));
    expect(Object.keys(a!.properties as Json)).not.toContain('permissions');
    expect(b!.required).toEqual(['key_name', 'permissions']);
    expect(Object.keys(b!.properties as Json)).toEqual(expect.arrayContaining(['key_name', 'permissions']));
    expect(Object.keys(b!.properties as Json)).not.toContain('scopes');
  });

  it('describes the result webhook: unsecured POST, the Events payload, signed headers, named examples', () => {
    const post = doc.webhooks.result_update.post as Json;
    expect(post.security).toEqual([]);
    expect(post.responses['200'].description).toBe('Result received');
    expect((post.parameters as Json[]).map((p) => p.name as string)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
      'x-pais-test',
    ]);
    // The test marker is not on every delivery.
    expect((post.parameters as Json[]).map((p) => p.required as boolean)).toEqual([true, true, true, false]);
    expect(post.description).toMatch(/HMAC-SHA256/);
    const content = post.requestBody.content['application/json'] as Json;
    expect(content.schema).toEqual({ $ref: '#/components/schemas/ResultUpdate' });
    const payload = doc.components.schemas.ResultUpdate as Json;
    for (const optional of ['summary', 'summary_bgcolor', 'clear', 'timestamp'])
      expect(payload.required).not.toContain(optional);
    expect(payload.properties.status.enum).toBeUndefined();
    expect(payload.properties.status.examples).toEqual(
      expect.arrayContaining(['Result Published', 'Attempted - Incomplete', 'Attempted - Partial']),
    );
    expect(payload.properties.questions_risk_rating.items.properties.text.type).toEqual(['string', 'null']);
    expect(Object.keys(content.examples as Json)).toEqual([
      'Result Published',
      'Attempted - Incomplete',
      'Attempted - Partial',
    ]);
    expect(content.examples['Attempted - Incomplete'].value.summary).toBeUndefined();
  });
});

describe('the OpenAPI document and the error catalogue', () => {
  it('lists every status the catalogue has for each operation, 503 included', () => {
    for (const route of restRoutes(restRouter)) {
      const responses = doc.paths[route.path][route.method.toLowerCase()].responses as Json;
      const statuses = operationErrors(route.method, route.path).map(([status]) => String(status));
      expect(statuses).toContain('503');
      for (const status of statuses)
        expect(responses[status], `${route.method} ${route.path} ${status}`).toBeDefined();
    }
  });

  it('the harness check fails for an answer the document does not list', () => {
    expect(() => expectDocumented('POST', '/v1/participant', { status: 418, body: { error: 'x' } })).toThrow(
      /not in the OpenAPI document/,
    );
    expect(() =>
      expectDocumented('GET', KEYS.replace('{tenant_id}', 'a').replace('{questionnaire_id}', 'b'), {
        status: 401,
        body: { error: 'Invalid API key', status: 401 },
      }),
    ).toThrow(/undocumented fields/);
    expect(() =>
      expectDocumented('PUT', '/v1/participant/x', {
        status: 400,
        body: {
          error: 'BAD_REQUEST',
          status: 400,
          message: 'Something new',
          timestamp: '01-01-2026 00:00:00',
        },
      }),
    ).toThrow(/not documented/);
  });
});
