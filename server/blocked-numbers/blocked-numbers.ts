// A questionnaire's call-blocking list: phone numbers (E.164) whose participants may not take it. Numbers
// are read in the deployment's country when they have no + prefix, so "020 7946 0958" on the UK deployment
// and "+44 20 7946 0958" are the same number.
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import { inTransaction } from '@/server/platform/db/transaction';
import { acceptPhoneNumber, deploymentCountry, phoneNumberMessage } from '@/server/platform/lib/phone';
import { recordAudit, type AuditActor } from '@/server/audit/audit-log';

const MAX_PASTED_NUMBERS = 5_000;

export interface BlockedNumber {
  id: string;
  phoneNumber: string;
  createdAt: Date;
}

/** A phone number as the audit log keeps it: the log outlives erasure, so only the last three digits. */
const maskedPhoneNumber = (e164: string): string =>
  `${'•'.repeat(Math.max(0, e164.length - 3))}${e164.slice(-3)}`;

const unreadable = (raw: string) => phoneNumberMessage(`"${raw}"`);

export async function listBlockedNumbers(db: Db, questionnaireId: string): Promise<BlockedNumber[]> {
  return db.blockedPhoneNumber.findMany({
    where: { questionnaireId },
    orderBy: [{ createdAt: 'desc' }, { phoneNumber: 'asc' }],
    select: { id: true, phoneNumber: true, createdAt: true },
  });
}

/**
 * Blocks one number. Blocking a number that is already blocked is a conflict the Admin is told about. The audit
 * entry `blocked_number.add` (by `actor`, the number masked) is written in the same transaction.
 */
export async function blockNumber(
  db: Db,
  questionnaireId: string,
  raw: string,
  actor: AuditActor,
  country: CountryCode = deploymentCountry(),
): Promise<BlockedNumber> {
  const phoneNumber = acceptPhoneNumber(raw, country);
  if (!phoneNumber) throw new AppError('BAD_REQUEST', unreadable(raw.trim()), { field: 'phoneNumber' });
  return inTransaction(db, async (tx) => {
    const { count } = await tx.blockedPhoneNumber.createMany({
      data: [{ questionnaireId, phoneNumber }],
      skipDuplicates: true,
    });
    if (count === 0) {
      throw new AppError('CONFLICT', `${phoneNumber} is already blocked`, { field: 'phoneNumber' });
    }
    const created = await tx.blockedPhoneNumber.findUniqueOrThrow({
      where: { questionnaireId_phoneNumber: { questionnaireId, phoneNumber } },
      select: { id: true, phoneNumber: true, createdAt: true },
    });
    await recordAudit(tx, {
      actor,
      action: 'blocked_number.add',
      targetType: 'blocked_number',
      targetId: created.id,
      questionnaireId,
      details: { number: maskedPhoneNumber(created.phoneNumber) },
    });
    return created;
  });
}

export interface PastedLineProblem {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
  message: string;
}

/** Splits pasted text into candidate numbers: one per line, or separated by commas or semicolons. */
function pastedEntries(text: string): { line: number; text: string }[] {
  return text.split(/\r?\n/).flatMap((lineText, index) =>
    lineText
      .split(/[,;]/)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => ({ line: index + 1, text: part })),
  );
}

/**
 * Blocks every number of a pasted list. When any entry cannot be read, nothing is saved and every problem
 * is reported with its line; numbers already blocked (or repeated in the list) are counted, not refused.
 * When any number was added, the audit entry `blocked_number.add_many` is written in the same transaction.
 */
export async function blockPastedNumbers(
  db: Db,
  questionnaireId: string,
  text: string,
  actor: AuditActor,
  country: CountryCode = deploymentCountry(),
): Promise<{ added: number; alreadyBlocked: number; problems: PastedLineProblem[] }> {
  const entries = pastedEntries(text);
  if (entries.length === 0) {
    throw new AppError('BAD_REQUEST', 'Paste at least one phone number', { field: 'numbers' });
  }
  if (entries.length > MAX_PASTED_NUMBERS) {
    throw new AppError(
      'BAD_REQUEST',
      `Paste at most ${MAX_PASTED_NUMBERS.toLocaleString('en')} numbers at a time`,
      { field: 'numbers' },
    );
  }
  const problems: PastedLineProblem[] = [];
  const numbers = new Set<string>();
  for (const entry of entries) {
    const phoneNumber = acceptPhoneNumber(entry.text, country);
    if (phoneNumber) numbers.add(phoneNumber);
    else problems.push({ ...entry, message: unreadable(entry.text) });
  }
  if (problems.length) return { added: 0, alreadyBlocked: 0, problems };
  return inTransaction(db, async (tx) => {
    const { count } = await tx.blockedPhoneNumber.createMany({
      data: [...numbers].map((phoneNumber) => ({ questionnaireId, phoneNumber })),
      skipDuplicates: true,
    });
    const outcome = { added: count, alreadyBlocked: entries.length - count, problems };
    if (count > 0)
      await recordAudit(tx, {
        actor,
        action: 'blocked_number.add_many',
        targetType: 'blocked_number',
        questionnaireId,
        details: { added: outcome.added, alreadyBlocked: outcome.alreadyBlocked },
      });
    return outcome;
  });
}

/** Unblocks one number of this questionnaire, named by its row id; audited as `blocked_number.remove`. */
export async function unblockNumber(
  db: Db,
  questionnaireId: string,
  id: string,
  actor: AuditActor,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { count } = await tx.blockedPhoneNumber.deleteMany({ where: { id, questionnaireId } });
    if (count === 0) throw new AppError('NOT_FOUND', 'That number is not blocked any more');
    await recordAudit(tx, {
      actor,
      action: 'blocked_number.remove',
      targetType: 'blocked_number',
      targetId: id,
      questionnaireId,
    });
  });
}
