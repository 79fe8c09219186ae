// GET and DELETE /v1/participant/{participant_id} (beyond the published interface) through the real handler.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getParticipantGuide } from '@/server/participants/guide';
import { testDatabaseKinds } from '@/server/test/database';
import { expectParticipantError, restSuite } from '@/server/test/rest-harness';

describe.each(testDatabaseKinds())('GET and DELETE /v1/participant/{participant_id} on %s', (kind) => {
  const { h, q, key } = restSuite(kind);
  let n = 0;

  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: `RE-${kind}-${++n}`, ...extra },
    });
    expect(res.status).toBe(200);
    return res.body as Record<string, string>;
  };
  const get = (id: string, apiKey: string | null = key.value) =>
    h.call('GET', `/v1/participant/${id}`, { key: apiKey });
  const erase = (id: string, apiKey: string | null = key.value) =>
    h.call('DELETE', `/v1/participant/${id}`, { key: apiKey });

  describe('GET happy', () => {
    it('returns the participant record as create did', async () => {
      const created = await create({ email: 'x@example.com' });
      const res = await get(created.participant_uuid!);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created);
    });

    it('reflects the latest outcome', async () => {
      const created = await create();
      await h.call('PUT', `/v1/participant/${created.participant_uuid}`, {
        key,
        body: { outcome: 'DONE', outcome_ts: '2026-05-05T05:05:05+01:00' },
      });
      expect((await get(created.participant_uuid!)).body).toMatchObject({
        outcome: 'DONE',
        outcome_ts: '2026-05-05T04:05:05Z',
      });
    });
  });

  describe('GET errors', () => {
    it('400 for a participant_id that is not a UUID', async () => {
      expectParticipantError(await get('123'), 400, 'BAD_REQUEST', 'Invalid participant_id format');
    });
    it('404 for an unknown participant', async () => {
      expectParticipantError(await get(randomUUID()), 404, 'NOT_FOUND', 'Participant not found');
    });
    it('401 without a key and with an unknown key', async () => {
      expectParticipantError(await get(randomUUID(), null), 401, 'UNAUTHORIZED', 'API key is required');
      expectParticipantError(await get(randomUUID(), 'nope'), 401, 'UNAUTHORIZED', 'Invalid API key');
    });
  });

  describe('GET security', () => {
    it('needs participant:read', async () => {
      const writer = (await h.createKey(q.questionnaireId, ['participant:write'])).value;
      const created = await create();
      expectParticipantError(
        await get(created.participant_uuid!, writer),
        403,
        'FORBIDDEN',
        'Invalid API key scope',
      );
    });

    it('403 from another questionnaire of the tenant and from another tenant alike (rule 5)', async () => {
      const created = await create();
      const sibling = await h.seed({ tenantId: q.tenantId });
      const foreign = await h.seed();
      expectParticipantError(
        await get(created.participant_uuid!, (await h.createKey(sibling.questionnaireId)).value),
        403,
        'FORBIDDEN',
        'API Key not associated with this Questionnaire',
      );
      const foreignRes = await get(
        created.participant_uuid!,
        (await h.createKey(foreign.questionnaireId)).value,
      );
      expectParticipantError(foreignRes, 403, 'FORBIDDEN', 'API Key not associated with this Questionnaire');
      expect(foreignRes.text).not.toContain(created.interview_ref_num);
    });
  });

  describe('DELETE happy', () => {
    it('erases personal data, keeps an anonymised tombstone and frees the IRN: 204 with no body', async () => {
      const created = await create({
        email: 'erase-me@example.com',
        phone_number1: '+1 202 555 0100',
        phone_number2: '+1 202 555 0101',
        external_ref_id: 'EXT-ERASE',
        language: 'German',
      });
      const id = created.participant_uuid!;
      await h.call('PUT', `/v1/participant/${id}`, { key, body: { outcome: 'DONE' } });
      const attempt = await h.db.prisma.attempt.findFirstOrThrow({ where: { participantId: id } });
      await h.db.prisma.result.create({
        data: {
          participantId: id,
          attemptId: attempt.id,
          status: 'Result Published',
          overallEvaluation: 'LR',
          questionsRiskRating: [],
          isAdmission: false,
          isCounterMeasure: false,
          isNotComplete: false,
        },
      });
      const webhook = await h.db.prisma.webhookEndpoint.create({
        data: {
          questionnaireId: q.questionnaireId,
          url: 'https://127.0.0.1/hook',
          secretEncrypted: 'x',
        },
      });
      const delivery = await h.db.prisma.webhookDelivery.create({
        data: {
          messageId: `msg_${randomUUID()}`,
          webhookId: webhook.id,
          participantId: id,
          eventType: 'result.updated',
          payload: {
            interview_ref_num: created.interview_ref_num,
            access_code: attempt.accessCode,
            status: 'x',
          },
        },
      });

      const res = await erase(id);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');

      const tombstone = await h.db.prisma.participant.findUniqueOrThrow({ where: { id } });
      expect(tombstone).toMatchObject({
        phoneNumber1: null,
        phoneNumber2: null,
        email: null,
        externalRefId: null,
        language: null,
        erasedAt: expect.any(Date),
      });
      expect(tombstone.irn).not.toContain(created.interview_ref_num!);
      const attempts = await h.db.prisma.attempt.findMany({ where: { participantId: id } });
      expect(
        attempts.every((a) => a.accessCode !== attempt.accessCode && a.guideToken !== attempt.guideToken),
      ).toBe(true);
      expect(await getParticipantGuide(h.db.prisma, attempt.guideToken)).toBeNull();
      expect(await h.db.prisma.result.count({ where: { participantId: id } })).toBe(1);
      const scrubbed = await h.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
      expect(JSON.stringify(scrubbed.payload)).not.toContain(created.interview_ref_num!);
      expect(JSON.stringify(scrubbed.payload)).not.toContain(attempt.accessCode);
      expect(scrubbed.status).toBe('cancelled');

      expectParticipantError(await get(id), 404, 'NOT_FOUND', 'Participant not found');
      const reused = await h.call('POST', '/v1/participant', {
        key,
        body: { project_uuid: q.questionnaireId, interview_ref_num: created.interview_ref_num },
      });
      expect(reused.status).toBe(200);
      expect(reused.body.participant_uuid).not.toBe(id);
    });
  });

  describe('DELETE errors', () => {
    it('400 for a participant_id that is not a UUID', async () => {
      expectParticipantError(await erase('x'), 400, 'BAD_REQUEST', 'Invalid participant_id format');
    });
    it('404 for an unknown participant, and for one already erased', async () => {
      expectParticipantError(await erase(randomUUID()), 404, 'NOT_FOUND', 'Participant not found');
      const created = await create();
      expect((await erase(created.participant_uuid!)).status).toBe(204);
      expectParticipantError(
        await erase(created.participant_uuid!),
        404,
        'NOT_FOUND',
        'Participant not found',
      );
    });
    it('401 without a key', async () => {
      expectParticipantError(await erase(randomUUID(), null), 401, 'UNAUTHORIZED', 'API key is required');
    });
  });

  describe('DELETE security', () => {
    it('needs participant:delete', async () => {
      const noDelete = (await h.createKey(q.questionnaireId, ['participant:read', 'participant:write']))
        .value;
      const created = await create();
      expectParticipantError(
        await erase(created.participant_uuid!, noDelete),
        403,
        'FORBIDDEN',
        'Invalid API key scope',
      );
      expect((await get(created.participant_uuid!)).status).toBe(200);
    });

    it('a key of another tenant cannot erase: 403 (rule 5), nothing changes', async () => {
      const created = await create({ email: 'keep@example.com' });
      const foreign = await h.seed();
      const res = await erase(created.participant_uuid!, (await h.createKey(foreign.questionnaireId)).value);
      expectParticipantError(res, 403, 'FORBIDDEN', 'API Key not associated with this Questionnaire');
      expect(res.text).not.toContain('keep@example.com');
      const stored = await h.db.prisma.participant.findUniqueOrThrow({
        where: { id: created.participant_uuid! },
      });
      expect(stored).toMatchObject({ email: 'keep@example.com', erasedAt: null });
    });
  });
});
