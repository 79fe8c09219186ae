// The public guide page /guide/{token}: what a participant sees through the link they were sent (the
// questionnaire's name and phone number, their access code, the instructions in their language). Read by an
// unauthenticated page, so it answers only for a live token and never names the participant.
import type { Db } from '@/server/platform/db/client';
import { env } from '@/server/platform/env';

/** The participant's guide link (the spec's particpant_guide_link). */
export const guideLink = (guideToken: string): string => `${env.PUBLIC_BASE_URL}/guide/${guideToken}`;

export interface ParticipantGuide {
  questionnaireName: string;
  accessCode: string;
  phoneNumber: string | null;
  instructions: string | null;
  /** The language the instructions are in. */
  instructionsLanguage: string;
  /** False when a retake has replaced this attempt's code and link. */
  isCurrent: boolean;
}

function pickGuideText(
  guideTexts: unknown,
  language: string | null,
): { text: string | null; language: string } {
  const texts =
    guideTexts && typeof guideTexts === 'object' && !Array.isArray(guideTexts)
      ? Object.entries(guideTexts as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
        )
      : [];
  const find = (name: string) =>
    texts.find(([key]) => key.trim().toLowerCase() === name.trim().toLowerCase());
  const match = (language && find(language)) || find('English');
  return match ? { text: match[1], language: match[0] } : { text: null, language: 'English' };
}

/** What the public guide page /guide/{token} shows; null for an unknown (or erased) token. */
export async function getParticipantGuide(db: Db, guideToken: string): Promise<ParticipantGuide | null> {
  if (!guideToken || guideToken.length > 100 || guideToken.startsWith('erased:')) return null;
  const attempt = await db.attempt.findUnique({
    where: { guideToken },
    include: {
      participant: {
        select: {
          erasedAt: true,
          language: true,
          attempts: { orderBy: { number: 'desc' }, take: 1, select: { id: true } },
          questionnaire: { select: { name: true, phoneNumber: true, guideTexts: true } },
        },
      },
    },
  });
  if (!attempt || attempt.participant.erasedAt) return null;
  const { questionnaire } = attempt.participant;
  const instructions = pickGuideText(questionnaire.guideTexts, attempt.participant.language);
  return {
    questionnaireName: questionnaire.name,
    accessCode: attempt.accessCode,
    phoneNumber: questionnaire.phoneNumber,
    instructions: instructions.text,
    instructionsLanguage: instructions.language,
    isCurrent: attempt.participant.attempts[0]?.id === attempt.id,
  };
}
