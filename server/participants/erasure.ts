// Erasure of a participant's personal data (the REST door's DELETE /v1/participant/{id}), apart from the
// participant rules because it reaches into every table that holds personal data: the participant row, its
// attempts' codes and links, and the webhook payloads queued about it.
import type { Db } from '@/server/platform/db/client';
import { inTransaction } from '@/server/platform/db/transaction';
import { recordAudit, type AuditActor } from '@/server/audit/audit-log';
import { participantEntry } from '@/server/participants/audit';
import { resolveParticipant, type ParticipantScope } from '@/server/participants/participants';
import { NO_DETAILS } from '@/server/participants/statements';

/**
 * Erases a participant's personal data. The row stays as an anonymised tombstone (so results stay countable):
 * contact fields are cleared, the IRN is replaced by a value that identifies no one and no longer blocks its
 * reuse, the attempts' access codes and guide tokens stop working, and queued webhook payloads lose the IRN
 * and access code (pending ones are cancelled).
 */
export async function eraseParticipant(
  db: Db,
  scope: ParticipantScope,
  participantId: string,
  actor: AuditActor,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const participant = await resolveParticipant(tx, scope, participantId);
    const erasedAt = new Date();
    await tx.participant.update({
      where: { id: participant.id },
      data: {
        irn: `erased:${participant.id}`,
        ...NO_DETAILS,
        erasedAt,
      },
    });
    const attempts = await tx.attempt.findMany({
      where: { participantId: participant.id },
      select: { id: true },
    });
    for (const { id } of attempts) {
      await tx.attempt.update({
        where: { id },
        data: { accessCode: `erased:${id}`, guideToken: `erased:${id}` },
      });
    }
    const deliveries = await tx.webhookDelivery.findMany({
      where: { participantId: participant.id },
      select: { id: true, payload: true, status: true },
    });
    for (const delivery of deliveries) {
      const payload = delivery.payload as Record<string, unknown>;
      await tx.webhookDelivery.update({
        where: { id: delivery.id },
        data: {
          payload: { ...payload, interview_ref_num: '', access_code: '' },
          ...(delivery.status === 'pending' ? { status: 'cancelled', lastError: 'participant erased' } : {}),
        },
      });
    }
    await recordAudit(tx, participantEntry(actor, 'participant.erase', scope.tenantId, participant));
  });
}
