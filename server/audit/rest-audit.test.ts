// Every state change made through the REST door leaves an audit entry naming the key, written in the same
// transaction as the change; refused requests leave none; the source address is believed only behind a
// trusted proxy.
import { describe, expect, it } from 'vitest';
import { env } from '@/server/platform/env';
import { clientAddress } from '@/server/platform/lib/client-address';
import { testDatabaseKinds } from '@/server/test/database';
import { failInsertsInto, keysPath, restSuite } from '@/server/test/rest-harness';

describe('client address', () => {
  const headers = (xff: string) => new Headers({ 'x-forwarded-for': xff });
  it('is the first X-Forwarded-For hop only when the proxy is trusted', () => {
    expect(clientAddress(headers('203.0.113.7, 10.0.0.1'), true)).toBe('203.0.113.7');
    expect(clientAddress(headers('203.0.113.7'), false)).toBeNull();
    expect(clientAddress(new Headers(), true)).toBeNull();
  });
  it('is an IP address or nothing', () => {
    expect(clientAddress(headers('::ffff:198.51.100.4'), true)).toBe('198.51.100.4');
    expect(clientAddress(headers('2001:db8::1'), true)).toBe('2001:db8::1');
    expect(clientAddress(headers("'; DROP TABLE x; --"), true)).toBeNull();
    expect(clientAddress(headers('a'.repeat(500)), true)).toBeNull();
  });
});

describe.each(testDatabaseKinds())('audit entries of the REST door (%s)', (kind) => {
  const { h, q, key } = restSuite(kind);
  let n = 0;
  const irn = () => `AUD-${kind}-${++n}`;

  const entriesFor = (targetId: string) =>
    h.db.prisma.auditLog.findMany({ where: { targetId }, orderBy: { at: 'asc' } });

  it('create, retake, outcome and erase of a participant, each by the key, with tenant and questionnaire', async () => {
    const created = await h.call('POST', '/v1/participant', {
      key: key.value,
      body: { project_uuid: q.questionnaireId, interview_ref_num: irn(), email: 'p@example.com' },
    });
    const id = created.body.participant_uuid as string;
    await h.call('POST', '/v1/participant', {
      key: key.value,
      body: {
        project_uuid: q.questionnaireId,
        interview_ref_num: created.body.interview_ref_num,
        participant_uuid: id,
      },
    });
    await h.call('PUT', `/v1/participant/${id}`, { key: key.value, body: { outcome: 'REACHED' } });
    await h.call('DELETE', `/v1/participant/${id}`, { key: key.value });
    const entries = await entriesFor(id);
    expect(entries.map((e) => e.action)).toEqual([
      'participant.create',
      'participant.retake',
      'participant.outcome',
      'participant.erase',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorType: 'api_key',
        actorId: key.id,
        targetType: 'participant',
        tenantId: q.tenantId,
        questionnaireId: q.questionnaireId,
        sourceIp: null,
      });
    }
    expect(entries[0]!.details).toEqual({ attempt: 1, fields: ['email'] });
    expect(entries[1]!.details).toEqual({ attempt: 2, fields: [] });
    expect(entries[2]!.details).toMatchObject({ outcome: 'REACHED' });
    // The log outlives erasure, so it never holds the participant's personal data.
    expect(JSON.stringify(entries)).not.toMatch(/p@example\.com|AUD-/);
  });

  it('API key create and delete, without the key value', async () => {
    const created = await h.call('POST', keysPath(q), {
      key: key.value,
      body: { key_name: 'integration', scopes: ['participant:write'] },
    });
    expect(created.status).toBe(201);
    const newId = created.body.id as string;
    expect(
      (await h.call('DELETE', `${keysPath(q)}/${created.body.api_key}`, { key: key.value })).status,
    ).toBe(204);
    const entries = await entriesFor(newId);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['api_key.create', key.id],
      ['api_key.delete', key.id],
    ]);
    expect(entries[0]!.details).toEqual({
      name: 'integration',
      scopes: ['participant:write'],
      expiresAt: null,
    });
    expect(JSON.stringify(entries)).not.toContain(created.body.api_key);
  });

  it('refused and read-only requests leave no entry', async () => {
    const before = await h.db.prisma.auditLog.count();
    await h.call('POST', '/v1/participant', { key: key.value, body: { project_uuid: q.questionnaireId } });
    await h.call('POST', '/v1/participant', { key: 'pais_live_nope', body: {} });
    await h.call('GET', keysPath(q), { key: key.value });
    await h.call('DELETE', `${keysPath(q)}/00000000-0000-4000-8000-000000000000`, { key: key.value });
    expect(await h.db.prisma.auditLog.count()).toBe(before);
  });

  it('no change without its entry: when the entry cannot be written, nothing is created', async () => {
    const irnValue = irn();
    const restore = await failInsertsInto(h.db, 'audit_log');
    let res;
    try {
      res = await h.call('POST', '/v1/participant', {
        key: key.value,
        body: { project_uuid: q.questionnaireId, interview_ref_num: irnValue },
      });
    } finally {
      await restore();
    }
    expect(res.status).toBe(500);
    expect(await h.db.prisma.participant.count({ where: { irn: irnValue } })).toBe(0);
  });

  it('records the first X-Forwarded-For hop when TRUST_PROXY is on, and nothing otherwise', async () => {
    const send = () =>
      h.call('POST', '/v1/participant', {
        key: key.value,
        body: { project_uuid: q.questionnaireId, interview_ref_num: irn() },
        headers: { 'x-forwarded-for': '198.51.100.23, 10.0.0.2' },
      });
    const untrusted = await send();
    env.TRUST_PROXY = true;
    let trusted;
    try {
      trusted = await send();
    } finally {
      env.TRUST_PROXY = false;
    }
    const [a] = await entriesFor(untrusted.body.participant_uuid as string);
    const [b] = await entriesFor(trusted.body.participant_uuid as string);
    expect(a!.sourceIp).toBeNull();
    expect(b!.sourceIp).toBe('198.51.100.23');
  });
});
