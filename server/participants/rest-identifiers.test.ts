// Identifiers that look the same must not name two participants: POST /v1/participant refuses an IRN or an
// external reference with invisible or text-direction characters, or with Latin, Greek and Cyrillic letters
// mixed (400 in the spec's error shape, naming the field, nothing stored), and an IRN that is another's in
// compatibility forms (full-width ＩＲＮ-1 for IRN-1) is a duplicate, in the spec's own words.
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { expectParticipantError, restSuite } from '@/server/test/rest-harness';

const INVISIBLE = (field: string) =>
  `${field} must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks)`;
const MIXED = (field: string) => `${field} must not mix letters of the Latin, Greek and Cyrillic alphabets`;
const DUPLICATE = (irn: string) =>
  `Error: Duplicate IRN. IRN number ${irn} has already been assigned to another participant.`;

/** Characters that make one identifier look like another, or like nothing at all. */
const DISGUISES = {
  'zero-width space': '\u200b',
  'right-to-left override': '\u202e',
  'left-to-right isolate': '\u2066',
  'right-to-left mark': '\u200f',
  'byte-order mark': '\ufeff',
  'soft hyphen': '\u00ad',
  'zero-width joiner': '\u200d',
  'Hangul filler': '\u3164',
};

describe.each(testDatabaseKinds())('identifier look-alikes through POST /v1/participant on %s', (kind) => {
  const { h, q, key } = restSuite(kind);
  let n = 0;
  const irn = () => `IRN-${kind}-look-${++n}`;

  const post = (body: Record<string, unknown>) =>
    h.call('POST', '/v1/participant', { key, body: { project_uuid: q.questionnaireId, ...body } });
  const stored = () => h.db.prisma.participant.count({ where: { questionnaireId: q.questionnaireId } });

  it.each(Object.entries(DISGUISES))(
    'refuses an IRN with a %s, naming the field, storing nothing',
    async (_, c) => {
      const before = await stored();
      const plain = irn();
      // Inside the value: at either end, a byte-order mark is white space to JavaScript's trim, and goes with it.
      for (const disguised of [
        `${plain}${c}0`,
        `${plain.slice(0, 1)}${c}${plain.slice(1)}`,
        `IRN${c}-${n}`,
      ]) {
        const res = await post({ interview_ref_num: disguised });
        expectParticipantError(res, 400, 'BAD_REQUEST', INVISIBLE('interview_ref_num'));
      }
      expect(await stored()).toBe(before);
    },
  );

  it('refuses an external reference with an invisible or text-direction character, naming the field', async () => {
    const before = await stored();
    for (const c of Object.values(DISGUISES)) {
      const res = await post({ interview_ref_num: irn(), external_ref_id: `EXT${c}-1` });
      expectParticipantError(res, 400, 'BAD_REQUEST', INVISIBLE('external_ref_id'));
    }
    expect(await stored()).toBe(before);
  });

  it('refuses an IRN or external reference that mixes Latin with Cyrillic or Greek look-alikes', async () => {
    const before = await stored();
    // Cyrillic І (U+0406) and Greek Ο (U+039F) among Latin letters.
    expectParticipantError(
      await post({ interview_ref_num: `\u0406RN-L1-${kind}` }),
      400,
      'BAD_REQUEST',
      MIXED('interview_ref_num'),
    );
    expectParticipantError(
      await post({ interview_ref_num: irn(), external_ref_id: 'EXT-\u039f1' }),
      400,
      'BAD_REQUEST',
      MIXED('external_ref_id'),
    );
    expect(await stored()).toBe(before);
  });

  it('accepts identifiers in one alphabet, with accents, or mixing Latin with other scripts and digits', async () => {
    // Each database is the test's own: the values need no suffix to be unique.
    for (const value of ['Müller-Straße-7', 'ИРН-7', 'Ωμέγα-7', 'IRN-東京-7', 'IRN-٣-7', 'IRN 7 SPACED']) {
      const res = await post({ interview_ref_num: value, external_ref_id: value });
      expect(res.status, value).toBe(200);
      expect(res.body).toMatchObject({ interview_ref_num: value, external_ref_id: value });
    }
  });

  it('refuses a full-width IRN as a duplicate of its plain form, and the other way round, in the spec words', async () => {
    const plain = `IRN-${kind}-WIDE-1`;
    const wide = `ＩＲＮ-${kind}-ＷＩＤＥ-1`;
    expect(wide.normalize('NFKC')).toBe(plain);
    expect((await post({ interview_ref_num: plain })).status).toBe(200);
    expectParticipantError(await post({ interview_ref_num: wide }), 400, 'BAD_REQUEST', DUPLICATE(wide));

    const widthFirst = `ＩＲＮ-${kind}-ＷＩＤＥ-2`;
    const created = await post({ interview_ref_num: widthFirst });
    expect(created.status).toBe(200);
    // Stored and answered as sent: only the comparison folds compatibility forms.
    expect(created.body.interview_ref_num).toBe(widthFirst);
    expectParticipantError(
      await post({ interview_ref_num: `IRN-${kind}-WIDE-2` }),
      400,
      'BAD_REQUEST',
      DUPLICATE(`IRN-${kind}-WIDE-2`),
    );
    expect(
      await h.db.prisma.participant.count({
        where: {
          questionnaireId: q.questionnaireId,
          irn: { in: [plain, wide, widthFirst, `IRN-${kind}-WIDE-2`] },
        },
      }),
    ).toBe(2);
  });

  it('lets another questionnaire use the plain form of an IRN this one holds in full width', async () => {
    const other = await h.seed({ tenantId: q.tenantId });
    const otherKey = (await h.createKey(other.questionnaireId)).value;
    const wide = `ＩＲＮ-${kind}-ＷＩＤＥ-3`;
    expect((await post({ interview_ref_num: wide })).status).toBe(200);
    const res = await h.call('POST', '/v1/participant', {
      key: otherKey,
      body: { project_uuid: other.questionnaireId, interview_ref_num: `IRN-${kind}-WIDE-3` },
    });
    expect(res.status).toBe(200);
  });
});
