// One change per Admin form submission. A form sends a fresh submission id with each submit; the change
// claims it inside its own transaction, so a second request with the same id (a native double-click that got
// past the page, a request the browser retried) is refused instead of creating a second key, block or test
// event. The row is the lock: of two concurrent claims on PostgreSQL or PGlite exactly one commits.
import { z } from 'zod';
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { AppError } from '@/server/platform/lib/errors';
import { claimFormSubmissionStatement } from './statements';

/** How long a claimed id is remembered; a form never resubmits after that. */
const FORM_SUBMISSION_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_PROBABILITY = 0.01;

export const ALREADY_SUBMITTED = 'This form was already submitted: reload the page to see the result';

/** The optional `submissionId` of an Admin mutation's input. */
export const formSubmission = z.object({
  submissionId: z.uuid({ error: 'Reload the page and submit the form again' }).optional(),
});

export async function claimFormSubmission(
  tx: Db,
  adminId: string,
  submissionId: string | undefined,
  action: string,
  now: Date = new Date(),
): Promise<void> {
  if (!submissionId) return;
  const inserted = await tx.$executeRaw(
    claimFormSubmissionStatement({ adminUserId: adminId, submissionId, action, createdAt: now }),
  );
  if (inserted === 0) throw new AppError('CONFLICT', ALREADY_SUBMITTED);
  if (Math.random() < SWEEP_PROBABILITY) {
    await tx.$executeRaw`
      DELETE FROM admin_form_submission WHERE created_at < ${new Date(now.getTime() - FORM_SUBMISSION_TTL_MS)}`;
  }
}

/**
 * Runs an Admin form's change in one transaction with its submission claimed: the change and the claim commit
 * together, so a refused or failed change leaves the id free for the form's retry.
 */
export function withFormSubmission<T>(
  db: Db,
  claim: { adminId: string; submissionId: string | undefined; action: string },
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    await claimFormSubmission(tx, claim.adminId, claim.submissionId, claim.action);
    return change(tx);
  });
}
