// The phone fields take phone-number text only, never any text such as markup (which would reach every place
// that shows them); what is accepted is stored exactly as sent.
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
  ])('refuses %s %j with a 400 naming the field, writing nothing', async (field, value) => {
    const before = await rowCounts(h.db.prisma);
    expectParticipantError(
      await create({ [field]: value }),
      400,
      'BAD_REQUEST',
      `${field} must be a phone number: digits, spaces and + ( ) - . / only, optionally an extension`,
    );
    expect(await rowCounts(h.db.prisma)).toEqual(before);
  });

  it.each([
    '+44 20 7946 0958',
    '(202) 555-0199',
    '202.555.0143',
    '+1 202 555 0143 ext. 12',
    '0044/20/79460958',
  ])('accepts %j and keeps it as sent', async (value) => {
    const res = await create({ phone_number1: value, phone_number2: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone_number1: value, phone_number2: '' });
  });
});
