// What a participant's audit entries say: who changed which participant, and the names (never the values) of
// the fields sent, because the audit log outlives the participant's erasure.
import type { Participant } from '@/server/generated/prisma/client.ts';
import type { AuditAction, AuditActor } from '@/server/audit/audit-log';
import type { ParticipantDetails } from '@/server/participants/fields';
import { PARTICIPANT_DETAIL_FIELDS } from '@/server/participants/statements';

/** The names of the optional fields that were sent, not their values: the audit log outlives erasure. */
export const sentFieldNames = (details: ParticipantDetails): string[] =>
  PARTICIPANT_DETAIL_FIELDS.filter((name) => details[name] !== undefined);

/** The audit entry of a change to one participant (never personal data: the log outlives erasure). */
export const participantEntry = (
  actor: AuditActor,
  action: AuditAction,
  tenantId: string,
  participant: Pick<Participant, 'id' | 'questionnaireId'>,
) => ({
  actor,
  action,
  targetType: 'participant',
  targetId: participant.id,
  tenantId,
  questionnaireId: participant.questionnaireId,
});
