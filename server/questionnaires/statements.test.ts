import { describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { sampleResult, seedParticipant } from '@/server/test/webhook-fixtures';
import { expectDescriptionMatchesDatabase } from '@/server/test/table-columns';
import { publishResult } from '@/server/results/results';
import {
  DAILY_STATS,
  deliveryHoursStatement,
  deliveryLatencyStatement,
  ENROLMENT_STATS,
  enrolmentDaysStatement,
  outcomeSumsStatement,
  RESULT_STATUS_STATS,
  statusSumsStatement,
} from './statements';

describe.each(testDatabaseKinds())('the questionnaire overview statements and the database (%s)', (kind) => {
  const db = useTestDatabase(kind);

  it('describe every column of the count tables, with its type, and Prisma’s every field', async () => {
    await expectDescriptionMatchesDatabase(db.prisma, DAILY_STATS);
    await expectDescriptionMatchesDatabase(db.prisma, ENROLMENT_STATS);
    await expectDescriptionMatchesDatabase(db.prisma, RESULT_STATUS_STATS);
    expect([...DAILY_STATS.fields]).toEqual(Object.keys(Prisma.ParticipantDailyStatsScalarFieldEnum));
    expect([...ENROLMENT_STATS.fields]).toEqual(Object.keys(Prisma.ParticipantEnrolmentStatsScalarFieldEnum));
    expect([...RESULT_STATUS_STATS.fields]).toEqual(Object.keys(Prisma.ResultStatusStatsScalarFieldEnum));
  });

  it('sum the counts under the described group column, and read the deliveries of a window', async () => {
    const { questionnaireId, participantId } = await seedParticipant(db.prisma);
    await publishResult(db.prisma, { participantId, result: sampleResult(), source: 'engine' });
    const query = <Row>(statement: Prisma.Sql) => db.prisma.$queryRaw<Row[]>(statement);

    expect(await query(outcomeSumsStatement(questionnaireId))).toEqual([
      { [DAILY_STATS.column('outcome')]: '', n: 1 },
    ]);
    expect(await query(statusSumsStatement(questionnaireId))).toEqual([
      { [RESULT_STATUS_STATS.column('status')]: sampleResult().status, n: 1 },
    ]);
    const now = new Date();
    const days = await query<object>(
      enrolmentDaysStatement(questionnaireId, { now, timeZone: 'UTC', days: 30 }),
    );
    expect(days).toEqual([{ first_day: expect.any(String), day: now.toISOString().slice(0, 10), n: 1 }]);
    const window = { now, timeZone: 'UTC', hours: 24 };
    expect(await query(deliveryHoursStatement(questionnaireId, window))).toEqual([]);
    expect(await query(deliveryLatencyStatement(questionnaireId, window))).toEqual([
      { p95: null, first_hour: expect.any(Date) },
    ]);
  });
});
