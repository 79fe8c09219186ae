// Personal data retention per questionnaire, with a moved clock: off by default; once set, the participants
// inactive for longer are erased through the erasure path (tombstone, audited as the system's), the count shown
// to the Admin matches what the run touches, and anyone active since (a retake, a result) is left alone.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { eraseInactiveParticipants, getContactRetention, setContactRetention } from './contact-retention';

const DAY = 24 * 3_600_000;

describe.each(testDatabaseKinds())('personal data retention (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let questionnaireId: string;
  let otherQuestionnaireId: string;
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const ids = {
    inactive: randomUUID(),
    retook: randomUUID(),
    resultSince: randomUUID(),
    other: randomUUID(),
  };

  beforeAll(async () => {
    const p = db.prisma;
    const tenant = await p.tenant.create({ data: { name: 'T' } });
    questionnaireId = (await p.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q' } })).id;
    otherQuestionnaireId = (await p.questionnaire.create({ data: { tenantId: tenant.id, name: 'Q2' } })).id;
    const participant = (id: string, qid: string, attemptsAt: Date[]) =>
      p.participant.create({
        data: {
          id,
          questionnaireId: qid,
          irn: `IRN-${id.slice(0, 8)}`,
          email: 'someone@example.com',
          phoneNumber1: '+442079460958',
          createdAt: ago(100),
          updatedAt: ago(100),
          attempts: {
            create: attemptsAt.map((createdAt, i) => ({
              number: i + 1,
              accessCode: randomUUID(),
              guideToken: randomUUID(),
              createdAt,
            })),
          },
        },
      });
    await participant(ids.inactive, questionnaireId, [ago(100)]);
    await participant(ids.retook, questionnaireId, [ago(100), ago(10)]);
    const withResult = await participant(ids.resultSince, questionnaireId, [ago(100)]);
    const attempt = await p.attempt.findFirstOrThrow({ where: { participantId: withResult.id } });
    await p.result.create({
      data: {
        participantId: withResult.id,
        attemptId: attempt.id,
        status: 'completed',
        overallEvaluation: 'low',
        questionsRiskRating: [],
        isAdmission: false,
        isCounterMeasure: false,
        isNotComplete: false,
        updatedAt: ago(5),
      },
    });
    await participant(ids.other, otherQuestionnaireId, [ago(100)]);
  });

  it('is off by default: nothing is due and a run erases no one', async () => {
    expect(await getContactRetention(db.prisma, questionnaireId, now)).toMatchObject({
      days: null,
      dueCount: 0,
    });
    expect(await eraseInactiveParticipants(db.prisma, { now })).toBe(0);
    expect(await db.prisma.participant.count({ where: { erasedAt: { not: null } } })).toBe(0);
  });

  it('once set (audited), counts and then erases exactly the participants inactive for longer', async () => {
    await setContactRetention(db.prisma, questionnaireId, 30, { type: 'admin', id: 'admin-1' });
    const change = await db.prisma.auditLog.findFirstOrThrow({
      where: { questionnaireId, action: 'questionnaire.update' },
    });
    expect(change.details).toMatchObject({ contactRetentionDays: 30 });

    expect(await getContactRetention(db.prisma, questionnaireId, now)).toMatchObject({
      days: 30,
      dueCount: 1,
    });
    expect(await eraseInactiveParticipants(db.prisma, { now, dryRun: true })).toBe(1);
    expect(await eraseInactiveParticipants(db.prisma, { now })).toBe(1);

    const erased = await db.prisma.participant.findUniqueOrThrow({ where: { id: ids.inactive } });
    expect(erased).toMatchObject({ email: null, phoneNumber1: null, irn: `erased:${ids.inactive}` });
    expect(erased.erasedAt).not.toBeNull();
    const entry = await db.prisma.auditLog.findFirstOrThrow({
      where: { action: 'participant.erase', targetId: ids.inactive },
    });
    expect(entry).toMatchObject({ actorType: 'system', actorId: 'contact-retention', questionnaireId });

    for (const id of [ids.retook, ids.resultSince, ids.other]) {
      const kept = await db.prisma.participant.findUniqueOrThrow({ where: { id } });
      expect(kept).toMatchObject({ email: 'someone@example.com', erasedAt: null });
    }
    expect(await getContactRetention(db.prisma, questionnaireId, now)).toMatchObject({
      days: 30,
      dueCount: 0,
    });
  });

  it('turned off again, erases no one more', async () => {
    await setContactRetention(db.prisma, questionnaireId, null, { type: 'admin', id: 'admin-1' });
    expect(await eraseInactiveParticipants(db.prisma, { now: new Date(now.getTime() + 400 * DAY) })).toBe(0);
  });
});
