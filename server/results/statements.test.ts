import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds } from '@/server/test/database';
import { useParticipantTestScope } from '@/server/test/participant-fixture';
import { sampleResult } from '@/server/test/webhook-fixtures';
import {
  databaseColumnNames,
  expectDescriptionMatchesDatabase,
  expectEveryColumnCarriedOrOmitted,
  insertedColumns,
} from '@/server/test/table-columns';
import { publishResult } from './results';
import {
  currentResultStatement,
  FEED_OMITS,
  publishStatement,
  RESULT,
  RESULT_REVISION,
  UPDATE_KEEPS,
  type FeedRow,
} from './statements';

/** The columns an `ON CONFLICT … DO UPDATE SET` of the statement sets. */
const updatedColumns = (statement: { text: string }) =>
  [...(/DO UPDATE SET ([^\n]*)/.exec(statement.text)?.[1] ?? '').matchAll(/(\w+) = EXCLUDED\./g)].map(
    (match) => match[1]!,
  );

describe.each(testDatabaseKinds())('the result statements and the database (%s)', (kind) => {
  const { db, create } = useParticipantTestScope(kind, 'RESULT-STMT');

  it('describe every column of result and result_revision, with its type, and Prisma’s every field', async () => {
    await expectDescriptionMatchesDatabase(db().prisma, RESULT);
    await expectDescriptionMatchesDatabase(db().prisma, RESULT_REVISION);
    expect([...RESULT.fields]).toEqual(Object.keys(Prisma.ResultScalarFieldEnum));
    expect([...RESULT_REVISION.fields]).toEqual(Object.keys(Prisma.ResultRevisionScalarFieldEnum));
  });

  it('have a publication write every column, and an update in place change all but those it keeps', async () => {
    const statement = publishStatement({
      participantId: randomUUID(),
      newResultId: randomUUID(),
      revisionId: randomUUID(),
      data: sampleResult(),
      source: 'engine',
      payloadFromInput: {},
      requestId: null,
      traceparent: null,
      now: new Date(),
    });
    const resultColumns = await databaseColumnNames(db().prisma, 'result');
    expectEveryColumnCarriedOrOmitted(insertedColumns(statement, 'result'), [], resultColumns);
    expectEveryColumnCarriedOrOmitted(
      insertedColumns(statement, 'result_revision'),
      [],
      await databaseColumnNames(db().prisma, 'result_revision'),
    );
    expectEveryColumnCarriedOrOmitted(
      updatedColumns(statement),
      UPDATE_KEEPS.map((field) => RESULT.column(field)),
      resultColumns,
    );
  });

  it('read a current result with every result column but those it states it leaves out', async () => {
    const { participant } = await create();
    await publishResult(db().prisma, {
      participantId: participant.id,
      result: sampleResult(),
      source: 'engine',
    });
    const [row] = await db().prisma.$queryRaw<FeedRow[]>(currentResultStatement(participant.id));
    // The row's columns from the entry, the participant, its attempt and its questionnaire.
    const others = [
      'position',
      'participant_id',
      'questionnaire_id',
      'irn',
      'participant_language',
      'access_code',
      'sandbox',
    ];
    const resultColumns = Object.keys(row!).filter((column) => !others.includes(column));
    expectEveryColumnCarriedOrOmitted(
      resultColumns,
      FEED_OMITS.map((field) => RESULT.column(field)),
      await databaseColumnNames(db().prisma, 'result'),
    );
    const stored = await db().prisma.result.findFirstOrThrow({ where: { participantId: participant.id } });
    expect(row).toMatchObject({ status: stored.status, updated_at: stored.updatedAt, irn: participant.irn });
  });
});
