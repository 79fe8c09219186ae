// The worker of a started participant import: it holds the job's lease and creates the pending rows' participants
// a chunk at a time with createParticipants (the create of POST /v1/participant for many rows), recording each
// row's outcome; a worker that dies leaves its lease to run out, and resumeImports takes the job over.
import type { Db } from '@/server/platform/db/client';
import { createParticipants } from '@/server/participants/batch-create';
import { loadParticipantView, type ParticipantScope } from '@/server/participants/participants';
import type { AuditActor } from '@/server/audit/audit-log';
import { getImportProgress, type ImportProgress } from '@/server/imports/job';
import { recordOutcomesStatement, type RowOutcome } from '@/server/imports/statements';
import { detailFieldsOf } from '@/server/participants/statements';

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
      irn: row.irn,
      ...detailFieldsOf(row),
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
  await db.$executeRaw(recordOutcomesStatement(importId, outcomes));
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
