import { describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { seedQuestionnaire } from '@/server/test/questionnaire-fixture';
import {
  databaseColumnNames,
  expectTableDescribed,
  expectEveryColumnCarriedOrOmitted,
  insertedColumns,
} from '@/server/test/table-columns';
import { auditInsertFrom } from './audit-log';
import { AUDIT_LOG, auditActionsStatement } from './statements';

describe.each(testDatabaseKinds())('the audit log statements and the database (%s)', (kind) => {
  const db = useTestDatabase(kind);

  it('describe every column of audit_log, with its type, and Prisma’s every field', async () => {
    await expectTableDescribed(db.prisma, AUDIT_LOG, Prisma.AuditLogScalarFieldEnum);
  });

  it('write an entry in every column, once per row of its source, and read its action back', async () => {
    const { tenantId, questionnaireId } = await seedQuestionnaire(db.prisma);
    const statement = auditInsertFrom(
      {
        actor: { type: 'system', id: 'statements-test' },
        action: 'questionnaire.update',
        targetType: 'questionnaire',
        targetId: questionnaireId,
        tenantId,
        questionnaireId,
        details: { fields: ['name'] },
      },
      Prisma.sql`questionnaire WHERE id = ${questionnaireId}::uuid`,
    );
    expectEveryColumnCarriedOrOmitted(
      insertedColumns(statement, AUDIT_LOG.name),
      [],
      await databaseColumnNames(db.prisma, AUDIT_LOG.name),
    );
    expect(await db.prisma.$executeRaw(statement)).toBe(1);
    const entry = await db.prisma.auditLog.findFirstOrThrow({ where: { actorId: 'statements-test' } });
    expect(entry).toMatchObject({ tenantId, questionnaireId, details: { fields: ['name'] } });
    const actions = await db.prisma.$queryRaw<{ action: string }[]>(auditActionsStatement(questionnaireId));
    expect(actions).toEqual([{ action: 'questionnaire.update' }]);
  });
});
