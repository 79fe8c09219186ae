import { describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { createTenant } from '../questionnaires/tenants';
import { createQuestionnaire } from '../questionnaires/questionnaires';
import { createParticipant } from './participants';
import { blockNumber } from '../blocked-numbers/blocked-numbers';
import { csvField, filterFromQuery, participantsCsvStream } from './export';
import { testActor } from '@/server/test/actor';

describe('CSV fields', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas, but leaves phone numbers alone', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3+cmd|x')).toBe("'-2+3+cmd|x");
    expect(csvField('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(csvField(null)).toBe('');
    expect(csvField(false)).toBe('false');
  });

  it('reads the table filter from the page address, falling back to defaults on nonsense', () => {
    expect(
      filterFromQuery(new URLSearchParams('q=ab&field=email&allowed=disallowed&sort=irn:asc')),
    ).toMatchObject({
      search: 'ab',
      searchField: 'email',
      allowed: 'disallowed',
      sort: 'irn',
      direction: 'asc',
    });
    expect(filterFromQuery(new URLSearchParams('field=password&sort=drop:table'))).toMatchObject({
      search: '',
      searchField: 'any',
      sort: 'createdAt',
      direction: 'desc',
    });
  });
});

describe('CSV fields: formulas behind a separator, full-width or led by spaces', () => {
  it.each([
    ["x;=cmd|' /C calc'!A0", `"x;'=cmd|' /C calc'!A0"`],
    ['x,=1+1', `"x,'=1+1"`],
    ['x\t@SUM(A1)', `"x\t'@SUM(A1)"`],
    ['a;-2+3+cmd|x', `"a;'-2+3+cmd|x"`],
    ['a;+cmd', `"a;'+cmd"`],
    ['\t=1', `"'\t'=1"`],
    ['plain;text', '"plain;text"'],
    ['tab\there', '"tab\there"'],
    ['call +44 20 7946 0958;+1 202 555 0143', '"call +44 20 7946 0958;+1 202 555 0143"'],
    // Full-width signs and formulas led by spaces: spreadsheets read them as formulas too.
    ['\uff1dcmd|x!A0', "'\uff1dcmd|x!A0"],
    ['\uff0bcmd|x', "'\uff0bcmd|x"],
    ['\uff0d1+cmd|x', "'\uff0d1+cmd|x"],
    ['\uff20SUM(A1)', "'\uff20SUM(A1)"],
    [' =1+1', "' =1+1"],
    ['\u3000\uff1d1+1', "'\u3000\uff1d1+1"],
    ['x; =cmd|x', `"x;' =cmd|x"`],
    ['x;  @SUM(A1)', `"x;'  @SUM(A1)"`],
    ['x,\uff1d1+1', `"x,'\uff1d1+1"`],
    ['x;\t\uff0bcmd', `"x;\t'\uff0bcmd"`],
    // Numbers stay as they are, after a space too.
    ['x; -5', '"x; -5"'],
    [' +44 20 7946 0958', ' +44 20 7946 0958'],
  ])('%j is written as %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });
});

describe.each(testDatabaseKinds())('CSV export (%s)', (kind) => {
  const db = useTestDatabase(kind);

  it('streams a header and every matching participant with its allowed state', async () => {
    const tenant = await createTenant(db.prisma, { name: 'Export' }, testActor);
    const q = await createQuestionnaire(db.prisma, { tenantId: tenant.id, name: 'Export' }, testActor);
    const scope = { questionnaireId: q.id, tenantId: tenant.id };
    await blockNumber(db.prisma, q.id, '+1 415 555 0100', testActor, 'US');
    await createParticipant(
      db.prisma,
      scope,
      { projectId: q.id, irn: 'E-1', phoneNumber1: '+14155550100' },
      { actor: testActor },
    );
    await createParticipant(
      db.prisma,
      scope,
      {
        projectId: q.id,
        irn: 'E-2',
        externalRefId: 'ref,with "quote"',
      },
      { actor: testActor },
    );
    await createParticipant(db.prisma, scope, { projectId: q.id, irn: 'OTHER' }, { actor: testActor });
    const stream = participantsCsvStream(
      db.prisma,
      q.id,
      filterFromQuery(new URLSearchParams('q=e-&sort=irn:asc')),
      'US',
    );
    const text = await new Response(stream).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'participant_uuid,interview_ref_num,external_ref_id,email,phone_number1,phone_number2,language,' +
        'is_participant_allowed,not_allowed_reason,outcome,outcome_ts,result_status,attempts,created_ts,erased',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^[0-9a-f-]{36},E-1,,,\+14155550100,,,false,blocked_number,,,,1,\d{4}-.*Z,false$/,
    );
    expect(lines[2]).toContain(',E-2,"ref,with ""quote""",');
    expect(lines[2]).toContain(',true,,');
  });
});
