// Bulk enrolment from a CSV file. An upload is parsed and every row checked by the create's own rules
// (checkNewParticipantFields) into a stored preview; nothing is created until the import is started. The job
// then lives in the database: any worker (the instance that started it, another instance, a restarted server,
// the CLI) holding its lease works through the pending rows a chunk at a time with createParticipants, the
// create of POST /v1/participant for many rows (same checks, messages and statement). Every row carries the
// participant id it will get, decided at upload, so a worker that died between creating participants and
// recording them is recognised on resume: a participant with that very id exists (the statement never
// inserts an id twice). No row is ever created twice, and the create's ON CONFLICT on (questionnaire, IRN)
// refuses the rest.
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Db } from '@/server/db/client';
import { Prisma, type ParticipantImport } from '@/server/generated/prisma/client.ts';
import { AppError, isAppError } from '@/server/lib/errors';
import { csvField } from '@/server/services/participant-export';
import { createParticipants } from '@/server/services/participant-batch-create';
import { checkNewParticipantFields } from '@/server/services/participant-fields';
import {
  loadParticipantView,
  type ParticipantContactColumns,
  type ParticipantScope,
} from '@/server/services/participants';
import { guideLink } from '@/server/services/participant-guide';
import { MESSAGES } from '@/server/services/participant-messages';
import { recordAudit, type AuditActor } from '@/server/services/audit-log';
import { inTransaction } from '@/server/db/transaction';

/** The create fields a file may have, in the template's order; interview_ref_num is required. */
export const IMPORT_COLUMNS = [
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

export const malformedRowMessage = (values: number, columns: number) =>
  `This row has ${values} value${values === 1 ? '' : 's'} but the header row has ${columns} column${columns === 1 ? '' : 's'}.`;

/**
 * Reads an uploaded file into rows of create fields; a file that cannot be read at all is one AppError. A row
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
    // them, not after all of them are held as arrays (issue 29, N4).
    records = parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      bom: true,
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

/**
 * The one check of a row, the preview's: the create's own (checkNewParticipantFields, which createParticipants
 * runs on the same fields when the import runs), after the file's own rule that a row has one value per column.
 */
function checkImportRow(fields: ImportFields): { irn: string; error: string | null } {
  if (fields.malformed) return { irn: fields.irn.trim(), error: fields.malformed };
  try {
    return { irn: checkNewParticipantFields(fields).irn, error: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { irn: fields.irn.trim(), error: error.message };
  }
}

/** The create's fields in the service's names. */
const createFields = (row: {
  irn: string;
  phoneNumber1: string | null;
  phoneNumber2: string | null;
  externalRefId: string | null;
  email: string | null;
  language: string | null;
}) => ({
  irn: row.irn,
  phoneNumber1: row.phoneNumber1 ?? undefined,
  phoneNumber2: row.phoneNumber2 ?? undefined,
  externalRefId: row.externalRefId ?? undefined,
  email: row.email ?? undefined,
  language: row.language ?? undefined,
});

export interface ImportRowIssue {
  row: number;
  irn: string;
  message: string;
}

export interface ImportProgress {
  id: string;
  questionnaireId: string;
  fileName: string;
  status: 'preview' | 'running' | 'done';
  totalRows: number;
  /** Rows the preview found bad; they are refused without being sent to the create. */
  invalidRows: number;
  done: number;
  created: number;
  refused: number;
  /** Rows per second since the job started, once it has. */
  rate: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The problems a preview lists on the page; all of them are in its problems file. */
export const PREVIEW_ISSUES_SHOWN = 100;
const INSERT_CHUNK = 4_000;

/**
 * Checks an uploaded file and stores it as a preview: each row with the create's own message when it is bad,
 * or when its IRN is already taken (in the questionnaire, or by an earlier row of the file).
 */
export async function createImportPreview(
  db: Db,
  input: {
    scope: ParticipantScope;
    fileName: string;
    bytes: Uint8Array;
    actor: AuditActor;
    /** Claims the upload's form submission in the preview's transaction (a double submit stores one). */
    claimSubmission?: (tx: Db) => Promise<void>;
  },
): Promise<{ progress: ImportProgress; issues: ImportRowIssue[]; issueCount: number }> {
  const rows = parseImportFile(input.bytes);
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: input.scope.questionnaireId },
    select: { id: true },
  });
  if (!questionnaire) throw new AppError('NOT_FOUND', MESSAGES.questionnaireNotFound);
  const checked = rows.map((fields, i) => ({ rowNumber: i + 1, ...checkImportRow(fields) }));
  const taken = await takenIrns(
    db,
    input.scope.questionnaireId,
    checked.filter((r) => !r.error).map((r) => r.irn),
  );
  const seen = new Set<string>();
  // Not stored as refused: the create decides at run time (a duplicate may have been erased meanwhile).
  const duplicates = new Map<number, string>();
  for (const row of checked) {
    if (row.error) continue;
    if (taken.has(row.irn) || seen.has(row.irn))
      duplicates.set(row.rowNumber, MESSAGES.duplicateIrn(row.irn));
    seen.add(row.irn);
  }
  const invalidRows = checked.filter((r) => r.error).length;
  const job = await inTransaction(db, async (tx) => {
    await input.claimSubmission?.(tx);
    const created = await tx.participantImport.create({
      data: {
        questionnaireId: input.scope.questionnaireId,
        fileName: input.fileName.slice(0, 255) || 'upload.csv',
        totalRows: rows.length,
        invalidRows,
        actorType: input.actor.type,
        actorId: input.actor.id ?? null,
      },
    });
    for (let start = 0; start < checked.length; start += INSERT_CHUNK) {
      await insertImportRows(
        tx,
        created.id,
        checked.slice(start, start + INSERT_CHUNK).map((row, i) => {
          const raw = rows[start + i]!;
          return {
            row_number: row.rowNumber,
            irn: row.irn,
            // As uploaded: the create normalises them again, by the same rules.
            phone_number1: raw.phoneNumber1 ?? null,
            phone_number2: raw.phoneNumber2 ?? null,
            external_ref_id: raw.externalRefId ?? null,
            email: raw.email ?? null,
            language: raw.language ?? null,
            participant_id: randomUUID(),
            state: row.error ? 'refused' : 'pending',
            error: row.error ?? duplicates.get(row.rowNumber) ?? null,
          };
        }),
      );
    }
    return created;
  });
  const issues = checked
    .map((r) => ({ row: r.rowNumber, irn: r.irn, message: r.error ?? duplicates.get(r.rowNumber) }))
    .filter((r): r is ImportRowIssue => r.message !== undefined);
  return {
    progress: toProgress(job, { created: 0, refused: invalidRows }),
    issues: issues.slice(0, PREVIEW_ISSUES_SHOWN),
    issueCount: issues.length,
  };
}

/**
 * Text as the database can store it: a lone UTF-16 surrogate becomes U+FFFD, as it does when a string is sent
 * as a parameter, and so does NUL (the JSON below would otherwise carry either as an escape the database
 * refuses). Only a refused row can hold NUL (the create's check refuses it), where it is shown, never created.
 */
const wellFormed = (value: string | null) => value?.replace(/[\p{Cs}\0]/gu, '\uFFFD') ?? null;

/**
 * Stores a chunk of a preview's rows with one statement, the rows passed as one JSON parameter: thousands of
 * rows cost one parameter to send and one to parse, where an ORM insert spends seconds of CPU on 10,000.
 */
async function insertImportRows(
  db: Db,
  importId: string,
  rows: (ParticipantContactColumns & {
    row_number: number;
    irn: string;
    participant_id: string;
    state: string;
    error: string | null;
  })[],
): Promise<void> {
  const json = JSON.stringify(
    rows.map((row) => ({
      ...row,
      irn: wellFormed(row.irn),
      phone_number1: wellFormed(row.phone_number1),
      phone_number2: wellFormed(row.phone_number2),
      external_ref_id: wellFormed(row.external_ref_id),
      email: wellFormed(row.email),
      language: wellFormed(row.language),
    })),
  );
  await db.$executeRaw`
    INSERT INTO participant_import_row (import_id, row_number, irn, phone_number1, phone_number2, external_ref_id,
                                        email, language, participant_id, state, error)
    SELECT ${importId}::uuid, r.row_number, r.irn, r.phone_number1, r.phone_number2, r.external_ref_id, r.email,
           r.language, r.participant_id, r.state, r.error
    FROM json_to_recordset(${json}::json) AS r(row_number int, irn text, phone_number1 text, phone_number2 text,
                                               external_ref_id text, email text, language text, participant_id uuid,
                                               state text, error text)`;
}

/** The IRNs among `irns` that a live participant of the questionnaire already has. */
async function takenIrns(db: Db, questionnaireId: string, irns: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < irns.length; start += INSERT_CHUNK) {
    const json = JSON.stringify(irns.slice(start, start + INSERT_CHUNK).map(wellFormed));
    const found = await db.$queryRaw<{ irn: string }[]>`
      SELECT irn FROM participant
      WHERE questionnaire_id = ${questionnaireId}::uuid
        AND irn IN (SELECT json_array_elements_text(${json}::json))`;
    for (const { irn } of found) taken.add(irn);
  }
  return taken;
}

/** The preview's bad rows and known duplicates, in row order. */
export async function importIssues(db: Db, importId: string, limit = PREVIEW_ISSUES_SHOWN) {
  const rows = await db.participantImportRow.findMany({
    where: { importId, error: { not: null } },
    orderBy: { rowNumber: 'asc' },
    take: limit,
    select: { rowNumber: true, irn: true, error: true },
  });
  return rows.map((r) => ({ row: r.rowNumber, irn: r.irn, message: r.error! }));
}

function toProgress(job: ParticipantImport, counts: { created: number; refused: number }): ImportProgress {
  const done = counts.created + counts.refused;
  const end = job.finishedAt ?? new Date();
  const seconds = job.startedAt ? (end.getTime() - job.startedAt.getTime()) / 1000 : 0;
  return {
    id: job.id,
    questionnaireId: job.questionnaireId,
    fileName: job.fileName,
    status: job.status as ImportProgress['status'],
    totalRows: job.totalRows,
    invalidRows: job.invalidRows,
    done,
    created: counts.created,
    refused: counts.refused,
    rate: job.startedAt && seconds > 0 ? Math.round((done - job.invalidRows) / seconds) : null,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** Where an import of the questionnaire stands; NOT_FOUND for an import of another questionnaire. */
export async function getImportProgress(db: Db, questionnaireId: string, importId: string) {
  const job = await db.participantImport.findFirst({ where: { id: importId, questionnaireId } });
  if (!job) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
  const counts = await db.participantImportRow.groupBy({
    by: ['state'],
    where: { importId },
    _count: { _all: true },
  });
  const count = (state: string) => counts.find((c) => c.state === state)?._count._all ?? 0;
  return toProgress(job, { created: count('created'), refused: count('refused') });
}

/** The questionnaire's imports, newest first. */
export async function listImports(db: Db, questionnaireId: string, take = 20) {
  const jobs = await db.participantImport.findMany({
    where: { questionnaireId },
    orderBy: { createdAt: 'desc' },
    take,
    select: { id: true },
  });
  return Promise.all(jobs.map((job) => getImportProgress(db, questionnaireId, job.id)));
}

/**
 * Starts a previewed import (a second call, e.g. a double click, changes nothing). The caller then runs it
 * with runImport; if nobody does (the server died), the next resumeImports takes it over.
 */
export async function startImport(
  db: Db,
  questionnaireId: string,
  importId: string,
  actor: AuditActor,
): Promise<{ job: ParticipantImport; started: boolean }> {
  return inTransaction(db, async (tx) => {
    const job = await tx.participantImport.findFirst({ where: { id: importId, questionnaireId } });
    if (!job) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
    const { count } = await tx.participantImport.updateMany({
      where: { id: importId, status: 'preview' },
      data: { status: 'running', startedAt: new Date() },
    });
    const started = await tx.participantImport.findUniqueOrThrow({ where: { id: importId } });
    // A second start (a double click, a retried command) changes nothing and is not audited again.
    if (count === 1)
      await recordAudit(tx, {
        actor,
        action: 'participant.import',
        targetType: 'participant_import',
        targetId: started.id,
        questionnaireId: started.questionnaireId,
        details: { fileName: started.fileName, rows: started.totalRows, invalidRows: started.invalidRows },
      });
    return { job: started, started: count === 1 };
  });
}

/** How long a worker's claim on a job lasts without renewal: a dead worker's job is taken over after it. */
export const IMPORT_LEASE_MS = 30_000;
/** Rows created by one statement: a round trip, a commit and the overview triggers' work per chunk. */
const BATCH_ROWS = 250;

export interface RunImportOptions {
  /** Called after each batch with the job's progress. */
  onProgress?: (progress: ImportProgress) => void;
  leaseMs?: number;
  /** Rows per chunk (one statement creates a chunk's participants); the default suits production. */
  batchRows?: number;
  /** Asked after each chunk: true hands the job back (lease released) for another worker to resume at once. */
  shouldStop?: () => boolean;
}

type RowOutcome = {
  rowNumber: number;
  state: 'created' | 'refused';
  error: string | null;
  isAllowed: boolean | null;
};

/**
 * Works through an import's pending rows while holding its lease. Returns false when another worker holds it
 * (or the job is not running), true when this call finished the job. A failure other than a refused row (the
 * database went away) is thrown: the lease then runs out and another worker resumes where this one stopped.
 */
export async function runImport(db: Db, importId: string, options: RunImportOptions = {}): Promise<boolean> {
  const leaseMs = options.leaseMs ?? IMPORT_LEASE_MS;
  let lease = new Date(Date.now() + leaseMs);
  const claimed = await db.participantImport.updateMany({
    where: {
      id: importId,
      status: 'running',
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: new Date() } }],
    },
    data: { leaseUntil: lease },
  });
  if (claimed.count !== 1) return false;
  const job = await db.participantImport.findUniqueOrThrow({
    where: { id: importId },
    include: { questionnaire: { select: { tenantId: true } } },
  });
  const scope = { questionnaireId: job.questionnaireId, tenantId: job.questionnaire.tenantId };
  const actor: AuditActor = { type: job.actorType as AuditActor['type'], id: job.actorId };
  for (;;) {
    const rows = await db.participantImportRow.findMany({
      where: { importId, state: 'pending' },
      orderBy: { rowNumber: 'asc' },
      take: options.batchRows ?? BATCH_ROWS,
    });
    if (rows.length === 0) break;
    await recordOutcomes(db, importId, await importRows(db, scope, actor, job.id, rows));
    // Renewing is conditional on still holding the lease: a worker that stalled past it stops here.
    const next = new Date(Date.now() + leaseMs);
    const renewed = await db.participantImport.updateMany({
      where: { id: importId, leaseUntil: lease },
      data: { leaseUntil: next },
    });
    if (renewed.count !== 1) return false;
    lease = next;
    options.onProgress?.(await getImportProgress(db, job.questionnaireId, importId));
    if (options.shouldStop?.()) {
      await db.participantImport.updateMany({
        where: { id: importId, leaseUntil: lease },
        data: { leaseUntil: null },
      });
      return false;
    }
    // The embedded database runs on this thread and answers without ever yielding to timers or sockets: let
    // the requests that arrived meanwhile (the Admin app's) in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await db.participantImport.updateMany({
    where: { id: importId, leaseUntil: lease },
    data: { status: 'done', finishedAt: new Date(), leaseUntil: null },
  });
  options.onProgress?.(await getImportProgress(db, job.questionnaireId, importId));
  return true;
}

/**
 * Creates a chunk of rows' participants with the shared create (createParticipants, one statement), telling a
 * resumed row's own earlier write apart: a row whose participant id already exists was created by a worker
 * that died before recording it.
 */
async function importRows(
  db: Db,
  scope: ParticipantScope,
  actor: AuditActor,
  importId: string,
  rows: Awaited<ReturnType<Db['participantImportRow']['findMany']>>,
): Promise<RowOutcome[]> {
  const outcomes = await createParticipants(
    db,
    scope,
    scope.questionnaireId,
    rows.map((row) => ({
      ...createFields(row),
      participantId: row.participantId,
      auditDetails: { import: importId, row: row.rowNumber },
    })),
    { actor },
  );
  return Promise.all(
    outcomes.map(async (outcome, i): Promise<RowOutcome> => {
      const { rowNumber, participantId } = rows[i]!;
      if (outcome.created)
        return { rowNumber, state: 'created', error: null, isAllowed: outcome.view.isAllowed };
      if (outcome.idTaken) {
        // Created earlier by this import (then possibly erased, which leaves no call gate to show).
        const own = await loadParticipantView(db, participantId);
        return { rowNumber, state: 'created', error: null, isAllowed: own?.isAllowed ?? null };
      }
      return { rowNumber, state: 'refused', error: outcome.error.message, isAllowed: null };
    }),
  );
}

/** Records a batch's outcomes with one statement. */
async function recordOutcomes(db: Db, importId: string, outcomes: RowOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const values = outcomes.map(
    (o) => Prisma.sql`(${o.rowNumber}::int, ${o.state}, ${o.error}::text, ${o.isAllowed}::boolean)`,
  );
  await db.$executeRaw`
    UPDATE participant_import_row AS r
    SET state = v.state, error = v.error, is_allowed = v.is_allowed
    FROM (VALUES ${Prisma.join(values)}) AS v(row_number, state, error, is_allowed)
    WHERE r.import_id = ${importId}::uuid AND r.row_number = v.row_number`;
}

/**
 * Runs every started import that no live worker holds (none yet, or its server died): called when a server
 * starts, periodically, and when someone watches an import's progress. Returns the ids it finished.
 */
export async function resumeImports(db: Db, options: RunImportOptions = {}): Promise<string[]> {
  const orphans = await db.participantImport.findMany({
    where: { status: 'running', OR: [{ leaseUntil: null }, { leaseUntil: { lt: new Date() } }] },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  });
  const finished: string[] = [];
  for (const { id } of orphans) {
    if (options.shouldStop?.()) break;
    if (await runImport(db, id, options)) finished.push(id);
  }
  return finished;
}

const RESULT_COLUMNS = [
  'row',
  'interview_ref_num',
  'participant_uuid',
  'particpant_guide_link',
  'is_participant_allowed',
  'error',
] as const;
const PROBLEM_COLUMNS = ['row', 'interview_ref_num', 'problem'] as const;

type ImportRowRecord = Awaited<ReturnType<Db['participantImportRow']['findMany']>>[number];
type CsvValue = string | number | boolean | null;
const csvLine = (values: CsvValue[]) => `${values.map(csvField).join(',')}\r\n`;

/**
 * An import's rows (all, or only those with a problem) as a CSV file, streamed a thousand rows at a time.
 * Fields are formula-safe like the participants export.
 */
function importRowsCsv(
  db: Db,
  importId: string,
  options: {
    header: readonly string[];
    problemsOnly: boolean;
    lines: (rows: ImportRowRecord[]) => Promise<CsvValue[][]>;
  },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine([...options.header])}`));
        return;
      }
      try {
        const rows = await db.participantImportRow.findMany({
          where: { importId, rowNumber: { gt: after }, ...(options.problemsOnly && { error: { not: null } }) },
          orderBy: { rowNumber: 'asc' },
          take: 1_000,
        });
        if (rows.length === 0) {
          controller.close();
          return;
        }
        after = rows.at(-1)!.rowNumber;
        controller.enqueue(encoder.encode((await options.lines(rows)).map(csvLine).join('')));
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/**
 * The results file: one line per row of the upload with the created participant's uuid, guide link and call
 * gate, or the error.
 */
export function importResultsCsv(db: Db, importId: string): ReadableStream<Uint8Array> {
  return importRowsCsv(db, importId, {
    header: RESULT_COLUMNS,
    problemsOnly: false,
    lines: async (rows) => {
      const attempts = await db.attempt.findMany({
        where: {
          participantId: { in: rows.filter((r) => r.state === 'created').map((r) => r.participantId) },
          number: 1,
        },
        select: { participantId: true, guideToken: true },
      });
      const tokens = new Map(attempts.map((a) => [a.participantId, a.guideToken]));
      return rows.map((r) => {
        const created = r.state === 'created';
        const token = tokens.get(r.participantId);
        return [
          r.rowNumber,
          r.irn,
          created ? r.participantId : null,
          created && token ? guideLink(token) : null,
          created ? r.isAllowed : null,
          created ? null : (r.error ?? 'Not imported yet'),
        ];
      });
    },
  });
}

/** Every problem of an import (the preview's, then the run's): the page lists only the first ones. */
export function importProblemsCsv(db: Db, importId: string): ReadableStream<Uint8Array> {
  return importRowsCsv(db, importId, {
    header: PROBLEM_COLUMNS,
    problemsOnly: true,
    lines: (rows) => Promise.resolve(rows.map((r) => [r.rowNumber, r.irn, r.error])),
  });
}
