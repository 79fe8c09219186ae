// The CSV import's raw SQL: storing a preview's rows, finding the IRNs already taken, recording the rows'
// outcomes. Each moves thousands of rows in one statement, where Prisma's createMany or updates would spend
// seconds of CPU on 10,000 rows. The import row's columns come from ONE description (IMPORT_ROW_COLUMNS); a
// column added to the participant_import_row model is a tsc error there until it is described, and the
// participant's optional details must all be among them (statements.test.ts checks both against the database).
import { Prisma, type ParticipantImportRow } from '@/server/generated/prisma/client.ts';
import { Table, type RowOf, type TableColumns } from '@/server/platform/db/table-columns';

/** The participant_import_row table, field by field. */
const IMPORT_ROW_COLUMNS = {
  importId: { name: 'import_id', type: 'uuid' },
  rowNumber: { name: 'row_number', type: 'int' },
  irn: { name: 'irn', type: 'text' },
  // The participant's optional details, as uploaded (the create normalises them again, by the same rules).
  phoneNumber1: { name: 'phone_number1', type: 'text' },
  phoneNumber2: { name: 'phone_number2', type: 'text' },
  externalRefId: { name: 'external_ref_id', type: 'text' },
  email: { name: 'email', type: 'text' },
  language: { name: 'language', type: 'text' },
  participantId: { name: 'participant_id', type: 'uuid' },
  state: { name: 'state', type: 'text' },
  error: { name: 'error', type: 'text' },
  isAllowed: { name: 'is_allowed', type: 'boolean' },
} as const satisfies TableColumns<ParticipantImportRow>;

export const IMPORT_ROW = new Table<ParticipantImportRow, typeof IMPORT_ROW_COLUMNS>(
  'participant_import_row',
  IMPORT_ROW_COLUMNS,
);

/** The column a preview's row is stored without: known once the row has been run (recordOutcomesStatement). */
export const PREVIEW_ROW_OMITS = ['isAllowed'] as const;
/** The columns of a row's JSON: all the others, but its import's id (one parameter for the whole chunk). */
const JSON_ROW_FIELDS = IMPORT_ROW.fieldsExcept([...PREVIEW_ROW_OMITS, 'importId']);
const JSON_TEXT_COLUMNS = JSON_ROW_FIELDS.filter((field) => IMPORT_ROW_COLUMNS[field].type === 'text').map(
  (field) => IMPORT_ROW.column(field),
);

/** A preview's row as insertPreviewRowsStatement stores it. */
export type PreviewRow = RowOf<
  ParticipantImportRow,
  typeof IMPORT_ROW_COLUMNS,
  (typeof JSON_ROW_FIELDS)[number]
>;

/**
 * Text as the database can store it: a lone UTF-16 surrogate becomes U+FFFD, as it does when a string is sent
 * as a parameter, and so does NUL (the JSON below would otherwise carry either as an escape the database
 * refuses). Only a refused row can hold NUL (the create's check refuses it), where it is shown, never created.
 */
const wellFormed = (value: string | null) => value?.replace(/[\p{Cs}\0]/gu, '\uFFFD') ?? null;

/**
 * Stores a chunk of a preview's rows with one statement, the rows passed as one JSON parameter: thousands of
 * rows cost one parameter to send and one to parse.
 */
export function insertPreviewRowsStatement(importId: string, rows: PreviewRow[]): Prisma.Sql {
  const json = JSON.stringify(
    rows.map((row) => {
      const stored: Record<string, unknown> = { ...row };
      for (const column of JSON_TEXT_COLUMNS) stored[column] = wellFormed(stored[column] as string | null);
      return stored;
    }),
  );
  return Prisma.sql`
    INSERT INTO participant_import_row (${IMPORT_ROW.columnList(['importId', ...JSON_ROW_FIELDS])})
    SELECT ${importId}::uuid, ${IMPORT_ROW.columnList(JSON_ROW_FIELDS, { alias: 'r' })}
    FROM json_to_recordset(${json}::json) AS r(${IMPORT_ROW.columnDefinitions(JSON_ROW_FIELDS)})`;
}

/**
 * The IRNs (`irn`) among `irns` that a participant of the questionnaire already has (by its NFKC form, or,
 * for one exempt from that index, exactly): the two unique indexes' own comparisons, each using its index.
 */
export function takenIrnsStatement(questionnaireId: string, irns: string[]): Prisma.Sql {
  const json = JSON.stringify(irns.map(wellFormed));
  return Prisma.sql`
      SELECT irn FROM participant
      WHERE questionnaire_id = ${questionnaireId}::uuid AND NOT irn_nfkc_exempt
        AND normalize(irn, NFKC) IN (SELECT normalize(value, NFKC) FROM json_array_elements_text(${json}::json))
      UNION ALL
      SELECT irn FROM participant
      WHERE questionnaire_id = ${questionnaireId}::uuid AND irn_nfkc_exempt
        AND irn IN (SELECT json_array_elements_text(${json}::json))`;
}

/** What running a row came to. */
export type RowOutcome = Pick<ParticipantImportRow, 'rowNumber' | 'error' | 'isAllowed'> & {
  state: 'created' | 'refused';
};

const OUTCOME_FIELDS = ['rowNumber', 'state', 'error', 'isAllowed'] as const;
const outcomeValues = IMPORT_ROW.parameterRow(OUTCOME_FIELDS);

/** Records a chunk of rows' outcomes with one statement (at least one outcome). */
export function recordOutcomesStatement(importId: string, outcomes: RowOutcome[]): Prisma.Sql {
  return Prisma.sql`
    UPDATE participant_import_row AS r
    SET state = v.state, error = v.error, is_allowed = v.is_allowed
    FROM (VALUES ${Prisma.join(outcomes.map(outcomeValues))}) AS v(${IMPORT_ROW.columnList(OUTCOME_FIELDS)})
    WHERE r.import_id = ${importId}::uuid AND r.row_number = v.row_number`;
}
