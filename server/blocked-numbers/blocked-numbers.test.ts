import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { createTenant } from '../questionnaires/tenants';
import { createQuestionnaire } from '../questionnaires/questionnaires';
import { blockNumber, blockPastedNumbers, listBlockedNumbers, unblockNumber } from './blocked-numbers';
import { testActor } from '@/server/test/actor';

describe.each(testDatabaseKinds())('call-blocking list (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let questionnaireId: string;
  let otherId: string;
  beforeAll(async () => {
    const tenant = await createTenant(db.prisma, { name: 'Blocking' }, testActor);
    questionnaireId = (await createQuestionnaire(db.prisma, { tenantId: tenant.id, name: 'Q' }, testActor))
      .id;
    otherId = (await createQuestionnaire(db.prisma, { tenantId: tenant.id, name: 'Other' }, testActor)).id;
  });

  const numbers = async (id = questionnaireId) =>
    (await listBlockedNumbers(db.prisma, id)).map((b) => b.phoneNumber).sort();

  it('stores one number in E.164, read in the deployment country, and refuses it twice', async () => {
    const blocked = await blockNumber(db.prisma, questionnaireId, '020 7946 0958', testActor, 'GB');
    expect(blocked.phoneNumber).toBe('+442079460958');
    await expect(
      blockNumber(db.prisma, questionnaireId, '+44 (20) 7946-0958', testActor, 'US'),
    ).rejects.toMatchObject({
      kind: 'CONFLICT',
      message: '+442079460958 is already blocked',
      details: { field: 'phoneNumber' },
    });
    await expect(blockNumber(db.prisma, questionnaireId, 'call me', testActor, 'GB')).rejects.toMatchObject({
      kind: 'BAD_REQUEST',
      details: { field: 'phoneNumber' },
    });
    await expect(
      blockNumber(db.prisma, questionnaireId, '(415) 555-0132', testActor, 'US'),
    ).resolves.toMatchObject({
      phoneNumber: '+14155550132',
    });
    // Another questionnaire's list is its own.
    expect(await numbers(otherId)).toEqual([]);
  });

  it('blocks a pasted list, or nothing at all with a message for each unreadable line', async () => {
    const bad = await blockPastedNumbers(
      db.prisma,
      questionnaireId,
      '+1 212 555 0100\nnot a number\n+44 20 7946 0001, 12\n',
      testActor,
      'US',
    );
    expect(bad.added).toBe(0);
    expect(bad.problems).toEqual([
      {
        line: 2,
        text: 'not a number',
        message: expect.stringContaining('"not a number" is not a phone number'),
      },
      { line: 3, text: '12', message: expect.stringContaining('"12"') },
    ]);
    expect(await numbers()).not.toContain('+12125550100');

    const good = await blockPastedNumbers(
      db.prisma,
      questionnaireId,
      '+1 212 555 0100\n\n+44 20 7946 0001; +442079460001\n020 7946 0958',
      testActor,
      'GB',
    );
    // The repeated number and the one already blocked are counted, not added twice.
    expect(good).toEqual({ added: 2, alreadyBlocked: 2, problems: [] });
    expect(await numbers()).toEqual(['+12125550100', '+14155550132', '+442079460001', '+442079460958']);
    await expect(
      blockPastedNumbers(db.prisma, questionnaireId, ' \n ', testActor, 'GB'),
    ).rejects.toMatchObject({
      kind: 'BAD_REQUEST',
    });
  });

  it('refuses, one at a time or pasted, numbers that could never match a call', async () => {
    const before = await numbers();
    for (const text of ['12345', '+1 555', '+999 1234', '0201234567']) {
      await expect(blockNumber(db.prisma, questionnaireId, text, testActor, 'US')).rejects.toMatchObject({
        kind: 'BAD_REQUEST',
        message: `"${text}" is not a phone number we can read. Include the country code, e.g. +44 20 7946 0958.`,
        details: { field: 'phoneNumber' },
      });
    }
    const pasted = await blockPastedNumbers(
      db.prisma,
      questionnaireId,
      '12345\n+1 555\n+999 1234\n0201234567\n+1 202 555 0143',
      testActor,
      'US',
    );
    expect(pasted.added).toBe(0);
    expect(pasted.problems.map((p) => [p.line, p.text])).toEqual([
      [1, '12345'],
      [2, '+1 555'],
      [3, '+999 1234'],
      [4, '0201234567'],
    ]);
    expect(await numbers()).toEqual(before);
  });

  it('removes one number by id only within its questionnaire', async () => {
    const [first] = await listBlockedNumbers(db.prisma, questionnaireId);
    if (!first) throw new Error('nothing blocked');
    await expect(unblockNumber(db.prisma, otherId, first.id, testActor)).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
    await unblockNumber(db.prisma, questionnaireId, first.id, testActor);
    expect(await numbers()).not.toContain(first.phoneNumber);
    await expect(unblockNumber(db.prisma, questionnaireId, first.id, testActor)).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
  });
});
