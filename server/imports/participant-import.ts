// The participant import's file: the columns an upload may have, its limits, the messages a file that cannot be
// read gets, the downloadable template, and reading an upload into rows of the create's fields. What happens
// to the rows (preview, job, results) is in job.ts, runner.ts and
// results.ts.
import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse/sync';
import { AppError } from '@/server/platform/lib/errors';

/** The create fields a file may have, in the template's order; interview_ref_num is required. */
const IMPORT_COLUMNS = [
  'interview_ref_num',
  'phone_number1',
  'phone_number2',
  'external_ref_id',
  'email',
  'language',
] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

export const IMPORT_MESSAGES = {
  tooLarge: 'The file is larger than 10 MiB. Split it into smaller files.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows. Split it into smaller files.`,
  notUtf8: 'The file is not UTF-8 text. Save it as “CSV UTF-8” and upload it again.',
  notCsv: (detail: string) => `The file is not valid CSV: ${detail}`,
  empty: 'The file is empty. It needs a header row and at least one data row.',
  noRows: 'The file has a header row but no data rows.',
  noIrnColumn: `The header row has no interview_ref_num column. The columns are: ${IMPORT_COLUMNS.join(', ')}.`,
  unknownColumns: (names: string[]) =>
    `Unknown column${names.length > 1 ? 's' : ''} ${names.join(', ')}. The columns are: ${IMPORT_COLUMNS.join(', ')} (any order, any letter case).`,
  repeatedColumn: (name: string) => `The column ${name} appears more than once.`,
  notFound: 'Import not found',
} as const;

/** The downloadable template: the header and one example row. */
export const IMPORT_TEMPLATE_CSV =
  `${IMPORT_COLUMNS.join(',')}\r\n` + 'IRN-0001,+14155550100,,CRM-0001,jane.doe@example.com,English\r\n';

/** Each column's field in the create's own names: the preview checks exactly what the create is given. */
const COLUMN_FIELDS = {
  interview_ref_num: 'irn',
  phone_number1: 'phoneNumber1',
  phone_number2: 'phoneNumber2',
  external_ref_id: 'externalRefId',
  email: 'email',
  language: 'language',
} as const satisfies Record<ImportColumn, string>;
type OptionalField = Exclude<(typeof COLUMN_FIELDS)[ImportColumn], 'irn'>;

/** One data row of a file: the create's fields, and why the row cannot even be read as one when it cannot. */
export type ImportFields = { irn: string } & Partial<Record<OptionalField, string>> & { malformed?: string };

const malformedRowMessage = (values: number, columns: number) =>
  `This row has ${values} value${values === 1 ? '' : 's'} but the header row has ${columns} column${columns === 1 ? '' : 's'}.`;

const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const LINE_FEED = 0x0a;

/**
 * The file's delimiter: a comma, or a semicolon when the header row has semicolons and no comma (Excel saves
 * "CSV" with semicolons wherever the decimal mark is a comma: most of Europe). Such a file is read as it is,
 * rather than refused as one unknown column "interview_ref_num;phone_number1".
 */
function importDelimiter(bytes: Uint8Array): ',' | ';' {
  const end = bytes.indexOf(LINE_FEED);
  const header = end < 0 ? bytes : bytes.subarray(0, end);
  return !header.includes(COMMA) && header.includes(SEMICOLON) ? ';' : ',';
}

/**
 * Reads an uploaded file into rows of create fields (comma- or semicolon-separated, see importDelimiter); a file that cannot be read at all is one AppError. A row
 * with fewer or more values than the header (a short row, a stray comma) is kept, marked malformed, and
 * refused alone; a quote inside an unquoted value is taken as text (the value's own check then judges it).
 */
export function parseImportFile(bytes: Uint8Array): ImportFields[] {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
  // Checked in place: no decoded copy of the file is made.
  if (!isUtf8(bytes)) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.notUtf8);
  let records: string[][];
  try {
    // The parser stops one row past the limit: a file of millions of tiny rows is refused after 50,001 of
    // them, not after all of them are held as arrays.
    records = parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      bom: true,
      delimiter: importDelimiter(bytes),
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      to: IMPORT_MAX_ROWS + 2,
    });
  } catch (error) {
    throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.notCsv((error as Error).message));
  }
  const [header, ...rows] = records;
  if (!header) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.empty);
  const columns = header.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !(IMPORT_COLUMNS as readonly string[]).includes(name));
  if (unknown.length) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.unknownColumns(unknown));
  const repeated = columns.find((name, i) => columns.indexOf(name) !== i);
  if (repeated) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.repeatedColumn(repeated));
  if (!columns.includes('interview_ref_num')) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.noIrnColumn);
  if (rows.length === 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.noRows);
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooManyRows);
  return rows.map((row) => {
    const fields: Record<string, string> = {};
    columns.forEach((name, i) => {
      fields[COLUMN_FIELDS[name as ImportColumn]] = row[i] ?? '';
    });
    if (row.length !== columns.length) fields.malformed = malformedRowMessage(row.length, columns.length);
    return fields as ImportFields;
  });
}
