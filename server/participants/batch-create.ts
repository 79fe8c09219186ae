// Creating many participants at once (the CSV import's worker): createParticipant's rules, messages and SQL
// for a chunk of rows, with one outcome per row. Each row's fields get the create's own checks
// (checkNewParticipantFields); the rows that pass are written by ONE statement, the create's own
// (insertParticipantsStatement), whose ON CONFLICT on the (questionnaire, IRN) index refuses a taken IRN, one
// taken earlier in the same chunk included, with the create's duplicate message. One statement per chunk
// instead of one per row is what makes an import of tens of thousands of rows fast: a round trip, a commit
// and the overview triggers' work per chunk rather than per row.
import type { Db } from '@/server/platform/db/client';
import { AppError, isAppError } from '@/server/platform/lib/errors';
import { MESSAGES } from '@/server/participants/messages';
import type { AuditActor } from '@/server/audit/audit-log';
import { queryRows } from '@/server/platform/db/direct-statement';
import {
  blockedNumbersOf,
  insertParticipantsStatement,
  type InsertParticipantRow,
} from '@/server/participants/statements';
import { callGateVerdict } from '@/server/participants/call-gate';
import { checkNewParticipantFields, type ParticipantDetails } from '@/server/participants/fields';
import {
  FRESH_CODE_TRIES,
  isUniqueViolation,
  newParticipantRecords,
  resolveProject,
  type ParticipantScope,
  type ParticipantView,
} from '@/server/participants/participants';
import { participantEntry, sentFieldNames } from '@/server/participants/audit';

/** One row of a batch: the create's fields, and what createParticipant's options give for one participant. */
export interface BatchCreateRow extends ParticipantDetails {
  irn: string;
  /** The id the participant gets, when the caller decides it (the import does, to recognise its own writes). */
  participantId?: string;
  /** Facts the audit entry holds instead of the names of the fields sent (the import: its job and row). */
  auditDetails?: Record<string, unknown>;
}

export type BatchCreateOutcome =
  | { created: true; view: ParticipantView }
  | {
      created: false;
      /** What createParticipant would have thrown for this row alone. */
      error: AppError;
      /**
       * A participant with the row's given id existed already: an earlier run of the same caller created it
       * (the row's IRN is then taken by that very participant). Only possible with `participantId`.
       */
      idTaken: boolean;
    };

/**
 * Creates the rows' participants in `projectId` (resolved for `scope` like createParticipant does: a project
 * the scope may not act in refuses the whole batch), one outcome per row in the rows' order. Rows are
 * written in order, so of two rows with the same IRN the first is created and the second refused. Pass the
 * client, not a transaction: a random code that is already taken (very rare) fails the statement, and the
 * whole chunk is then tried again with fresh codes, as createParticipant does for one.
 */
export async function createParticipants(
  db: Db,
  scope: ParticipantScope,
  projectId: string,
  rows: BatchCreateRow[],
  options: { actor: AuditActor },
): Promise<BatchCreateOutcome[]> {
  const questionnaireId = await resolveProject(db, scope, projectId);
  const outcomes: (BatchCreateOutcome | null)[] = rows.map(() => null);
  const valid: { index: number; fields: ReturnType<typeof checkNewParticipantFields> }[] = [];
  rows.forEach((row, index) => {
    try {
      valid.push({ index, fields: checkNewParticipantFields(row) });
    } catch (error) {
      if (!isAppError(error)) throw error;
      outcomes[index] = { created: false, error, idTaken: false };
    }
  });
  if (valid.length > 0) {
    for (let attempt = 1; ; attempt++) {
      const records = valid.map(({ index, fields }) => {
        const row = rows[index]!;
        const { participant, currentAttempt } = newParticipantRecords(
          questionnaireId,
          fields,
          row.participantId,
        );
        // The entry createParticipant writes for one participant.
        const audit = {
          ...participantEntry(options.actor, 'participant.create', scope.tenantId, participant),
          details: { attempt: 1, ...(row.auditDetails ?? { fields: sentFieldNames(row) }) },
        };
        return { index, participant, attempt: currentAttempt, audit };
      });
      let written: InsertParticipantRow | undefined;
      try {
        [written] = await queryRows<InsertParticipantRow>(db, insertParticipantsStatement(records));
      } catch (error) {
        // A random access code or guide token that is already taken (very rare): fresh ones for the chunk.
        if (!isUniqueViolation(error) || attempt >= FRESH_CODE_TRIES) throw error;
        continue;
      }
      const created = new Set(written?.created_ids);
      // Ids the caller chose that were not written now: a participant with that id may exist already. Only
      // this row could have created it (an id is decided once, for one row), so it is the row's own write.
      const chosen = records
        .filter(({ index, participant }) => rows[index]!.participantId && !created.has(participant.id))
        .map(({ participant }) => participant.id);
      const existing = new Set(
        chosen.length
          ? (await db.participant.findMany({ where: { id: { in: chosen } }, select: { id: true } })).map(
              (p) => p.id,
            )
          : [],
      );
      for (const { index, participant, attempt: currentAttempt } of records) {
        outcomes[index] = created.has(participant.id)
          ? {
              created: true,
              view: {
                participant,
                currentAttempt,
                attemptCount: 1,
                isAllowed:
                  callGateVerdict(
                    1,
                    written?.attempt_limit ?? null,
                    written ? blockedNumbersOf(participant, written).length : 0,
                  ) === null,
              },
            }
          : {
              created: false,
              error: new AppError('BAD_REQUEST', MESSAGES.duplicateIrn(participant.irn)),
              idTaken: existing.has(participant.id),
            };
      }
      break;
    }
  }
  return outcomes.map((outcome) => outcome!);
}
