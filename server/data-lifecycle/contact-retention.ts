// Personal data retention per questionnaire: an Admin may have participants' personal data (phone numbers,
// e-mail, IRN, external reference) erased a number of days after their last activity. Off by default. Each
// erasure goes through the REST door's erasure (the anonymised tombstone) and is audited like it, as the
// system's. The pruning schedule runs it (server/data-lifecycle/scheduler.ts).
import { z } from 'zod';
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { AppError } from '@/server/platform/lib/errors';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import type { AuditActor } from '@/server/audit/audit-log';
import { eraseParticipant } from '@/server/participants/erasure';
import { lockQuestionnaire, updateQuestionnaireAudited } from '@/server/questionnaires/questionnaires';
import {
  assertNoConflictingChange,
  editVersionOf,
  type EditedFields,
} from '@/server/platform/lib/edit-version';
import { countInactiveStatement, inactiveIdsStatement } from './statements';

export const contactRetentionDays = z
  .number({ error: 'Enter a whole number of days, or turn erasure off' })
  .int({ error: 'Enter a whole number of days' })
  .min(1, { error: 'Keep personal data at least 1 day' })
  .max(3650, { error: 'Keep personal data at most 3650 days (10 years)' })
  .nullable();

const SYSTEM: AuditActor = { type: 'system', id: 'contact-retention' };
/** Participants erased per transaction: each erasure is its own, short one. */
const ERASE_BATCH = 200;

const cutoffFor = (days: number, now: Date) => new Date(now.getTime() - days * 24 * 3_600_000);

export interface ContactRetention {
  /** null: personal data is kept until erased by hand. */
  days: number | null;
  /** Participants the next run will erase (0 while off). */
  dueCount: number;
  /** The setting as the form opens it (server/platform/lib/edit-version.ts). */
  editVersion: string;
}

const RETENTION_EDIT: EditedFields<'contactRetentionDays'> = {
  thing: 'questionnaire',
  labels: { contactRetentionDays: 'personal data retention' },
};

export async function getContactRetention(
  db: Db,
  questionnaireId: string,
  now: Date = new Date(),
): Promise<ContactRetention> {
  const q = await db.questionnaire.findUnique({
    where: { id: questionnaireId },
    select: { contactRetentionDays: true },
  });
  if (!q) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  const days = q.contactRetentionDays;
  const editVersion = editVersionOf(RETENTION_EDIT, q);
  if (days === null) return { days, dueCount: 0, editVersion };
  const [row] = await db.$queryRaw<{ n: bigint | number }[]>(
    countInactiveStatement(questionnaireId, cutoffFor(days, now)),
  );
  return { days, dueCount: Number(row?.n ?? 0), editVersion };
}

/**
 * Sets (or, with null, turns off) the questionnaire's retention, audited as a questionnaire update; refused
 * when it changed since the form's `editVersion`. Setting the value it already has writes nothing.
 */
export async function setContactRetention(
  db: Db,
  questionnaireId: string,
  days: number | null,
  actor: AuditActor,
  options: { editVersion?: string } = {},
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockQuestionnaire(tx, questionnaireId);
    const current = await tx.questionnaire.findUniqueOrThrow({
      where: { id: questionnaireId },
      select: { contactRetentionDays: true },
    });
    const next = { contactRetentionDays: days };
    assertNoConflictingChange(RETENTION_EDIT, options.editVersion, current, next);
    if (current.contactRetentionDays === days) return;
    await updateQuestionnaireAudited(tx, questionnaireId, next, actor, {
      fields: ['contactRetentionDays'],
      contactRetentionDays: days,
    });
  });
}

/**
 * Erases every participant past their questionnaire's retention; returns how many (or, with dryRun, how many
 * it would).
 */
export async function eraseInactiveParticipants(
  db: Db,
  options: { now?: Date; dryRun?: boolean } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const questionnaires = await db.questionnaire.findMany({
    where: { contactRetentionDays: { not: null } },
    select: { id: true, tenantId: true, contactRetentionDays: true },
  });
  let total = 0;
  for (const q of questionnaires) {
    const cutoff = cutoffFor(q.contactRetentionDays!, now);
    if (options.dryRun) {
      total += (await getContactRetention(db, q.id, now)).dueCount;
      continue;
    }
    for (;;) {
      const due = await db.$queryRaw<{ id: string }[]>(inactiveIdsStatement(q.id, cutoff, ERASE_BATCH));
      for (const { id } of due)
        await eraseParticipant(db, { questionnaireId: q.id, tenantId: q.tenantId }, id, SYSTEM);
      total += due.length;
      if (due.length < ERASE_BATCH) break;
    }
  }
  return total;
}
