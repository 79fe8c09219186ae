// A client whose reply to a create was lost (a crash, a dropped connection) can still learn the participant's
// id: a retry with the same Idempotency-Key replays the committed answer, and a retry that meets 400 Duplicate
// IRN can look the participant up by IRN (our extension), within the key's own questionnaire only.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { idempotencyRequestHash } from '@/server/api-keys/idempotency';
import { expectParticipantError, useRestHarness, type Seeded } from '@/server/test/rest-harness';

describe.each(testDatabaseKinds())('GET /v1/participant?interview_ref_num=… (%s)', (kind) => {
  const h = useRestHarness(kind);
  let q: Seeded;
  let sibling: Seeded;
  let writer: string;
  let reader: string;

  beforeAll(async () => {
    q = await h.seed();
    sibling = await h.seed({ tenantId: q.tenantId });
    writer = (await h.createKey(q.questionnaireId, ['participant:write'])).value;
    reader = (await h.createKey(q.questionnaireId, ['participant:read'])).value;
  });

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

describe.each(testDatabaseKinds())('a reply lost after the write committed (%s)', (kind) => {
  const h = useRestHarness(kind);
  let q: Seeded;
  let writer: string;

  beforeAll(async () => {
    q = await h.seed();
    writer = (await h.createKey(q.questionnaireId, ['participant:write'])).value;
  });

  const create = (irn: string, idempotencyKey: string) =>
    h.call('POST', '/v1/participant', {
      key: writer,
      body: { project_uuid: q.questionnaireId, interview_ref_num: irn },
      headers: { 'idempotency-key': idempotencyKey },
    });
  /** The instance's lease ran out: it died long ago. */
  const ageRecords = () =>
    h.db.prisma.$executeRawUnsafe(
      `UPDATE idempotency_record SET created_at = created_at - interval '2 minutes'`,
    );

  it('a retry with the same Idempotency-Key replays the committed answer, at once and after the lease', async () => {
    // The process "dies" after the write committed but before it stored the reply: storing it fails.
    await h.db.prisma.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION test_fail_done() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END; $$ LANGUAGE plpgsql`);
    await h.db.prisma.$executeRawUnsafe(`
      CREATE TRIGGER test_fail_done BEFORE UPDATE ON idempotency_record
      FOR EACH ROW WHEN (NEW.state = 'done') EXECUTE FUNCTION test_fail_done()`);
    const lost = await create('CRASH-1', 'retry-me');
    expect(lost.status).toBeGreaterThanOrEqual(500);
    await h.db.prisma.$executeRawUnsafe(`DROP TRIGGER test_fail_done ON idempotency_record`);
    expect(await h.db.prisma.participant.count({ where: { irn: 'CRASH-1' } })).toBe(1);

    const replayed = await create('CRASH-1', 'retry-me');
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const stored = await h.db.prisma.participant.findFirstOrThrow({ where: { irn: 'CRASH-1' } });
    expect(replayed.body).toMatchObject({ participant_uuid: stored.id, interview_ref_num: 'CRASH-1' });

    await ageRecords();
    const later = await create('CRASH-1', 'retry-me');
    expect({ status: later.status, body: later.body }).toEqual({ status: 200, body: replayed.body });
  });

  it('a key left "in progress" by a process that died before writing is released after its lease', async () => {
    const body = { project_uuid: q.questionnaireId, interview_ref_num: 'DIED-1' };
    const hash = idempotencyRequestHash('POST', '/v1/participant', body);
    await h.db.prisma.$executeRaw`
      INSERT INTO idempotency_record (api_key_id, key, request_hash, state, created_at, expires_at)
      SELECT id, 'died-before-write', ${hash}, 'in_progress', now(), now() + interval '1 day'
      FROM api_key WHERE deleted_at IS NULL`;
    const send = () =>
      h.call('POST', '/v1/participant', {
        key: writer,
        body,
        headers: { 'idempotency-key': 'died-before-write' },
      });
    await ageRecords();
    const res = await send();
    expect(res.status).toBe(200);
    expect(res.body.interview_ref_num).toBe('DIED-1');
    expect((await send()).headers.get('idempotent-replayed')).toBe('true');
  });
});
