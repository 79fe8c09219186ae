// Everything the Admin participant page shows about one participant: its record (by the REST door's own
// rules), attempts with their access codes and guide links, outcome history, results with their revisions,
// and the webhook deliveries made about it. Read-only.
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import { MESSAGES } from '@/server/participants/messages';
import { loadParticipantView } from '@/server/participants/participants';
import { participantCallGate } from '@/server/participants/call-gate';
import { guideLink } from '@/server/participants/guide';
import { storedResultDataSchema } from '@/server/webhooks/payload';

const questionRatings = storedResultDataSchema.shape.questions_risk_rating;

export async function getParticipantDetail(db: Db, questionnaireId: string, participantId: string) {
  const participant = await db.participant.findFirst({
    where: { id: participantId, questionnaireId },
    include: {
      attempts: { orderBy: { number: 'desc' } },
      outcomeEvents: { orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }] },
      results: {
        include: {
          attempt: { select: { number: true } },
          revisions: { orderBy: { createdAt: 'desc' }, select: { id: true, source: true, createdAt: true } },
        },
      },
    },
  });
  if (!participant) throw new AppError('NOT_FOUND', MESSAGES.participantNotFound);
  const view = participant.erasedAt ? null : await loadParticipantView(db, participant.id);
  const deliveries = await db.webhookDelivery.findMany({
    where: { participantId: participant.id, webhook: { questionnaireId } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 100,
    include: { webhook: { select: { url: true } } },
  });
  const erased = participant.erasedAt !== null;
  // Why not, by the call gate of the REST record and the participants list.
  const disallowedReason =
    !view || view.isAllowed ? null : await participantCallGate(db, view.participant, view.attemptCount);
  return {
    id: participant.id,
    irn: participant.irn,
    email: participant.email,
    externalRefId: participant.externalRefId,
    phoneNumber1: participant.phoneNumber1,
    phoneNumber2: participant.phoneNumber2,
    language: participant.language,
    outcome: participant.outcome,
    outcomeTs: participant.outcomeTs,
    createdAt: participant.createdAt,
    updatedAt: participant.updatedAt,
    erasedAt: participant.erasedAt,
    isAllowed: view?.isAllowed ?? false,
    disallowedReason,
    attempts: participant.attempts.map((a, index) => ({
      id: a.id,
      number: a.number,
      // Erased attempts keep no usable code; only the newest attempt's code and link still work.
      accessCode: erased ? null : a.accessCode,
      guideLink: erased ? null : guideLink(a.guideToken),
      current: index === 0 && !erased,
      createdAt: a.createdAt,
      startedAt: a.startedAt,
      completedAt: a.completedAt,
    })),
    outcomes: participant.outcomeEvents.map((e) => ({
      id: e.id,
      outcome: e.outcome,
      outcomeTs: e.outcomeTs,
      recordedAt: e.recordedAt,
      byApiKey: e.apiKeyId !== null,
    })),
    results: participant.results
      .sort((a, b) => b.attempt.number - a.attempt.number)
      .map((r) => ({
        id: r.id,
        attemptNumber: r.attempt.number,
        status: r.status,
        overallEvaluation: r.overallEvaluation,
        summary: r.summary,
        summaryBgcolor: r.summaryBgcolor,
        clear: r.clear,
        isAdmission: r.isAdmission,
        isCounterMeasure: r.isCounterMeasure,
        isNotComplete: r.isNotComplete,
        // The stored JSON as the payload schema reads it (a list of ratings), or none when unreadable.
        questionsRiskRating: questionRatings.safeParse(r.questionsRiskRating).data ?? [],
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        revisions: r.revisions,
      })),
    deliveries: deliveries.map((d) => ({
      id: d.id,
      messageId: d.messageId,
      eventType: d.eventType,
      status: d.status,
      attemptCount: d.attemptCount,
      lastStatusCode: d.lastStatusCode,
      lastError: d.lastError,
      webhookUrl: d.webhook.url,
      createdAt: d.createdAt,
      deliveredAt: d.deliveredAt,
      nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt : null,
    })),
  };
}
