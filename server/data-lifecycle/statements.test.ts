import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import {
  databaseColumnNames,
  expectDescriptionMatchesDatabase,
  expectEveryColumnCarriedOrOmitted,
  insertedColumns,
} from '@/server/test/table-columns';
import { REMEMBER_DELIVERED, RESULT_DELIVERED, RESULT_DELIVERED_KEY } from './statements';

describe.each(testDatabaseKinds())('the data lifecycle statements and the database (%s)', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => db.close());

  it('describe every column of webhook_result_delivered, with its type, and Prisma’s every field', async () => {
    await expectDescriptionMatchesDatabase(db.prisma, RESULT_DELIVERED);
    expect([...RESULT_DELIVERED.fields]).toEqual(Object.keys(Prisma.WebhookResultDeliveredScalarFieldEnum));
  });

  it('remember a delivery in every column, and move all but its key on to a newer revision', async () => {
    const all = await databaseColumnNames(db.prisma, RESULT_DELIVERED.name);
    expectEveryColumnCarriedOrOmitted(
      insertedColumns({ text: REMEMBER_DELIVERED.text.replace(' AS m (', ' (') }, RESULT_DELIVERED.name),
      [],
      all,
    );
    expectEveryColumnCarriedOrOmitted(
      [...REMEMBER_DELIVERED.text.matchAll(/(\w+) = EXCLUDED\.\1/g)].map((match) => match[1]!),
      RESULT_DELIVERED_KEY.map((field) => RESULT_DELIVERED.column(field)),
      all,
    );
  });
});
