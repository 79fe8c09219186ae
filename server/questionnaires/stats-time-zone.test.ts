// The overview's days and hours are the Admin's own (the one rule for times, components/ui/time.tsx): the same enrolments and deliveries
// fall on different days and hours for Admins in different zones, on both databases.
import { describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { seedParticipant } from '@/server/test/webhook-fixtures';
import { createCallerFactory } from '@/server/platform/trpc';
import { appRouter } from '@/server/doors/admin/router';
import { createAdmin } from '@/server/admins/users';
import { questionnaireStats } from './stats';

describe.each(testDatabaseKinds())('Overview figures in the Admin’s time zone (%s)', (kind) => {
  const db = useTestDatabase(kind);

  /** A questionnaire whose only participants were enrolled at the given instants. */
  async function questionnaireEnrolledAt(...instants: string[]) {
    const { questionnaireId, tenantId } = await seedParticipant(db.prisma);
    await db.prisma.participant.deleteMany({ where: { questionnaireId } });
    for (const [i, at] of instants.entries())
      await db.prisma.participant.create({
        data: { questionnaireId, irn: `IRN-TZ-${i}`, createdAt: new Date(at) },
      });
    return { questionnaireId, tenantId };
  }

  const daysWithEnrolments = async (questionnaireId: string, timeZone: string, now: string) =>
    (await questionnaireStats(db.prisma, questionnaireId, { timeZone, now: new Date(now) })).enrolmentsPerDay
      .filter((d) => d.count > 0)
      .map((d) => `${d.day}: ${d.count}`);

  it('counts an enrolment at 23:30 UTC on 1 March to 2 March in Kolkata and 1 March in Los Angeles', async () => {
    const { questionnaireId } = await questionnaireEnrolledAt('2026-03-01T23:30:00Z');
    const now = '2026-03-03T12:00:00Z';
    expect(await daysWithEnrolments(questionnaireId, 'Asia/Kolkata', now)).toEqual(['2026-03-02: 1']);
    expect(await daysWithEnrolments(questionnaireId, 'America/Los_Angeles', now)).toEqual(['2026-03-01: 1']);
    expect(await daysWithEnrolments(questionnaireId, 'UTC', now)).toEqual(['2026-03-01: 1']);
    const stats = await questionnaireStats(db.prisma, questionnaireId, {
      timeZone: 'Asia/Kolkata',
      now: new Date(now),
    });
    expect(stats.timeZone).toBe('Asia/Kolkata');
    expect(stats.enrolmentsPerDay).toHaveLength(30);
    // 12:00 UTC on 3 March is 17:30 that day in Kolkata, and still 3 March at 04:00 in Los Angeles.
    expect(stats.enrolmentsPerDay.at(-1)?.day).toBe('2026-03-03');
    expect(stats.enrolmentsPerDay[0]?.day).toBe('2026-02-02');
  });

  it('splits Kolkata’s days at 18:30 UTC, half an hour off the UTC hour', async () => {
    const { questionnaireId } = await questionnaireEnrolledAt(
      '2026-03-01T18:29:59Z', // 23:59:59 on 1 March in Kolkata
      '2026-03-01T18:30:00Z', // midnight, 2 March
      '2026-03-01T18:44:00Z',
    );
    expect(await daysWithEnrolments(questionnaireId, 'Asia/Kolkata', '2026-03-05T00:00:00Z')).toEqual([
      '2026-03-01: 1',
      '2026-03-02: 2',
    ]);
  });

  it('follows daylight saving time: Los Angeles’s midnight moves from 08:00 to 07:00 UTC on 8 March 2026', async () => {
    const { questionnaireId } = await questionnaireEnrolledAt(
      '2026-03-08T07:45:00Z', // 23:45 PST on 7 March
      '2026-03-08T08:15:00Z', // 00:15 PST on 8 March
      '2026-03-09T06:45:00Z', // 23:45 PDT on 8 March (a 23-hour day)
      '2026-03-09T07:30:00Z', // 00:30 PDT on 9 March
    );
    expect(await daysWithEnrolments(questionnaireId, 'America/Los_Angeles', '2026-03-10T12:00:00Z')).toEqual([
      '2026-03-07: 1',
      '2026-03-08: 2',
      '2026-03-09: 1',
    ]);
  });

  it('moves the count when an enrolment time changes and drops it when the participant goes', async () => {
    const { questionnaireId } = await questionnaireEnrolledAt('2026-03-01T23:30:00Z');
    const now = '2026-03-05T00:00:00Z';
    await db.prisma.participant.updateMany({
      where: { questionnaireId },
      data: { createdAt: new Date('2026-03-03T10:00:00Z') },
    });
    expect(await daysWithEnrolments(questionnaireId, 'Asia/Kolkata', now)).toEqual(['2026-03-03: 1']);
    await db.prisma.participant.deleteMany({ where: { questionnaireId } });
    expect(await daysWithEnrolments(questionnaireId, 'Asia/Kolkata', now)).toEqual([]);
  });

  it('counts webhook deliveries in the zone’s hours, which start at half past in Kolkata', async () => {
    const { questionnaireId } = await questionnaireEnrolledAt();
    const webhook = await db.prisma.webhookEndpoint.create({
      data: { questionnaireId, url: 'https://127.0.0.1/hook', secretEncrypted: 'x' },
    });
    await db.prisma.webhookDelivery.create({
      data: {
        messageId: 'msg_tz_kolkata',
        webhookId: webhook.id,
        eventType: 'result.published',
        payload: {},
        status: 'succeeded',
        createdAt: new Date('2026-03-03T11:40:00Z'), // 17:10 in Kolkata
        deliveredAt: new Date('2026-03-03T11:40:01Z'),
      },
    });
    const now = new Date('2026-03-03T12:10:00Z'); // 17:40 in Kolkata
    const kolkata = await questionnaireStats(db.prisma, questionnaireId, { timeZone: 'Asia/Kolkata', now });
    expect(kolkata.deliveriesPerHour).toHaveLength(24);
    expect(kolkata.deliveriesPerHour.at(-1)).toEqual({
      hour: '2026-03-03T11:30:00.000Z',
      delivered: 1,
      retrying: 0,
      failed: 0,
    });
    expect(kolkata.deliveriesPerHour[0]?.hour).toBe('2026-03-02T12:30:00.000Z');
    const utc = await questionnaireStats(db.prisma, questionnaireId, { timeZone: 'UTC', now });
    expect(utc.deliveriesPerHour.at(-1)).toMatchObject({ hour: '2026-03-03T12:00:00.000Z', delivered: 0 });
    expect(utc.deliveriesPerHour.at(-2)).toMatchObject({ hour: '2026-03-03T11:00:00.000Z', delivered: 1 });
  });

  it('refuses what is not an IANA zone name with BAD_REQUEST, through the Admin door too', async () => {
    const { questionnaireId } = await questionnaireEnrolledAt();
    for (const timeZone of ['Mars/Olympus_Mons', '+05:30', "UTC'; SELECT 1", '', 'Europe/' + 'x'.repeat(80)])
      await expect(questionnaireStats(db.prisma, questionnaireId, { timeZone })).rejects.toMatchObject({
        kind: 'BAD_REQUEST',
        httpStatus: 400,
      });

    const admin = await createAdmin(db.prisma, {
      email: `zones-${kind}@example.com`,
      password: 'a-long-enough-password',
      questionnaireId,
    });
    const api = createCallerFactory(appRouter)({
      db: db.prisma,
      session: { adminId: admin.id, signedInAt: Date.now(), expires: '' } satisfies Session,
      authorization: null,
      sourceIp: null,
      headers: new Headers(),
    });
    await expect(
      api.questionnaire.stats({ questionnaireId, timeZone: 'Nope/Nowhere' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const stats = await api.questionnaire.stats({ questionnaireId, timeZone: 'America/Los_Angeles' });
    expect(stats.timeZone).toBe('America/Los_Angeles');
  });
});
