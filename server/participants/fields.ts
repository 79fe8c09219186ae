// The participant's text fields: how long each may be, which text the database can store, and the one rule
// book a new or changed participant's fields are checked and normalised by (the REST door, the Admin door, the
// CSV import's preview). Messages name the REST field, as the spec's error bodies do. The IRN and the external
// reference are identifiers: they also follow the rules of server/platform/lib/identifier-text.ts.
import { z } from 'zod';
import { AppError } from '@/server/platform/lib/errors';
import { identifierProblem } from '@/server/platform/lib/identifier-text';
import { isPhoneNumberText, phoneNumberTextMessage } from '@/server/platform/lib/phone';
import { tooLongMessage, unstorableMessage } from '@/server/platform/lib/field-messages';
import { MESSAGES } from '@/server/participants/messages';
import type { ParticipantDetailField } from '@/server/participants/statements';

/** Longest values accepted for the participant's text fields. */
export const PARTICIPANT_FIELD_MAX = {
  irn: 255,
  phoneNumber: 64,
  externalRefId: 255,
  email: 254,
  language: 64,
  outcome: 255,
} as const;

/**
 * Optional fields (the participant's details, statements.ts): undefined leaves a stored value alone, an empty
 * string clears it.
 */
export type ParticipantDetails = { [F in ParticipantDetailField]?: string };

const emailFormat = z.email();

// Control characters other than tab and line breaks (PostgreSQL cannot store NUL at all), and lone UTF-16
// surrogates, which have no UTF-8 form and would be silently replaced.
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;
const LONE_SURROGATE = /\p{Cs}/u;

/** False for text the database cannot store faithfully (NUL and other control characters, broken UTF-16). */
export const isStorableText = (value: string): boolean =>
  !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);

/** Checks one text value; `label` names the field in the message. */
export function checkText(label: string, value: string, max: number): void {
  if (value.length > max) throw new AppError('BAD_REQUEST', tooLongMessage(label, max));
  if (!isStorableText(value)) throw new AppError('BAD_REQUEST', unstorableMessage(label));
}

/** Refuses a value that could pass for another identifier (identifier-text.ts); `label` names the field. */
function checkIdentifier(label: string, value: string): void {
  const problem = identifierProblem(label, value);
  if (problem) throw new AppError('BAD_REQUEST', problem);
}

export function normaliseIrn(irn: string): string {
  const value = irn.trim();
  if (!value) throw new AppError('BAD_REQUEST', MESSAGES.irnEmpty);
  checkText('interview_ref_num', value, PARTICIPANT_FIELD_MAX.irn);
  return value;
}

/** The stored form of the optional fields that were sent: trimmed, empty meaning "no value". */
export function normaliseDetails(details: ParticipantDetails) {
  const fields = {
    phoneNumber1: ['phone_number1', PARTICIPANT_FIELD_MAX.phoneNumber],
    phoneNumber2: ['phone_number2', PARTICIPANT_FIELD_MAX.phoneNumber],
    externalRefId: ['external_ref_id', PARTICIPANT_FIELD_MAX.externalRefId],
    email: ['email', PARTICIPANT_FIELD_MAX.email],
    language: ['language', PARTICIPANT_FIELD_MAX.language],
  } as const satisfies Record<keyof ParticipantDetails, readonly [string, number]>;
  const data: { [K in keyof ParticipantDetails]?: string | null } = {};
  for (const [key, [label, max]] of Object.entries(fields) as [
    keyof ParticipantDetails,
    (typeof fields)[keyof ParticipantDetails],
  ][]) {
    const raw = details[key];
    if (raw === undefined) continue;
    const value = raw.trim();
    checkText(label, value, max);
    if (value && key === 'externalRefId') checkIdentifier(label, value);
    if (value && (key === 'phoneNumber1' || key === 'phoneNumber2') && !isPhoneNumberText(value))
      throw new AppError('BAD_REQUEST', phoneNumberTextMessage(label));
    data[key] = value || null;
  }
  if (data.email && !emailFormat.safeParse(data.email).success)
    throw new AppError('BAD_REQUEST', MESSAGES.invalidEmail);
  return data;
}

/**
 * The checks a new participant's fields get, with their messages, and the stored form of the fields: the one
 * rule book for the REST create, the Admin door and the CSV import's preview.
 */
export function checkNewParticipantFields(input: { irn: string } & ParticipantDetails) {
  const irn = normaliseIrn(input.irn);
  // A new IRN only: a retake names the participant's stored IRN, which may predate this rule.
  checkIdentifier('interview_ref_num', irn);
  return { irn, details: normaliseDetails(input) };
}
