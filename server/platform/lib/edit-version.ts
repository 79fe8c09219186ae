// Lost updates between two tabs, or two Admins: a form that saves a whole record writes every field it holds,
// so a save from a form opened before someone else's change would silently undo that change. Such a record is
// shown with its edit version (a short digest of each field the form edits, as stored); the form sends it
// back with the save, and the service compares it with the record as stored, under a row lock, in the
// transaction that writes the save. A field changed meanwhile that the save would set to another value
// refuses the save, and the message names those fields. Fields the form does not edit never conflict (the
// personal data retention beside a questionnaire's settings, a webhook's delivery health), nor does a change
// to the value the save also sets.
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { AppError } from './errors';

/** What a record's form edits: each field with the name the conflict message gives it. */
export interface EditedFields<K extends string> {
  /** The record as the message names it: "questionnaire", "webhook", "key". */
  thing: string;
  labels: Record<K, string>;
}

/** The edit version as a form sends it back (digests joined by dots). */
export const editVersionSchema = z
  .string()
  .max(2_000)
  .regex(/^[\w.-]*$/, { error: 'Reload the page and save again' });

/** JSON with object keys in a fixed order, so equal values have equal digests. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value ?? null;
}

const digest = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('base64url')
    .slice(0, 12);

const fieldsOf = <K extends string>(edited: EditedFields<K>) => Object.keys(edited.labels) as K[];

/** The edit version of `record`: one digest per edited field, in the order of `edited.labels`. */
export function editVersionOf<K extends string>(edited: EditedFields<K>, record: Record<K, unknown>): string {
  return fieldsOf(edited)
    .map((field) => digest(record[field]))
    .join('.');
}

/** The edited fields whose value `next` changes (for the audit entry: only what did change). */
export function changedFields<K extends string>(
  edited: EditedFields<K>,
  current: Record<K, unknown>,
  next: Partial<Record<K, unknown>>,
): K[] {
  return fieldsOf(edited).filter(
    (field) => field in next && !isDeepStrictEqual(canonical(next[field]), canonical(current[field])),
  );
}

const staleEditMessage = (thing: string, labels: string[]) =>
  `This ${thing} was changed by someone else since you opened it (${labels.join(', ')}). Reload to see the changes.`;

/**
 * Refuses a save made from `editVersion` when a field changed since then and the save would set it to another
 * value than it has now. No version (a caller other than a form, such as the CLI): nothing to compare.
 * `current` must have been read under a lock that the saving transaction holds.
 */
export function assertNoConflictingChange<K extends string>(
  edited: EditedFields<K>,
  editVersion: string | undefined,
  current: Record<K, unknown>,
  next: Partial<Record<K, unknown>>,
): void {
  if (editVersion === undefined) return;
  const fields = fieldsOf(edited);
  const seen = editVersion.split('.');
  // A version of another shape: a page older than the form it posts to.
  if (seen.length !== fields.length)
    throw new AppError('CONFLICT', `This page is out of date: reload it to edit this ${edited.thing}.`);
  const changedSince = fields.filter((field, index) => seen[index] !== digest(current[field]));
  const overwritten = new Set(changedFields(edited, current, next));
  const conflicting = changedSince.filter((field) => overwritten.has(field));
  if (conflicting.length > 0) {
    throw new AppError(
      'CONFLICT',
      staleEditMessage(
        edited.thing,
        conflicting.map((field) => edited.labels[field]),
      ),
      { changedFields: conflicting },
    );
  }
}
