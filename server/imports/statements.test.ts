import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Prisma } from '@/server/generated/prisma/client.ts';
import { testDatabaseKinds } from '@/server/test/database';
import { useParticipantTestScope } from '@/server/test/participant-fixture';
import {
  databaseColumnNames,
  expectTableDescribed,
  expectEveryColumnCarriedOrOmitted,
  insertedColumns,
} from '@/server/test/table-columns';
import { PARTICIPANT, PARTICIPANT_DETAIL_FIELDS } from '@/server/participants/statements';
import { IMPORT_ROW, insertPreviewRowsStatement, PREVIEW_ROW_OMITS } from './statements';

describe.each(testDatabaseKinds())('the import statements and the database (%s)', (kind) => {
  const { db } = useParticipantTestScope(kind, 'IMPORT-STMT');

  it('describe every column of participant_import_row, with its type, and Prisma’s every field', async () => {
    await expectTableDescribed(db().prisma, IMPORT_ROW, Prisma.ParticipantImportRowScalarFieldEnum);
  });

  it('store every detail a participant is created with, in a column of the same name and type', () => {
    for (const field of PARTICIPANT_DETAIL_FIELDS) {
      expect(IMPORT_ROW.columns[field]).toEqual({
        name: PARTICIPANT.column(field),
        type: PARTICIPANT.columns[field].type,
      });
    }
  });

  it('have a preview row carry every column but those it states it is stored without', async () => {
    expectEveryColumnCarriedOrOmitted(
      insertedColumns(insertPreviewRowsStatement(randomUUID(), []), 'participant_import_row'),
      PREVIEW_ROW_OMITS.map((field) => IMPORT_ROW.column(field)),
      await databaseColumnNames(db().prisma, 'participant_import_row'),
    );
  });
});
