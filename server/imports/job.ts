// Bulk enrolment from a CSV file. An upload is parsed and every row checked by the create's own rules
// (checkNewParticipantFields) into a stored preview; nothing is created until the import is started. The job
// then lives in the database: any worker (the instance that started it, another instance, a restarted server,
// the CLI) holding its lease works through the pending rows a chunk at a time with createParticipants, the
// create of POST /v1/participant for many rows (same checks, messages and statement). Every row carries the
// participant id it will get, decided at upload, so a worker that died between creating participants and
// recording them is recognised on resume: a participant with that very id exists (the statement never
// inserts an id twice). No row is ever created twice, and the create's ON CONFLICT on (questionnaire, IRN)
// refuses the rest.
import { randomUUID } from 'node:crypto';
import type { Db } from '@/server/platform/db/client';
import type { ParticipantImport } from '@/server/generated/prisma/client.ts';
import { AppError, isAppError } from '@/server/platform/lib/errors';
import { checkNewParticipantFields } from '@/server/participants/fields';
import { identifierKey } from '@/server/platform/lib/identifier-text';
import type { ParticipantScope } from '@/server/participants/participants';
import { MESSAGES } from '@/server/participants/messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { detailColumnsOf } from '@/server/participants/statements';
import { recordAudit, type AuditActor } from '@/server/audit/audit-log';
import { inTransaction } from '@/server/platform/db/transaction';
import { IMPORT_MESSAGES, parseImportFile, type ImportFields } from '@/server/imports/participant-import';
import { insertPreviewRowsStatement, takenIrnsStatement } from '@/server/imports/statements';
import { offendingValue, storedImportFields } from '@/server/imports/offending-value';

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

export interface ImportRowIssue {
  row: number;
  irn: string;
  message: string;
  /** The column and value the message is about, when it is about one (offending-value.ts). */
  column: string | null;
  value: string | null;
}

/** A bad row's issue, with the value its message is about. */
function rowIssue(row: number, fields: Omit<ImportFields, 'malformed'>, message: string): ImportRowIssue {
  const offending = offendingValue(fields, message);
  return {
    row,
    irn: fields.irn.trim(),
    message,
    column: offending?.column ?? null,
    value: offending?.value ?? null,
  };
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
const PREVIEW_ISSUES_SHOWN = 100;
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
  if (!questionnaire) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  const checked = rows.map((fields, i) => ({ rowNumber: i + 1, ...checkImportRow(fields) }));
  const taken = await takenIrns(
    db,
    input.scope.questionnaireId,
    checked.filter((r) => !r.error).map((r) => r.irn),
  );
  const seen = new Set<string>();
  // Not stored as refused: the create decides at run time (a duplicate may have been erased meanwhile).
  // IRNs are compared as the unique index compares them: by their NFKC forms.
  const duplicates = new Map<number, string>();
  for (const row of checked) {
    if (row.error) continue;
    const key = identifierKey(row.irn);
    if (taken.has(key) || seen.has(key)) duplicates.set(row.rowNumber, MESSAGES.duplicateIrn(row.irn));
    seen.add(key);
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
      await tx.$executeRaw(
        insertPreviewRowsStatement(
          created.id,
          checked.slice(start, start + INSERT_CHUNK).map((row, i) => {
            const raw = rows[start + i]!;
            return {
              row_number: row.rowNumber,
              irn: row.irn,
              // As uploaded: the create normalises them again, by the same rules.
              ...detailColumnsOf(raw),
              participant_id: randomUUID(),
              state: row.error ? 'refused' : 'pending',
              error: row.error ?? duplicates.get(row.rowNumber) ?? null,
            };
          }),
        ),
      );
    }
    return created;
  });
  const issues = checked.flatMap((r) => {
    const message = r.error ?? duplicates.get(r.rowNumber);
    const { malformed, ...fields } = rows[r.rowNumber - 1]!;
    if (message === undefined) return [];
    return [
      malformed
        ? { row: r.rowNumber, irn: r.irn, message, column: null, value: null }
        : rowIssue(r.rowNumber, fields, message),
    ];
  });
  return {
    progress: toProgress(job, { created: 0, refused: invalidRows }),
    issues: issues.slice(0, PREVIEW_ISSUES_SHOWN),
    issueCount: issues.length,
  };
}

/**
 * The NFKC forms of the IRNs among `irns` that a participant of the questionnaire already has (by its NFKC form,
 * or, for one exempt from that index, exactly): the two unique indexes' own comparisons, each using its index.
 */
async function takenIrns(db: Db, questionnaireId: string, irns: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < irns.length; start += INSERT_CHUNK) {
    const found = await db.$queryRaw<{ irn: string }[]>(
      takenIrnsStatement(questionnaireId, irns.slice(start, start + INSERT_CHUNK)),
    );
    for (const { irn } of found) taken.add(identifierKey(irn));
  }
  return taken;
}

/** The preview's bad rows and known duplicates, in row order, each with the value it is about. */
export async function importIssues(db: Db, importId: string, limit = PREVIEW_ISSUES_SHOWN) {
  const rows = await db.participantImportRow.findMany({
    where: { importId, error: { not: null } },
    orderBy: { rowNumber: 'asc' },
    take: limit,
    select: {
      rowNumber: true,
      irn: true,
      phoneNumber1: true,
      phoneNumber2: true,
      externalRefId: true,
      email: true,
      language: true,
      error: true,
    },
  });
  return rows.map(({ rowNumber, error, ...fields }) =>
    rowIssue(rowNumber, storedImportFields(fields), error!),
  );
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
