// Data the webhook tests share: a questionnaire with a participant on their first attempt (and a webhook to a
// local receiver), settings with a test encryption key that admit the local receivers, and a sample result.
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { generateAccessCode, randomToken } from '@/server/platform/lib/secrets';
import { createSecretBox } from '../platform/crypto/secret-box';
import type { WebhookSettings } from '../webhooks/settings';
import { configureWebhook, type WebhookConfigInput } from '../webhooks/config';
import { publishResult } from '../results/results';
import { RESULT_TEXT_MAX, type ResultData } from '../webhooks/payload';
import type { EndpointHealthPolicy } from '../webhooks/endpoint-health';
import { seedQuestionnaire } from './questionnaire-fixture';

export const testSettings = (allowPrivateUrls = true): WebhookSettings => ({
  secretBox: createSecretBox('test-application-secret-that-is-long-enough'),
  allowPrivateUrls,
});

export interface SeededParticipant {
  tenantId: string;
  questionnaireId: string;
  participantId: string;
  irn: string;
  accessCode: string;
}

export async function seedParticipant(
  prisma: PrismaClient,
  options: { language?: string | null } = {},
): Promise<SeededParticipant> {
  const seeded = await seedQuestionnaire(prisma, {
    name: 'Webhook questionnaire',
    languages: ['English', 'German'],
  });
  return { ...seeded, ...(await addParticipant(prisma, seeded.questionnaireId, options)) };
}

/**
 * A questionnaire with one participant (seedParticipant) and a webhook to `url` (with `config`'s
 * authentication) configured under `settings`: the seeded ids, the webhook's id and its signing secret.
 */
export async function seedWebhook(
  prisma: PrismaClient,
  url: string,
  config: Omit<WebhookConfigInput, 'url'> = {},
  settings = testSettings(),
): Promise<SeededParticipant & { webhookId: string; secret: string }> {
  const seeded = await seedParticipant(prisma);
  const { webhook, secret } = await configureWebhook(
    prisma,
    seeded.questionnaireId,
    { url, ...config },
    { settings },
  );
  return { ...seeded, webhookId: webhook.id, secret: secret! };
}

/** Another participant of a seeded questionnaire. */
export async function addParticipant(
  prisma: PrismaClient,
  questionnaireId: string,
  options: { language?: string | null } = {},
): Promise<{ participantId: string; irn: string; accessCode: string }> {
  const irn = `IRN-${randomUUID().slice(0, 8)}`;
  const accessCode = generateAccessCode();
  const participant = await prisma.participant.create({
    data: {
      questionnaireId,
      irn,
      language: options.language === undefined ? 'German' : options.language,
      attempts: { create: { number: 1, accessCode, guideToken: randomToken(24) } },
    },
  });
  return { participantId: participant.id, irn, accessCode };
}

/** The endpoint-health defaults, apart from the environment; tests override what they exercise. */
export const testHealthPolicy = (overrides: Partial<EndpointHealthPolicy> = {}): EndpointHealthPolicy => ({
  maxInFlightPerEndpoint: 4,
  breakerFailures: 5,
  probeBaseDelayMs: 5_000,
  probeMaxDelayMs: 600_000,
  disableAfterMs: 5 * 24 * 3_600_000,
  ...overrides,
});

export const sampleResult = (overrides: Partial<ResultData> = {}): ResultData => ({
  status: 'Result Published',
  questions_risk_rating: [
    { sequence: '1', risk_level: 'LR', text: 'Have you ever…?' },
    { sequence: '2', risk_level: 'HR', text: null, note: 'Follow up' },
  ],
  overall_evaluation: 'HR',
  is_admission: false,
  is_counter_measure: true,
  is_not_complete: false,
  summary: 'HR',
  summary_bgcolor: '#dc3545',
  clear: false,
  ...overrides,
});

/** Publishes the sample result (with `overrides`) for the participant, as the engine does, at `now`. */
export const publishSampleResult = (
  prisma: PrismaClient,
  participantId: string,
  now?: Date,
  overrides: Partial<ResultData> = {},
) => publishResult(prisma, { participantId, result: sampleResult(overrides), source: 'engine', now });

/** A questions_risk_rating entry with every text at its longest (RESULT_TEXT_MAX). */
export const longestRating = () => ({
  sequence: '9'.repeat(RESULT_TEXT_MAX['questions_risk_rating[].sequence']),
  risk_level: 'R'.repeat(RESULT_TEXT_MAX['questions_risk_rating[].risk_level']),
  text: 't'.repeat(RESULT_TEXT_MAX['questions_risk_rating[].text']),
  note: 'n'.repeat(RESULT_TEXT_MAX['questions_risk_rating[].note']),
});

/**
 * Publishes `count` results of about 64 KiB each (15 ratings with every text at its longest) for new
 * participants of the questionnaire: 48, the default, fill three results feed pages.
 */
export async function publishFullFeedPages(
  prisma: PrismaClient,
  questionnaireId: string,
  count = 48,
): Promise<void> {
  const result = sampleResult({
    questions_risk_rating: Array.from({ length: 15 }, (_, i) => ({
      ...longestRating(),
      sequence: String(i),
    })),
  });
  for (let i = 0; i < count; i++) {
    const { participantId } = await addParticipant(prisma, questionnaireId);
    await publishResult(prisma, { participantId, result, source: 'engine' });
  }
}

/**
 * For each text of a rating entry: ratings whose second entry has that text one character too long, and the
 * ingestion endpoint's 400 message naming it.
 */
export const overLimitRatings = () =>
  (['sequence', 'risk_level', 'text', 'note'] as const).map((key) => {
    const max = RESULT_TEXT_MAX[`questions_risk_rating[].${key}`];
    return {
      ratings: [longestRating(), { ...longestRating(), [key]: 'x'.repeat(max + 1) }],
      message: `questions_risk_rating[1].${key} must be at most ${max} characters`,
    };
  });
