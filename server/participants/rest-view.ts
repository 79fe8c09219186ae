// The participant as the REST door shows it: the spec's Participant record (field names and spelling as
// published). The rules and their messages live in the participants domain; this module only says how a participant
// reads to a customer's system.
import { z } from 'zod';
import { toRfc3339Utc } from '@/server/platform/lib/time';
import { guideLink } from '@/server/participants/guide';
import type { ParticipantView } from '@/server/participants/participants';

export const participantRecordSchema = z.object({
  project_uuid: z.string(),
  phone_number1: z.string(),
  phone_number2: z.string(),
  interview_ref_num: z.string(),
  external_ref_id: z.string(),
  participant_uuid: z.string(),
  email: z.string(),
  language: z.string(),
  particpant_guide_link: z.string(),
  is_participant_allowed: z.boolean(),
  outcome: z.string().nullable(),
  outcome_ts: z.string().nullable(),
});
/** The spec's Participant record (the guide link's field name is spelt as published). */
export type ParticipantRecord = z.infer<typeof participantRecordSchema>;

export function toParticipantRecord(view: ParticipantView): ParticipantRecord {
  const { participant: p } = view;
  return {
    project_uuid: p.questionnaireId,
    phone_number1: p.phoneNumber1 ?? '',
    phone_number2: p.phoneNumber2 ?? '',
    interview_ref_num: p.irn,
    external_ref_id: p.externalRefId ?? '',
    participant_uuid: p.id,
    email: p.email ?? '',
    language: p.language ?? '',
    particpant_guide_link: guideLink(view.currentAttempt.guideToken),
    is_participant_allowed: view.isAllowed,
    outcome: p.outcome,
    outcome_ts: p.outcomeTs ? toRfc3339Utc(p.outcomeTs) : null,
  };
}
