// A key with `apikey:write` may grant only scopes it holds itself: it must not mint a key with scopes it does
// not hold (e.g. participant:delete) and so use them.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { rowCounts } from '@/server/test/row-counts';
import { expectApiKeyError, keysPath, restSuite } from '@/server/test/rest-harness';

const FORBIDDEN = 'You are not authorized to perform this operation';

describe.each(testDatabaseKinds())('a key grants only scopes it holds (%s)', (kind) => {
  const { h, q, key: writer } = restSuite(kind, { scopes: ['participant:write'] });
  let participantId: string;

  beforeAll(async () => {
    const created = await h.call('POST', '/v1/participant', {
      key: writer.value,
      body: { project_uuid: q.questionnaireId, interview_ref_num: 'SCOPE-1' },
    });
    participantId = created.body.participant_uuid as string;
  });

  it('apikey:write alone cannot mint participant:read/delete, and the participant is not erased', async () => {
    const keyWriter = await h.createKey(q.questionnaireId, ['apikey:write']);
    const before = await rowCounts(h.db.prisma);
    for (const body of [
      { key_name: 'x', permissions: ['participant:read', 'participant:delete'] },
      { key_name: 'x', scopes: ['apikey:delete'] },
      { key_name: 'x', permissions: ['apikey:write', 'participant:write'] },
    ])
      expectApiKeyError(await h.call('POST', keysPath(q), { key: keyWriter.value, body }), 403, FORBIDDEN);
    expect(await rowCounts(h.db.prisma)).toEqual(before);
    // The escalation (mint a key with participant:delete, then delete) ends here: the participant is still there.
    const reader = await h.createKey(q.questionnaireId, ['participant:read']);
    expect((await h.call('GET', `/v1/participant/${participantId}`, { key: reader.value })).status).toBe(200);
  });

  it('a key may grant any subset of its own scopes', async () => {
    const keyWriter = await h.createKey(q.questionnaireId, ['apikey:write', 'participant:read']);
    const res = await h.call('POST', keysPath(q), {
      key: keyWriter.value,
      body: { key_name: 'reader', permissions: ['participant:read'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.permissions).toEqual(['participant:read']);
    const again = await h.call('POST', keysPath(q), {
      key: keyWriter.value,
      body: { key_name: 'both', permissions: ['participant:read', 'apikey:write'] },
    });
    expect(again.status).toBe(201);
  });
});
