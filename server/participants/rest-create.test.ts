// POST /v1/participant (create and retake) through the real REST handler and database.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { env } from '@/server/platform/env';
import { deleteApiKey } from '@/server/api-keys/api-keys';
import { getParticipantGuide } from '@/server/participants/guide';
import { testActor } from '@/server/test/actor';
import { testDatabaseKinds } from '@/server/test/database';
import { SPEC_ERROR_ROWS, matchesSpecMessage, rowKey } from '../test/spec-error-rows';
import {
  expectParticipantError,
  failInsertsInto,
  restSuite,
  type RestResponse,
} from '@/server/test/rest-harness';

const PATH = '/v1/participant';

describe.each(testDatabaseKinds())('POST /v1/participant on %s', (kind) => {
  const { h, q, key } = restSuite(kind, {
    seed: { guideTexts: { English: 'Call us.', German: 'Rufen Sie uns an.' }, phoneNumber: '+1 555 0100' },
  });
  let n = 0;
  const irn = () => `IRN-${kind}-${++n}`;

  const post = (body: unknown, apiKey: string | null = key.value) =>
    h.call('POST', PATH, { key: apiKey, body });
  const createOne = async (extra: Record<string, unknown> = {}) => {
    const res = await post({ project_uuid: q.questionnaireId, interview_ref_num: irn(), ...extra });
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown> & { participant_uuid: string; interview_ref_num: string };
  };
  const tokenOf = (link: unknown) => String(link).split('/guide/')[1]!;
  /** A retake of `first` (with `extra` fields) while the database refuses every new attempt: a real 500. */
  const retakeWhileAttemptsFail = async (
    first: Awaited<ReturnType<typeof createOne>>,
    extra: Record<string, unknown> = {},
  ) => {
    const restore = await failInsertsInto(h.db, 'attempt');
    try {
      return await post({
        project_uuid: q.questionnaireId,
        interview_ref_num: first.interview_ref_num,
        participant_uuid: first.participant_uuid,
        ...extra,
      });
    } finally {
      await restore();
    }
  };

  describe('happy', () => {
    it('accepts internationalised email addresses and stores them in Unicode, composed (NFC)', async () => {
      for (const [email, stored] of [
        ['zoë@example.org', 'zoë@example.org'],
        ['asa@exämple.org', 'asa@exämple.org'],
        ['zoe\u0308@example.org', 'zoë@example.org'],
      ]) {
        const created = await createOne({ email });
        expect(created.email).toBe(stored);
        const row = await h.db.prisma.participant.findUniqueOrThrow({
          where: { id: created.participant_uuid },
        });
        expect(row.email).toBe(stored);
      }
      expectParticipantError(
        await post({ project_uuid: q.questionnaireId, interview_ref_num: irn(), email: 'zoë@exämple' }),
        400,
        'BAD_REQUEST',
        'Invalid email format',
      );
    });

    it('creates a participant and answers 200 with every field of the record', async () => {
      const ref = irn();
      const res = await post({
        project_uuid: q.questionnaireId,
        interview_ref_num: ref,
        phone_number1: '+44 20 7946 0958',
        phone_number2: '',
        external_ref_id: 'EXT-1',
        email: 'ada@example.com',
        language: 'German',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        project_uuid: q.questionnaireId,
        phone_number1: '+44 20 7946 0958',
        phone_number2: '',
        interview_ref_num: ref,
        external_ref_id: 'EXT-1',
        participant_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: 'ada@example.com',
        language: 'German',
        particpant_guide_link: expect.stringMatching(
          new RegExp(`^${env.PUBLIC_BASE_URL}/guide/[A-Za-z0-9_-]{32}$`),
        ),
        is_participant_allowed: true,
        outcome: null,
        outcome_ts: null,
      });
      expect(Object.keys(res.body)).toEqual([
        'project_uuid',
        'phone_number1',
        'phone_number2',
        'interview_ref_num',
        'external_ref_id',
        'participant_uuid',
        'email',
        'language',
        'particpant_guide_link',
        'is_participant_allowed',
        'outcome',
        'outcome_ts',
      ]);
      const stored = await h.db.prisma.participant.findUniqueOrThrow({
        where: { id: res.body.participant_uuid },
      });
      expect(stored).toMatchObject({
        irn: ref,
        questionnaireId: q.questionnaireId,
        email: 'ada@example.com',
      });
    });

    it('creates with the required fields only: optional fields read as empty strings', async () => {
      const body = await createOne();
      expect(body).toMatchObject({
        phone_number1: '',
        phone_number2: '',
        email: '',
        language: '',
        external_ref_id: '',
      });
    });

    it('treats an empty participant_uuid as a create', async () => {
      const body = await createOne({ participant_uuid: '' });
      expect(await h.db.prisma.attempt.count({ where: { participantId: body.participant_uuid } })).toBe(1);
    });

    it('accepts an upper-case project_uuid and the key with a "Bearer " prefix', async () => {
      const res = await post(
        { project_uuid: q.questionnaireId.toUpperCase(), interview_ref_num: irn() },
        `Bearer ${key.value}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.project_uuid).toBe(q.questionnaireId);
    });

    it('links to a guide page showing the questionnaire, the access code and the participant’s language', async () => {
      const body = await createOne({ language: 'german' });
      const guide = await getParticipantGuide(h.db.prisma, tokenOf(body.particpant_guide_link));
      const attempt = await h.db.prisma.attempt.findFirstOrThrow({
        where: { participantId: body.participant_uuid },
      });
      expect(guide).toEqual({
        questionnaireName: expect.any(String),
        accessCode: attempt.accessCode,
        phoneNumber: '+1 555 0100',
        instructions: 'Rufen Sie uns an.',
        instructionsLanguage: 'German',
        isCurrent: true,
      });
    });

    it('retakes: same participant, fresh access code and guide link, sent fields updated, outcome history kept', async () => {
      const first = await createOne({
        email: 'old@example.com',
        phone_number1: '+1 202 555 0111',
        language: 'English',
      });
      await h.call('PUT', `${PATH}/${first.participant_uuid}`, { key, body: { outcome: 'CALLED' } });
      const retake = await post({
        project_uuid: q.questionnaireId,
        interview_ref_num: ` ${first.interview_ref_num} `,
        participant_uuid: first.participant_uuid,
        email: 'new@example.com',
      });
      expect(retake.status).toBe(200);
      expect(retake.body).toMatchObject({
        participant_uuid: first.participant_uuid,
        interview_ref_num: first.interview_ref_num,
        email: 'new@example.com',
        phone_number1: '+1 202 555 0111',
        language: 'English',
        outcome: 'CALLED',
      });
      expect(retake.body.particpant_guide_link).not.toBe(first.particpant_guide_link);
      const attempts = await h.db.prisma.attempt.findMany({
        where: { participantId: first.participant_uuid },
        orderBy: { number: 'asc' },
      });
      expect(attempts.map((a) => a.number)).toEqual([1, 2]);
      expect(attempts[0]!.accessCode).not.toBe(attempts[1]!.accessCode);
      expect(tokenOf(retake.body.particpant_guide_link)).toBe(attempts[1]!.guideToken);
      expect(await h.db.prisma.outcomeEvent.count({ where: { participantId: first.participant_uuid } })).toBe(
        1,
      );
      const oldGuide = await getParticipantGuide(h.db.prisma, tokenOf(first.particpant_guide_link));
      expect(oldGuide?.isCurrent).toBe(false);
    });

    it('an empty string clears an optional field on retake', async () => {
      const first = await createOne({ phone_number2: '+1 202 555 0112' });
      const retake = await post({
        project_uuid: q.questionnaireId,
        interview_ref_num: first.interview_ref_num,
        participant_uuid: first.participant_uuid,
        phone_number2: '',
      });
      expect(retake.body.phone_number2).toBe('');
    });

    // So the duplicate-IRN error never reveals another questionnaire’s IRNs.
    it('the same IRN may be used in another questionnaire', async () => {
      const other = await h.seed();
      const otherKey = (await h.createKey(other.questionnaireId)).value;
      const first = await createOne();
      const res = await post(
        { project_uuid: other.questionnaireId, interview_ref_num: first.interview_ref_num },
        otherKey,
      );
      expect(res.status).toBe(200);
    });

    it('is_participant_allowed is false for a blocked phone number, however it is written', async () => {
      await h.db.prisma.blockedPhoneNumber.create({
        data: { questionnaireId: q.questionnaireId, phoneNumber: '+12025550199' },
      });
      const blocked = await createOne({ phone_number2: '(202) 555-0199' });
      expect(blocked.is_participant_allowed).toBe(false);
      const free = await createOne({ phone_number1: '+1 202 555 0198' });
      expect(free.is_participant_allowed).toBe(true);
    });

    it('is_participant_allowed turns false when a retake goes past the attempt limit', async () => {
      const limited = await h.seed({ attemptLimit: 2 });
      const limitedKey = (await h.createKey(limited.questionnaireId)).value;
      const ref = irn();
      const body = { project_uuid: limited.questionnaireId, interview_ref_num: ref };
      const first = await post(body, limitedKey);
      expect(first.body.is_participant_allowed).toBe(true);
      const retake = { ...body, participant_uuid: first.body.participant_uuid };
      expect((await post(retake, limitedKey)).body.is_participant_allowed).toBe(true);
      expect((await post(retake, limitedKey)).body.is_participant_allowed).toBe(false);
    });
  });

  describe('errors', () => {
    // One request per row of the spec's create/retake table.
    const cases: Record<string, () => Promise<RestResponse>> = {
      '400 Invalid JSON format': () => h.call('POST', PATH, { key, rawBody: '{"project_uuid": ' }),
      '400 project_uuid is required': () => post({ interview_ref_num: irn() }),
      '400 IRN cannot be empty.': () => post({ project_uuid: q.questionnaireId, interview_ref_num: '   ' }),
      '400 Invalid project_uuid format': () => post({ project_uuid: 'not-a-uuid', interview_ref_num: irn() }),
      '400 Invalid participant_uuid format': () =>
        post({ project_uuid: q.questionnaireId, interview_ref_num: irn(), participant_uuid: '1234' }),
      '400 In Retake Participant Interview Reference number can not be changed.': async () => {
        const first = await createOne();
        return post({
          project_uuid: q.questionnaireId,
          interview_ref_num: `${first.interview_ref_num}-changed`,
          participant_uuid: first.participant_uuid,
        });
      },
      '400 Invalid email format': () =>
        post({ project_uuid: q.questionnaireId, interview_ref_num: irn(), email: 'not-an-email' }),
      '400 Error: Duplicate IRN. IRN number <irn> has already been assigned to another participant.':
        async () => {
          const first = await createOne();
          const res = await post({
            project_uuid: q.questionnaireId,
            interview_ref_num: first.interview_ref_num,
          });
          expect(res.body.message).toBe(
            `Error: Duplicate IRN. IRN number ${first.interview_ref_num} has already been assigned to another participant.`,
          );
          return res;
        },
      '401 API key is required': () =>
        post({ project_uuid: q.questionnaireId, interview_ref_num: irn() }, null),
      '401 Invalid API key': () =>
        post({ project_uuid: q.questionnaireId, interview_ref_num: irn() }, 'pais_live_not-a-real-key'),
      '403 API Key not associated with this Questionnaire': async () => {
        const sibling = await h.seed({ tenantId: q.tenantId });
        return post({ project_uuid: sibling.questionnaireId, interview_ref_num: irn() });
      },
      '404 Participant not found': () =>
        post({ project_uuid: q.questionnaireId, interview_ref_num: irn(), participant_uuid: randomUUID() }),
      '404 Project not found': () => post({ project_uuid: randomUUID(), interview_ref_num: irn() }),
      '500 Failed to update participant for retake': async () => retakeWhileAttemptsFail(await createOne()),
    };
    const rows = SPEC_ERROR_ROWS.filter((row) => row.endpoint === 'create/retake');

    it('has a case for every row of the spec’s create/retake table', () => {
      expect(Object.keys(cases).sort()).toEqual(rows.map(rowKey).sort());
    });

    it.each(rows)('$status $message', async (row) => {
      const res = await cases[rowKey(row)]!();
      expect(matchesSpecMessage(row.message, res.body?.message as string)).toBe(true);
      expectParticipantError(res, row.status, row.error!, res.body.message as string);
    });

    it('a failed retake writes nothing: no new attempt, fields unchanged', async () => {
      const first = await createOne({ email: 'keep@example.com' });
      expect((await retakeWhileAttemptsFail(first, { email: 'changed@example.com' })).status).toBe(500);
      const stored = await h.db.prisma.participant.findUniqueOrThrow({
        where: { id: first.participant_uuid },
        include: { _count: { select: { attempts: true } } },
      });
      expect(stored.email).toBe('keep@example.com');
      expect(stored._count.attempts).toBe(1);
    });

    it('reports the first problem in the spec table’s order', async () => {
      const expectMessage = async (body: unknown, message: string) =>
        expectParticipantError(await post(body), 400, 'BAD_REQUEST', message);
      await expectMessage({ interview_ref_num: '', email: 'bad' }, 'project_uuid is required');
      await expectMessage({ project_uuid: 'bad', interview_ref_num: '' }, 'IRN cannot be empty.');
      await expectMessage(
        { project_uuid: 'bad', interview_ref_num: 'x', participant_uuid: 'bad' },
        'Invalid project_uuid format',
      );
      await expectMessage(
        { project_uuid: q.questionnaireId, interview_ref_num: 'x', participant_uuid: 'bad', email: 'bad' },
        'Invalid participant_uuid format',
      );
      const first = await createOne();
      await expectMessage(
        {
          project_uuid: q.questionnaireId,
          interview_ref_num: 'other',
          participant_uuid: first.participant_uuid,
          email: 'bad',
        },
        'In Retake Participant Interview Reference number can not be changed.',
      );
      await expectMessage(
        { project_uuid: q.questionnaireId, interview_ref_num: first.interview_ref_num, email: 'bad' },
        'Invalid email format',
      );
    });

    it('authenticates before validating the body, except for unparsable JSON', async () => {
      expectParticipantError(
        await post({ interview_ref_num: '' }, null),
        401,
        'UNAUTHORIZED',
        'API key is required',
      );
      expectParticipantError(
        await h.call('POST', PATH, { key: null, rawBody: '[1,' }),
        400,
        'BAD_REQUEST',
        'Invalid JSON format',
      );
    });

    it.each([
      [{ project_uuid: 42 }, 'Invalid project_uuid format'],
      [{ project_uuid: null }, 'project_uuid is required'],
      [{ project_uuid: ['x'] }, 'Invalid project_uuid format'],
      [{ interview_ref_num: 7 }, 'interview_ref_num must be a string'],
      [{ interview_ref_num: null }, 'IRN cannot be empty.'],
      [{ interview_ref_num: 'x'.repeat(256) }, 'interview_ref_num must be at most 255 characters'],
      [{ interview_ref_num: 'a\u0000b' }, 'interview_ref_num must be valid text without control characters'],
      [{ interview_ref_num: 'a\ud800b' }, 'interview_ref_num must be valid text without control characters'],
      [{ phone_number1: 12345 }, 'phone_number1 must be a string'],
      [{ phone_number2: null }, 'phone_number2 must be a string'],
      [{ email: ['a@b.c'] }, 'email must be a string'],
      [{ email: `${'a'.repeat(250)}@b.co` }, 'email must be at most 254 characters'],
      [{ language: { name: 'English' } }, 'language must be a string'],
      [{ external_ref_id: true }, 'external_ref_id must be a string'],
      [{ participant_uuid: 5 }, 'Invalid participant_uuid format'],
      [{ participant_uuid: null }, 'Invalid participant_uuid format'],
    ])('names the problem for %j', async (override, message) => {
      const res = await post({ project_uuid: q.questionnaireId, interview_ref_num: irn(), ...override });
      expectParticipantError(res, 400, 'BAD_REQUEST', message);
    });

    it.each([['[]'], ['"text"'], ['42'], ['null']])(
      'refuses the JSON body %s that is not an object',
      async (raw) => {
        expectParticipantError(
          await h.call('POST', PATH, { key, rawBody: raw }),
          400,
          'BAD_REQUEST',
          'Request body must be a JSON object',
        );
      },
    );

    it('accepts odd but valid Unicode and stores it as sent', async () => {
      // Invisible characters (a lone zero-width joiner, say) are refused: participant-identifiers.test.ts.
      const ref = `Zoë-😀-ﷺ-e\u0301-${irn()}`;
      const res = await post({
        project_uuid: q.questionnaireId,
        interview_ref_num: ref,
        language: 'Ελληνικά',
      });
      expect(res.status).toBe(200);
      expect(res.body.interview_ref_num).toBe(ref);
    });

    it('concurrent creates with one IRN: exactly one succeeds, the others get the duplicate error', async () => {
      const ref = irn();
      const results = await Promise.all(
        Array.from({ length: 6 }, () => post({ project_uuid: q.questionnaireId, interview_ref_num: ref })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const res of results.filter((r) => r.status !== 200)) {
        expectParticipantError(
          res,
          400,
          'BAD_REQUEST',
          `Error: Duplicate IRN. IRN number ${ref} has already been assigned to another participant.`,
        );
      }
      expect(await h.db.prisma.participant.count({ where: { irn: ref } })).toBe(1);
    });

    it('concurrent retakes of one participant each get their own attempt', async () => {
      const first = await createOne();
      const body = {
        project_uuid: q.questionnaireId,
        interview_ref_num: first.interview_ref_num,
        participant_uuid: first.participant_uuid,
      };
      const results = await Promise.all(Array.from({ length: 4 }, () => post(body)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const numbers = (
        await h.db.prisma.attempt.findMany({
          where: { participantId: first.participant_uuid },
          select: { number: true },
        })
      )
        .map((a) => a.number)
        .sort();
      expect(numbers).toEqual([1, 2, 3, 4, 5]);
    });
  });

  describe('security', () => {
    it('another tenant’s project is 403 (rule 5), a missing one 404, and nothing is written', async () => {
      const foreign = await h.seed();
      const unknown = await post({ project_uuid: randomUUID(), interview_ref_num: irn() });
      const existing = await post({ project_uuid: foreign.questionnaireId, interview_ref_num: irn() });
      expectParticipantError(unknown, 404, 'NOT_FOUND', 'Project not found');
      expectParticipantError(existing, 403, 'FORBIDDEN', 'API Key not associated with this Questionnaire');
      expect(
        await h.db.prisma.participant.count({ where: { questionnaireId: foreign.questionnaireId } }),
      ).toBe(0);
    });

    it('a key cannot retake a participant of another questionnaire or another tenant: 403 (rule 5)', async () => {
      const sibling = await h.seed({ tenantId: q.tenantId });
      const foreign = await h.seed();
      const siblingKey = (await h.createKey(sibling.questionnaireId)).value;
      const foreignKey = (await h.createKey(foreign.questionnaireId)).value;
      const target = await createOne();
      const retakeAs = (apiKey: string, project: string) =>
        post(
          {
            project_uuid: project,
            interview_ref_num: target.interview_ref_num,
            participant_uuid: target.participant_uuid,
          },
          apiKey,
        );
      expectParticipantError(
        await retakeAs(siblingKey, sibling.questionnaireId),
        403,
        'FORBIDDEN',
        'API Key not associated with this Questionnaire',
      );
      expectParticipantError(
        await retakeAs(foreignKey, foreign.questionnaireId),
        403,
        'FORBIDDEN',
        'API Key not associated with this Questionnaire',
      );
      expectParticipantError(
        await retakeAs(foreignKey, q.questionnaireId),
        403,
        'FORBIDDEN',
        'API Key not associated with this Questionnaire',
      );
      expect(await h.db.prisma.attempt.count({ where: { participantId: target.participant_uuid } })).toBe(1);
    });

    it('a key without participant:write is refused with 403', async () => {
      const readOnly = (await h.createKey(q.questionnaireId, ['participant:read', 'apikey:write'])).value;
      expectParticipantError(
        await post({ project_uuid: q.questionnaireId, interview_ref_num: irn() }, readOnly),
        403,
        'FORBIDDEN',
        'Invalid API key scope',
      );
    });

    it('a deleted key is refused with 401 at once', async () => {
      const doomed = await h.createKey(q.questionnaireId);
      expect(
        (await post({ project_uuid: q.questionnaireId, interview_ref_num: irn() }, doomed.value)).status,
      ).toBe(200);
      // Through the service, as every door deletes keys: it also forgets the key's cached verification.
      expect(await deleteApiKey(h.db.prisma, q.questionnaireId, doomed.id, testActor)).not.toBeNull();
      expectParticipantError(
        await post({ project_uuid: q.questionnaireId, interview_ref_num: irn() }, doomed.value),
        401,
        'UNAUTHORIZED',
        'Invalid API key',
      );
    });

    it('an error body never carries a stack trace or internal detail', async () => {
      const res = await retakeWhileAttemptsFail(await createOne());
      expect(res.text).not.toMatch(/simulated failure|at \w+ \(|prisma|stack/i);
    });
  });
});
