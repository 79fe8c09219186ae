import { describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import {
  databaseColumnNames,
  expectDescriptionMatchesDatabase,
  expectEveryColumnCarriedOrOmitted,
  insertedColumns,
} from '@/server/test/table-columns';
import {
  AUTH_THROTTLE,
  claimFormSubmissionStatement,
  countFailureStatement,
  FORM_SUBMISSION,
} from './statements';

const ANY_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabaseKinds())('the Admin account statements and the database (%s)', (kind) => {
  const db = useTestDatabase(kind);

  it('describe every column of their tables, with its type, and Prisma’s every field', async () => {
    await expectDescriptionMatchesDatabase(db.prisma, AUTH_THROTTLE);
    await expectDescriptionMatchesDatabase(db.prisma, FORM_SUBMISSION);
    expect([...AUTH_THROTTLE.fields]).toEqual(Object.keys(Prisma.AdminAuthThrottleScalarFieldEnum));
    expect([...FORM_SUBMISSION.fields]).toEqual(Object.keys(Prisma.AdminFormSubmissionScalarFieldEnum));
  });

  it('write every column of a new counter and a claimed submission', async () => {
    const now = new Date();
    const counter = countFailureStatement(
      { adminUserId: ANY_ID, scope: '*', failures: 1, lastFailedAt: now },
      { failures: Prisma.sql`t.failures + 1`, counts: Prisma.sql`true` },
    );
    expectEveryColumnCarriedOrOmitted(
      insertedColumns({ text: counter.text.replace(' AS t (', ' (') }, AUTH_THROTTLE.name),
      [],
      await databaseColumnNames(db.prisma, AUTH_THROTTLE.name),
    );
    const claim = claimFormSubmissionStatement({
      adminUserId: ANY_ID,
      submissionId: ANY_ID,
      action: 'x',
      createdAt: now,
    });
    expectEveryColumnCarriedOrOmitted(
      insertedColumns(claim, FORM_SUBMISSION.name),
      [],
      await databaseColumnNames(db.prisma, FORM_SUBMISSION.name),
    );
  });
});
