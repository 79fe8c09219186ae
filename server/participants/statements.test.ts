import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds } from '@/server/test/database';
import { useParticipantTestScope } from '@/server/test/participant-fixture';
import { testActor } from '@/server/test/actor';
import {
  databaseColumnNames,
  expectDescriptionMatchesDatabase,
  expectEveryColumnCarriedOrOmitted,
  insertedColumns,
} from '@/server/test/table-columns';
import { newParticipantRecords } from './participants';
import { updateParticipantOutcome } from './outcome';
import {
  ATTEMPT,
  CREATE_OMITS,
  FIRST_ATTEMPT_OMITS,
  insertParticipantStatement,
  insertParticipantsStatement,
  LIST_OMITS,
  outcomeStatement,
  PARTICIPANT,
  PARTICIPANT_DETAIL_FIELDS,
  participantPageStatement,
  type ParticipantPageRow,
} from './statements';

const columnsOf = <F extends keyof typeof PARTICIPANT.columns>(fields: readonly F[]) =>
  fields.map((field) => PARTICIPANT.column(field));

describe.each(testDatabaseKinds())('the participant statements and the database (%s)', (kind) => {
  const { db, scope, create } = useParticipantTestScope(kind, 'STMT');

  it('describe every column of participant and attempt, with its type, and Prisma’s every field', async () => {
    await expectDescriptionMatchesDatabase(db().prisma, PARTICIPANT);
    await expectDescriptionMatchesDatabase(db().prisma, ATTEMPT);
    expect([...PARTICIPANT.fields]).toEqual(Object.keys(Prisma.ParticipantScalarFieldEnum));
    expect([...ATTEMPT.fields]).toEqual(Object.keys(Prisma.AttemptScalarFieldEnum));
  });

  it('have the create write every column but those it states it leaves to their defaults', async () => {
    const { participant, currentAttempt } = newParticipantRecords(scope().questionnaireId, {
      irn: 'STMT-COLUMNS',
      details: {},
    });
    const audit = { actor: testActor, action: 'participant.create' as const, targetType: 'participant' };
    for (const statement of [
      insertParticipantStatement(participant, currentAttempt, { ...audit, tenantId: scope().tenantId }),
      insertParticipantsStatement(
        [participant, { ...participant, id: randomUUID() }].map((p) => ({
          participant: p,
          attempt: { ...currentAttempt, participantId: p.id },
          audit: { ...audit, tenantId: scope().tenantId },
        })),
      ),
    ]) {
      expectEveryColumnCarriedOrOmitted(
        insertedColumns(statement, 'participant'),
        columnsOf(CREATE_OMITS),
        await databaseColumnNames(db().prisma, 'participant'),
      );
      expectEveryColumnCarriedOrOmitted(
        insertedColumns(statement, 'attempt'),
        FIRST_ATTEMPT_OMITS.map((field) => ATTEMPT.column(field)),
        await databaseColumnNames(db().prisma, 'attempt'),
      );
    }
  });

  it('create the very participant and attempt the record shows, as Prisma reads them back', async () => {
    const view = await create({
      phoneNumber1: '+1 202 555 0100',
      phoneNumber2: '+1 202 555 0101',
      externalRefId: 'CRM-STMT',
      email: 'stmt@example.com',
      language: 'English',
    });
    const stored = await db().prisma.participant.findUniqueOrThrow({ where: { id: view.participant.id } });
    expect(view.participant).toEqual(stored);
    for (const field of PARTICIPANT_DETAIL_FIELDS) expect(stored[field]).not.toBeNull();
    expect(view.currentAttempt).toEqual(
      await db().prisma.attempt.findUniqueOrThrow({ where: { id: view.currentAttempt.id } }),
    );
  });

  it('read every participant and attempt column back after an outcome, as Prisma reads them', async () => {
    const created = await create({ email: 'outcome@example.com', externalRefId: 'CRM-OUT' });
    const text = outcomeStatement(scope().questionnaireId, created.participant.id, {
      outcome: 'x',
      outcomeTs: new Date(),
      apiKeyId: null,
      audit: { actor: testActor, action: 'participant.outcome', targetType: 'participant', tenantId: 't' },
    }).text;
    for (const field of PARTICIPANT.fields) expect(text).toContain(`u.${PARTICIPANT.column(field)}`);
    for (const field of ATTEMPT.fields) expect(text).toContain(`a.${ATTEMPT.column(field)} AS attempt_`);

    const view = await updateParticipantOutcome(
      db().prisma,
      scope(),
      { participantId: created.participant.id, outcome: 'Reached' },
      testActor,
    );
    expect(view.participant).toEqual(
      await db().prisma.participant.findUniqueOrThrow({ where: { id: created.participant.id } }),
    );
    expect(view.currentAttempt).toEqual(
      await db().prisma.attempt.findUniqueOrThrow({ where: { id: created.currentAttempt.id } }),
    );
  });

  it('answer the Admin list with every participant column but those it states it leaves out', async () => {
    await create({ email: 'list@example.com' });
    const [row] = await db().prisma.$queryRaw<ParticipantPageRow[]>(
      participantPageStatement({
        conditions: [Prisma.sql`p.questionnaire_id = ${scope().questionnaireId}::uuid`],
        order: Prisma.sql`p.created_at`,
        pageOrder: Prisma.sql`page.created_at`,
        limit: 1,
        offset: 0,
      }),
    );
    expectEveryColumnCarriedOrOmitted(
      Object.keys(row!).filter((column) => column !== 'attempts' && column !== 'result_status'),
      columnsOf(LIST_OMITS),
      await databaseColumnNames(db().prisma, 'participant'),
    );
  });
});
