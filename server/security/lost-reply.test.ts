// Finding 7 of the security probe (issue 11): a client whose reply to a create was lost (a crash, a dropped
// connection) had no way to learn the participant's id: retrying gave 409, then 400 Duplicate IRN. The lookup
// by IRN (our extension) answers it, within the key's own questionnaire only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import {
  createRestHarness,
  expectParticipantError,
  type RestHarness,
  type Seeded,
} from '@/server/rest/test-harness';

describe.each(testDatabaseKinds())('GET /v1/participant?interview_ref_num=… (%s)', (kind) => {
  let h: RestHarness;
  let q: Seeded;
  let sibling: Seeded;
  let writer: string;
  let reader: string;

  beforeAll(async () => {
    h = await createRestHarness(kind);
    q = await h.seed();
    sibling = await h.seed({ tenantId: q.tenantId });
    writer = (await h.createKey(q.questionnaireId, ['participant:write'])).value;
    reader = (await h.createKey(q.questionnaireId, ['participant:read'])).value;
  });
  afterAll(() => h.close());

  const find = (irn: string | null, key = reader) =>
    h.call('GET', `/v1/participant${irn === null ? '' : `?interview_ref_num=${encodeURIComponent(irn)}`}`, {
      key,
    });

  it('a retry that meets "Duplicate IRN" can learn the participant the lost reply described', async () => {
    const body = { project_uuid: q.questionnaireId, interview_ref_num: 'LOST 1/2', email: 'a@example.com' };
    const created = await h.call('POST', '/v1/participant', { key: writer, body });
    expect(created.status).toBe(200);
    const retried = await h.call('POST', '/v1/participant', { key: writer, body });
    expect(retried.status).toBe(400);
    const found = await find('LOST 1/2');
    expect(found.status).toBe(200);
    expect(found.body).toEqual(created.body);
  });

  it('404 for an IRN the key’s questionnaire does not have, even when another questionnaire has it', async () => {
    const siblingWriter = (await h.createKey(sibling.questionnaireId, ['participant:write'])).value;
    await h.call('POST', '/v1/participant', {
      key: siblingWriter,
      body: { project_uuid: sibling.questionnaireId, interview_ref_num: 'SIBLING-1' },
    });
    expectParticipantError(await find('SIBLING-1'), 404, 'NOT_FOUND', 'Participant not found');
    expectParticipantError(await find('NOBODY'), 404, 'NOT_FOUND', 'Participant not found');
  });

  it('needs participant:read, and an IRN', async () => {
    expectParticipantError(await find('LOST 1/2', writer), 403, 'FORBIDDEN', 'Invalid API key scope');
    expectParticipantError(await find(null), 400, 'BAD_REQUEST', 'IRN cannot be empty.');
    expectParticipantError(await find('  '), 400, 'BAD_REQUEST', 'IRN cannot be empty.');
  });
});
