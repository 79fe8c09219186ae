// The typed client: generated from the current document (a stale copy fails here), and able to drive every
// endpoint of the real REST door on both databases, so the client and the service cannot drift apart.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRestHarness,
  documentedClient,
  type RestHarness,
  type Seeded,
} from '@/server/test/rest-harness';
import { testDatabaseKinds } from '@/server/test/database';
import { CLIENT_SCHEMA_PATH, renderClientSchema } from './generate';
import type { ServiceClient } from './index';

describe('the committed client', () => {
  it('is generated from the current OpenAPI document (else run npm run client:generate)', async () => {
    expect(await readFile(CLIENT_SCHEMA_PATH, 'utf8')).toBe(await renderClientSchema());
  });
});

describe.each(testDatabaseKinds())('the REST API through the typed client on %s', (kind) => {
  let h: RestHarness;
  let q: Seeded;
  let client: ServiceClient;
  const path = () => ({ tenant_id: q.tenantId, questionnaire_id: q.questionnaireId });

  const clientWith = (apiKey: string): ServiceClient => documentedClient(h, apiKey);

  beforeAll(async () => {
    h = await createRestHarness(kind);
    q = await h.seed();
    client = clientWith((await h.createKey(q.questionnaireId)).value);
  });
  afterAll(() => h.close());

  it('creates, retakes, records an outcome, reads and erases a participant', async () => {
    const irn = `client-${randomUUID()}`;
    const created = await client.POST('/v1/participant', {
      body: { project_uuid: q.questionnaireId, interview_ref_num: irn, email: 'p@example.org' },
    });
    expect(created.response.status).toBe(200);
    const participant = created.data!;
    expect(participant).toMatchObject({ interview_ref_num: irn, email: 'p@example.org', outcome: null });

    const retaken = await client.POST('/v1/participant', {
      body: {
        project_uuid: q.questionnaireId,
        interview_ref_num: irn,
        participant_uuid: participant.participant_uuid,
      },
    });
    expect(retaken.data?.participant_uuid).toBe(participant.participant_uuid);
    expect(retaken.data?.particpant_guide_link).not.toBe(participant.particpant_guide_link);

    const outcome = await client.PUT('/v1/participant/{participant_id}', {
      params: { path: { participant_id: participant.participant_uuid } },
      body: { outcome: 'Reviewed', outcome_ts: '2026-01-02T03:04:05+01:00' },
    });
    expect(outcome.data).toMatchObject({ outcome: 'Reviewed', outcome_ts: '2026-01-02T02:04:05Z' });

    const read = await client.GET('/v1/participant/{participant_id}', {
      params: { path: { participant_id: participant.participant_uuid } },
    });
    expect(read.data?.outcome).toBe('Reviewed');

    const erased = await client.DELETE('/v1/participant/{participant_id}', {
      params: { path: { participant_id: participant.participant_uuid } },
    });
    expect(erased.response.status).toBe(204);
    const gone = await client.GET('/v1/participant/{participant_id}', {
      params: { path: { participant_id: participant.participant_uuid } },
    });
    expect(gone.error).toMatchObject({ error: 'NOT_FOUND', status: 404, message: 'Participant not found' });
  });

  it('answers participant errors in the typed participant shape', async () => {
    const { error, response } = await client.POST('/v1/participant', {
      body: { project_uuid: 'not-a-uuid', interview_ref_num: 'x' },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({
      error: 'BAD_REQUEST',
      status: 400,
      message: 'Invalid project_uuid format',
    });
  });

  it('creates keys with either variant, lists them masked and deletes one', async () => {
    const a = await client.POST('/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys', {
      params: { path: path() },
      body: { key_name: 'variant A', scopes: ['participant:write'] },
    });
    expect(a.response.status).toBe(201);
    expect(a.data).toMatchObject({ key_name: 'variant A', scopes: ['participant:write'] });
    const b = await client.POST('/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys', {
      params: { path: path() },
      body: { key_name: 'variant B', permissions: ['participant:read'] },
    });
    expect(b.data).toMatchObject({ key_name: 'variant B', permissions: ['participant:read'] });

    const listed = await client.GET('/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys', {
      params: { path: path() },
    });
    const names = (listed.data ?? []).map((key) => key.key_name);
    expect(names).toEqual(expect.arrayContaining(['variant A', 'variant B']));
    for (const key of listed.data ?? []) expect(key.api_key).toContain('…');

    const deleted = await client.DELETE(
      '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys/{apikey}',
      { params: { path: { ...path(), apikey: a.data!.id } } },
    );
    expect(deleted.response.status).toBe(204);
    const refused = await clientWith(a.data!.api_key).POST('/v1/participant', {
      body: { project_uuid: q.questionnaireId, interview_ref_num: 'after deletion' },
    });
    expect(refused.error).toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('answers API-key errors as {error} only', async () => {
    const { error, response } = await client.DELETE(
      '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys/{apikey}',
      { params: { path: { ...path(), apikey: randomUUID() } } },
    );
    expect(response.status).toBe(404);
    expect(error).toEqual({ error: 'API key not found or Invalid tenant for this questionnaire' });
  });
});
