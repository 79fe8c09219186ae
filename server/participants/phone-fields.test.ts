// The phone fields take phone numbers only (phone.ts, the rule every door applies), never any text such as
// markup (which would reach every place that shows them), nor numbers that could never match a call: a number
// with + is stored exactly as sent; one without is read in the deployment's country (REGION=us here) and
// stored in E.164.
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { rowCounts } from '@/server/test/row-counts';
import { expectParticipantError, restSuite } from '@/server/test/rest-harness';

describe.each(testDatabaseKinds())('participant phone fields (%s)', (kind) => {
  const { h, q, key } = restSuite(kind);
  let n = 0;

  const create = (fields: Record<string, string>) =>
    h.call('POST', '/v1/participant', {
      key,
      body: { project_uuid: q.questionnaireId, interview_ref_num: `PHONE-${++n}`, ...fields },
    });

  it.each([
    ['phone_number1', '‹iframe src=x›'],
    ['phone_number1', '<iframe src="https://evil.example"></iframe>'],
    ['phone_number2', '+1 202 555 0143<script>alert(1)</script>'],
    ['phone_number2', 'call me maybe'],
    ['phone_number1', '=1+2'],
    ['phone_number1', '++'],
    // Phone-number text, but no phone number: too short, an unknown country code, a foreign national number.
    ['phone_number1', '12345'],
    ['phone_number1', '+1 555'],
    ['phone_number2', '+999 1234'],
    ['phone_number1', '0201234567'],
    // 00 is not how the US dials abroad (011 is): in a US deployment 0044… is no UK number.
    ['phone_number1', '0044 20 7946 0958'],
  ])('refuses %s %j with a 400 naming the field, writing nothing', async (field, value) => {
    const before = await rowCounts(h.db.prisma);
    expectParticipantError(
      await create({ [field]: value }),
      400,
      'BAD_REQUEST',
      `${field} is not a phone number we can read. Include the country code, e.g. +44 20 7946 0958.`,
    );
    expect(await rowCounts(h.db.prisma)).toEqual(before);
  });

  it.each([
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['+1 202 555 0143 ext. 12', '+1 202 555 0143 ext. 12'],
    ['(202) 555-0199', '+12025550199'],
    ['202.555.0143', '+12025550143'],
    ['202-555-0143 x7', '+12025550143 ext. 7'],
    ['011 44 20 7946 0958', '+442079460958'],
  ])('accepts %j and stores it as %j', async (value, stored) => {
    const res = await create({ phone_number1: value, phone_number2: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone_number1: stored, phone_number2: '' });
    const row = await h.db.prisma.participant.findUniqueOrThrow({
      where: { id: (res.body as { participant_uuid: string }).participant_uuid },
    });
    expect(row.phoneNumber1).toBe(stored);
  });

  // A number stored before this rule (or written by hand) that it cannot read: a retake that does not send the
  // field keeps it as it is; one that sends it again gets the field's message. Never a 500.
  it('a retake of a participant whose stored number cannot be read: kept if not sent, refused if sent', async () => {
    const created = await create({ phone_number1: '(202) 555-0143' });
    const participant = created.body as { participant_uuid: string; interview_ref_num: string };
    await h.db.prisma.participant.update({
      where: { id: participant.participant_uuid },
      data: { phoneNumber1: 'call me maybe' },
    });
    const retake = (fields: Record<string, string>) =>
      h.call('POST', '/v1/participant', {
        key,
        body: {
          project_uuid: q.questionnaireId,
          participant_uuid: participant.participant_uuid,
          interview_ref_num: participant.interview_ref_num,
          ...fields,
        },
      });

    const kept = await retake({ language: 'English' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ phone_number1: 'call me maybe', language: 'English' });

    const before = await rowCounts(h.db.prisma);
    expectParticipantError(
      await retake({ phone_number1: 'call me maybe' }),
      400,
      'BAD_REQUEST',
      'phone_number1 is not a phone number we can read. Include the country code, e.g. +44 20 7946 0958.',
    );
    expect(await rowCounts(h.db.prisma)).toEqual(before);
  });
});
