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
  addUsageHoursStatement,
  CLAIM_OMITS,
  claimIdempotencyKeyStatement,
  IDEMPOTENCY_RECORD,
  insertKeyRequestsStatement,
  KEY_REQUEST,
  KEY_REQUEST_OMITS,
  RATE_LIMIT_BUCKET,
  takeTokensStatement,
  USAGE_HOUR,
  USAGE_HOUR_KEY,
} from './statements';

const ANY_KEY = '00000000-0000-4000-8000-000000000000';

/** The columns an `ON CONFLICT … DO UPDATE SET` of the statement adds to. */
const addedUpColumns = (statement: { text: string }) =>
  [...statement.text.matchAll(/(\w+) = u\.\1 \+ excluded\.\1/g)].map((match) => match[1]!);

describe.each(testDatabaseKinds())('the API key statements and the database (%s)', (kind) => {
  const db = useTestDatabase(kind);

  it('describe every column of their tables, with its type, and Prisma’s every field', async () => {
    await expectDescriptionMatchesDatabase(db.prisma, KEY_REQUEST);
    await expectDescriptionMatchesDatabase(db.prisma, USAGE_HOUR);
    await expectDescriptionMatchesDatabase(db.prisma, IDEMPOTENCY_RECORD);
    await expectDescriptionMatchesDatabase(db.prisma, RATE_LIMIT_BUCKET);
    expect([...KEY_REQUEST.fields]).toEqual(Object.keys(Prisma.ApiKeyRequestScalarFieldEnum));
    expect([...USAGE_HOUR.fields]).toEqual(Object.keys(Prisma.ApiKeyUsageHourScalarFieldEnum));
    expect([...IDEMPOTENCY_RECORD.fields]).toEqual(Object.keys(Prisma.IdempotencyRecordScalarFieldEnum));
    expect([...RATE_LIMIT_BUCKET.fields]).toEqual(Object.keys(Prisma.RateLimitBucketScalarFieldEnum));
  });

  it('write every column but those each statement states it leaves to the database', async () => {
    const now = new Date();
    const request = {
      keyId: ANY_KEY,
      at: now,
      method: 'GET',
      route: '/v1/me',
      status: 200,
      durationMs: 1,
      requestId: 'r',
    };
    const hour = { keyId: ANY_KEY, hour: now, requests: 1, failed: 0, rateLimited: 0 };
    const cases = [
      [insertKeyRequestsStatement([request]), KEY_REQUEST, KEY_REQUEST_OMITS],
      [addUsageHoursStatement([hour]), USAGE_HOUR, []],
      [
        claimIdempotencyKeyStatement({
          apiKeyId: ANY_KEY,
          key: 'k',
          requestHash: 'h',
          state: 'in_progress',
          createdAt: now,
          expiresAt: now,
        }),
        IDEMPOTENCY_RECORD,
        CLAIM_OMITS,
      ],
      [
        takeTokensStatement(ANY_KEY, { limit: 60, count: 1, available: Prisma.sql`b.tokens` }),
        RATE_LIMIT_BUCKET,
        [],
      ],
    ] as const;
    for (const [statement, table, omitted] of cases) {
      expectEveryColumnCarriedOrOmitted(
        insertedColumns({ text: statement.text.replace(/ AS \w+ \(/, ' (') }, table.name),
        omitted.map((field) => (table.columns as Record<string, { name: string }>)[field]!.name),
        await databaseColumnNames(db.prisma, table.name),
      );
    }
  });

  it('add every count of an hour to the stored one', async () => {
    expectEveryColumnCarriedOrOmitted(
      addedUpColumns(
        addUsageHoursStatement([
          { keyId: ANY_KEY, hour: new Date(), requests: 1, failed: 0, rateLimited: 0 },
        ]),
      ),
      USAGE_HOUR_KEY.map((field) => USAGE_HOUR.column(field)),
      await databaseColumnNames(db.prisma, 'api_key_usage_hour'),
    );
  });
});
