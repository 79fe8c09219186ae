// Which value of a refused import row its problem is about, so the problem list can show it beside the create's
// message ("Invalid email format" names no value, and a person fixing the file needs to find it). Each value
// is checked alone by the create's own rule book; the first whose refusal is the row's message is the one.
import { isAppError } from '@/server/platform/lib/errors';
import { checkNewParticipantFields } from '@/server/participants/fields';
import { MESSAGES } from '@/server/participants/messages';
import type { ImportFields } from '@/server/imports/participant-import';

/** The optional columns in the file's own names, with the create field each one fills. */
const OPTIONAL_COLUMNS = [
  ['phone_number1', 'phoneNumber1'],
  ['phone_number2', 'phoneNumber2'],
  ['external_ref_id', 'externalRefId'],
  ['email', 'email'],
  ['language', 'language'],
] as const;

/** An IRN the create accepts, for checking another field alone. */
const ACCEPTED_IRN = 'A';

const refusalOf = (check: () => unknown): string | null => {
  try {
    check();
    return null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return error.message;
  }
};

export interface OffendingValue {
  /** The file's column, e.g. "email". */
  column: string;
  value: string;
}

/**
 * The column and value the row's `message` is about, or null when no single value is (a row with too few
 * values, or a message the rules no longer give). An IRN already taken names the IRN.
 */
export function offendingValue(
  fields: Omit<ImportFields, 'malformed'>,
  message: string,
): OffendingValue | null {
  if (
    message === MESSAGES.duplicateIrn(fields.irn.trim()) ||
    refusalOf(() => checkNewParticipantFields({ irn: fields.irn })) === message
  )
    return { column: 'interview_ref_num', value: fields.irn };
  for (const [column, field] of OPTIONAL_COLUMNS) {
    const value = fields[field];
    if (value === undefined) continue;
    if (refusalOf(() => checkNewParticipantFields({ irn: ACCEPTED_IRN, [field]: value })) === message)
      return { column, value };
  }
  return null;
}

/** A stored row's values as the file had them (a column the file lacked is null). */
export const storedImportFields = (row: {
  irn: string;
  phoneNumber1: string | null;
  phoneNumber2: string | null;
  externalRefId: string | null;
  email: string | null;
  language: string | null;
}): Omit<ImportFields, 'malformed'> => ({
  irn: row.irn,
  phoneNumber1: row.phoneNumber1 ?? undefined,
  phoneNumber2: row.phoneNumber2 ?? undefined,
  externalRefId: row.externalRefId ?? undefined,
  email: row.email ?? undefined,
  language: row.language ?? undefined,
});
