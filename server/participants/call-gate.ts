// The call gate: whether a participant may take the questionnaire (the spec's is_participant_allowed), the
// one rule for the REST record, the Admin list and the participant page.
import type { Db } from '@/server/platform/db/client';
import type { Participant } from '@/server/generated/prisma/client.ts';
import { deploymentCountry, toE164 } from '@/server/platform/lib/phone';

/** The participant's phone numbers in E.164, read in the deployment's country; unreadable ones are left out. */
export function blockablePhoneNumbers(
  participant: Pick<Participant, 'phoneNumber1' | 'phoneNumber2'>,
): string[] {
  const country = deploymentCountry();
  const numbers = [participant.phoneNumber1, participant.phoneNumber2]
    .map((raw) => (raw ? toE164(raw, country) : null))
    .filter((n): n is string => n !== null);
  return [...new Set(numbers)];
}

/** Why the call gate refuses a participant: more attempts than the limit, or a phone number on the block list. */
export type DisallowedReason = 'attempt_limit' | 'blocked_number';

/**
 * The call gate, the one rule of is_participant_allowed for every caller (the REST record, the Admin list and
 * participant page): no more attempts than the questionnaire's limit (null: none) and none of the
 * participant's numbers (read by blockablePhoneNumbers) on the block list. Null when allowed, else the reason
 * (the attempt limit first).
 */
export function callGateVerdict(
  attemptCount: number,
  attemptLimit: number | null,
  blockedNumbers: number,
): DisallowedReason | null {
  if (attemptLimit !== null && attemptCount > attemptLimit) return 'attempt_limit';
  return blockedNumbers > 0 ? 'blocked_number' : null;
}

/** The call gate for one participant, read from the database: null when allowed, else why not. */
export async function participantCallGate(
  db: Db,
  participant: Pick<Participant, 'questionnaireId' | 'phoneNumber1' | 'phoneNumber2'>,
  attemptCount: number,
): Promise<DisallowedReason | null> {
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: participant.questionnaireId },
    select: { attemptLimit: true },
  });
  return participantCallGateWith(db, participant, attemptCount, questionnaire?.attemptLimit ?? null);
}

/** participantCallGate when the questionnaire's attempt limit is known already. */
export async function participantCallGateWith(
  db: Db,
  participant: Pick<Participant, 'questionnaireId' | 'phoneNumber1' | 'phoneNumber2'>,
  attemptCount: number,
  attemptLimit: number | null,
): Promise<DisallowedReason | null> {
  const overLimit = callGateVerdict(attemptCount, attemptLimit, 0);
  if (overLimit) return overLimit;
  const numbers = blockablePhoneNumbers(participant);
  if (numbers.length === 0) return null;
  const blocked = await db.blockedPhoneNumber.count({
    where: { questionnaireId: participant.questionnaireId, phoneNumber: { in: numbers } },
  });
  return callGateVerdict(attemptCount, attemptLimit, blocked);
}

/** Whether the participant may take the questionnaire (the spec's is_participant_allowed). */
export async function isParticipantAllowed(
  db: Db,
  participant: Pick<Participant, 'questionnaireId' | 'phoneNumber1' | 'phoneNumber2'>,
  attemptCount: number,
): Promise<boolean> {
  return (await participantCallGate(db, participant, attemptCount)) === null;
}
