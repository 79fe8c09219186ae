import { describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import {
  databaseColumnNames,
  expectTableDescribed,
  expectEveryColumnCarriedOrOmitted,
  insertedColumns,
} from '@/server/test/table-columns';
import { seedParticipant } from '@/server/test/webhook-fixtures';
import type { RetentionSettings } from './prune';
import {
  cascadedAttemptsStatement,
  countExpiredStatement,
  countInactiveStatement,
  deleteBatchStatement,
  inactiveIdsStatement,
  partitionNamesStatement,
  partitionRowsStatement,
  REMEMBER_DELIVERED,
  RESULT_DELIVERED,
  RESULT_DELIVERED_KEY,
  ROW_RULES,
} from './statements';

/** Everything is past retention: every rule's condition finds every row it may. */
const NOTHING_KEPT: RetentionSettings = {
  webhookDeliveryDays: 0,
  idempotencyHours: 0,
  rateLimitBucketIdleHours: 0,
  importRowDays: 0,
  formSubmissionHours: 0,
  auditLogDays: 0,
  apiKeyRequestLogDays: 0,
};

describe.each(testDatabaseKinds())('the data lifecycle statements and the database (%s)', (kind) => {
  const db = useTestDatabase(kind);

  it('describe every column of webhook_result_delivered, with its type, and Prisma’s every field', async () => {
    await expectTableDescribed(db.prisma, RESULT_DELIVERED, Prisma.WebhookResultDeliveredScalarFieldEnum);
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

  it('delete each row table’s rows by its whole primary key, with conditions on its own columns', async () => {
    const now = new Date(Date.now() + 3_600_000);
    for (const rule of ROW_RULES) {
      const primaryKey = await db.prisma.$queryRaw<{ column: string }[]>`
        SELECT a.attname::text AS column FROM pg_index i
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = ${rule.table}::regclass AND i.indisprimary`;
      expect([...rule.key].sort(), rule.table).toEqual(primaryKey.map((row) => row.column).sort());
      const expired = rule.expired(now, NOTHING_KEPT);
      await db.prisma.$queryRaw(countExpiredStatement(rule, expired));
      await db.prisma.$executeRaw(deleteBatchStatement(rule, expired, 1));
    }
    await db.prisma.$queryRaw(cascadedAttemptsStatement(now, NOTHING_KEPT, new Date(0)));
  });

  it('find inactive participants by id, and the month partitions of the history tables', async () => {
    const { questionnaireId, participantId } = await seedParticipant(db.prisma);
    const later = new Date(Date.now() + 3_600_000);
    expect(await db.prisma.$queryRaw(inactiveIdsStatement(questionnaireId, later, 10))).toEqual([
      { id: participantId },
    ]);
    const [count] = await db.prisma.$queryRaw<{ n: bigint | number }[]>(
      countInactiveStatement(questionnaireId, later),
    );
    expect(Number(count!.n)).toBe(1);
    const partitions = await db.prisma.$queryRaw<{ name: string }[]>(partitionNamesStatement('audit_log'));
    expect(partitions.length).toBeGreaterThan(0);
    await db.prisma.$queryRaw(partitionRowsStatement(partitions[0]!.name));
  });
});
