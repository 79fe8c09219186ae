// PUT /v1/participant/{participant_id} (outcome tracking) through the real REST handler and database.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { SPEC_ERROR_ROWS, matchesSpecMessage, rowKey } from '../test/spec-error-rows';
import {
  expectParticipantError,
  failInsertsInto,
  restSuite,
  type RestResponse,
} from '@/server/test/rest-harness';

describe.each(testDatabaseKinds())('PUT /v1/participant/{participant_id} on %s', (kind) => {
  const { h, q, key } = restSuite(kind);
  let n = 0;

  const newParticipant = async (seeded = q, apiKey = key.value) => {
    const res = await h.call('POST', '/v1/participant', {
      key: apiKey,
      body: { project_uuid: seeded.questionnaireId, interview_ref_num: `OUT-${kind}-${++n}` },
    });
    expect(res.status).toBe(200);
    return res.body.participant_uuid as string;
  };
  const put = (id: string, body: unknown, apiKey: string | null = key.value) =>
    h.call('PUT', `/v1/participant/${id}`, { key: apiKey, body });

  describe('happy', () => {
    it('sets the outcome; outcome_ts defaults to the current UTC time', async () => {
      const id = await newParticipant();
      const before = Date.now();
      const res = await put(id, { outcome: 'COMPLETED' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ participant_uuid: id, outcome: 'COMPLETED' });
      expect(res.body.outcome_ts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
      const ts = Date.parse(res.body.outcome_ts as string);
      expect(ts).toBeGreaterThanOrEqual(before - 1000);
      expect(ts).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it.each([
      ['2026-03-01T10:00:00Z', '2026-03-01T10:00:00Z'],
      ['2026-03-01T10:00:00+05:30', '2026-03-01T04:30:00Z'],
      ['2026-03-01T22:15:00-08:00', '2026-03-02T06:15:00Z'],
      ['2026-03-01t10:00:00.250+01:00', '2026-03-01T09:00:00.250Z'],
      ['2026-03-01 10:00:00z', '2026-03-01T10:00:00Z'],
    ])('accepts outcome_ts %s and returns it in UTC as %s', async (sent, returned) => {
      const id = await newParticipant();
      const res = await put(id, { outcome: 'SCHEDULED', outcome_ts: sent });
      expect(res.status).toBe(200);
      expect(res.body.outcome_ts).toBe(returned);
    });

    it('an empty outcome_ts means "now"', async () => {
      const id = await newParticipant();
      const res = await put(id, { outcome: 'X', outcome_ts: '' });
      expect(res.status).toBe(200);
      expect(Math.abs(Date.parse(res.body.outcome_ts as string) - Date.now())).toBeLessThan(5000);
    });

    it('keeps every outcome in the history and shows the latest', async () => {
      const id = await newParticipant();
      await put(id, { outcome: 'NO_ANSWER', outcome_ts: '2026-01-01T09:00:00Z' });
      const res = await put(id, { outcome: 'COMPLETED', outcome_ts: '2026-01-02T09:00:00Z' });
      expect(res.body).toMatchObject({ outcome: 'COMPLETED', outcome_ts: '2026-01-02T09:00:00Z' });
      const history = await h.db.prisma.outcomeEvent.findMany({
        where: { participantId: id },
        orderBy: { outcomeTs: 'asc' },
      });
      expect(history.map((e) => [e.outcome, e.apiKeyId])).toEqual([
        ['NO_ANSWER', key.id],
        ['COMPLETED', key.id],
      ]);
    });

    it('accepts an upper-case participant_id', async () => {
      const id = await newParticipant();
      expect((await put(id.toUpperCase(), { outcome: 'X' })).status).toBe(200);
    });
  });

  describe('errors', () => {
    const cases: Record<string, () => Promise<RestResponse>> = {
      '400 Invalid JSON format': async () =>
        h.call('PUT', `/v1/participant/${await newParticipant()}`, {
          key: key.value,
          rawBody: '{"outcome":',
        }),
      '400 Invalid participant_id format': () => put('not-a-uuid', { outcome: 'X' }),
      '400 Invalid outcome_ts format. Use RFC3339 format (e.g., <timestamp>)': async () =>
        put(await newParticipant(), { outcome: 'X', outcome_ts: '2026-13-01T10:00:00Z' }),
      '400 Failed to update outcome tracking': async () => {
        const id = await newParticipant();
        const restore = await failInsertsInto(h.db, 'outcome_event');
        try {
          return await put(id, { outcome: 'X' });
        } finally {
          await restore();
        }
      },
      '401 API key is required': async () => put(await newParticipant(), { outcome: 'X' }, null),
      '401 Invalid API key': async () => put(await newParticipant(), { outcome: 'X' }, 'wrong-key'),
      '403 API Key not associated with this Questionnaire': async () => {
        const sibling = await h.seed({ tenantId: q.tenantId });
        const id = await newParticipant(sibling, (await h.createKey(sibling.questionnaireId)).value);
        return put(id, { outcome: 'X' });
      },
      '404 Participant not found': () => put(randomUUID(), { outcome: 'X' }),
      '404 Questionnaire not found': async () => {
        // The questionnaire disappears while its key's request is on the way (its rows are left behind,
        // as if the cascade had not reached them yet).
        const doomed = await h.seed();
        const doomedKey = (await h.createKey(doomed.questionnaireId)).value;
        const id = await newParticipant(doomed, doomedKey);
        await h.db.prisma.$transaction([
          h.db.prisma.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`),
          h.db.prisma.$executeRawUnsafe(`DELETE FROM questionnaire WHERE id = '${doomed.questionnaireId}'`),
        ]);
        return put(id, { outcome: 'X' }, doomedKey);
      },
    };
    const rows = SPEC_ERROR_ROWS.filter((row) => row.endpoint === 'outcome update');

    it('has a case for every row of the spec’s outcome-update table', () => {
      expect(Object.keys(cases).sort()).toEqual(rows.map(rowKey).sort());
    });

    it.each(rows)('$status $message', async (row) => {
      const res = await cases[rowKey(row)]!();
      expect(matchesSpecMessage(row.message, res.body?.message as string)).toBe(true);
      expectParticipantError(res, row.status, row.error!, res.body.message as string);
    });

    it('a failed outcome update writes nothing', async () => {
      const id = await newParticipant();
      await put(id, { outcome: 'FIRST', outcome_ts: '2026-01-01T00:00:00Z' });
      const restore = await failInsertsInto(h.db, 'outcome_event');
      try {
        expect((await put(id, { outcome: 'SECOND' })).status).toBe(400);
      } finally {
        await restore();
      }
      const stored = await h.db.prisma.participant.findUniqueOrThrow({ where: { id } });
      expect(stored.outcome).toBe('FIRST');
    });

    it.each([
      [{}, 'outcome is required'],
      [{ outcome: '  ' }, 'outcome is required'],
      [{ outcome: null }, 'outcome is required'],
      [{ outcome: 7 }, 'outcome must be a string'],
      [{ outcome: ['A'] }, 'outcome must be a string'],
      [{ outcome: 'x'.repeat(256) }, 'outcome must be at most 255 characters'],
      [
        { outcome: 'A', outcome_ts: 1700000000 },
        'Invalid outcome_ts format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z)',
      ],
      [
        { outcome: 'A', outcome_ts: null },
        'Invalid outcome_ts format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z)',
      ],
      [
        { outcome: 'A', outcome_ts: '2026-03-01' },
        'Invalid outcome_ts format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z)',
      ],
      [
        { outcome: 'A', outcome_ts: '2026-02-30T10:00:00Z' },
        'Invalid outcome_ts format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z)',
      ],
      [
        { outcome_ts: 'yesterday' },
        'Invalid outcome_ts format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z)',
      ],
    ])('names the problem for %j', async (body, message) => {
      expectParticipantError(await put(await newParticipant(), body), 400, 'BAD_REQUEST', message);
    });

    it('reports an invalid participant_id before an invalid outcome_ts', async () => {
      expectParticipantError(
        await put('nope', { outcome_ts: 'nope' }),
        400,
        'BAD_REQUEST',
        'Invalid participant_id format',
      );
    });

    it('authenticates before validating the body', async () => {
      expectParticipantError(await put('nope', {}, null), 401, 'UNAUTHORIZED', 'API key is required');
    });
  });

  describe('security', () => {
    it('a key of another tenant gets 403 (rule 5) and the participant is untouched', async () => {
      const foreign = await h.seed();
      const foreignKey = (await h.createKey(foreign.questionnaireId)).value;
      const id = await newParticipant();
      expectParticipantError(
        await put(id, { outcome: 'HIJACK' }, foreignKey),
        403,
        'FORBIDDEN',
        'API Key not associated with this Questionnaire',
      );
      expect((await h.db.prisma.participant.findUniqueOrThrow({ where: { id } })).outcome).toBeNull();
    });

    it('a key without participant:write is refused with 403', async () => {
      const readOnly = (await h.createKey(q.questionnaireId, ['participant:read', 'participant:delete']))
        .value;
      expectParticipantError(
        await put(await newParticipant(), { outcome: 'X' }, readOnly),
        403,
        'FORBIDDEN',
        'Invalid API key scope',
      );
    });

    it('a deleted key is refused with 401', async () => {
      const doomed = await h.createKey(q.questionnaireId);
      const id = await newParticipant();
      await h.db.prisma.apiKey.update({ where: { id: doomed.id }, data: { deletedAt: new Date() } });
      expectParticipantError(
        await put(id, { outcome: 'X' }, doomed.value),
        401,
        'UNAUTHORIZED',
        'Invalid API key',
      );
    });

    it('an erased participant is not found', async () => {
      const id = await newParticipant();
      expect((await h.call('DELETE', `/v1/participant/${id}`, { key: key.value })).status).toBe(204);
      expectParticipantError(await put(id, { outcome: 'X' }), 404, 'NOT_FOUND', 'Participant not found');
    });
  });
});
