import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { configureWebhook } from '../webhooks/config';
import { listResults, publishResult } from './results';
import { sampleResult, seedParticipant, testSettings } from '@/server/test/webhook-fixtures';

describe.each(testDatabaseKinds())('publishing results (%s)', (kind) => {
  const db = useTestDatabase(kind);

  it('publishes for the latest attempt, with its access code, and updates it in place keeping revisions', async () => {
    const seeded = await seedParticipant(db.prisma, { language: null });
    await db.prisma.attempt.create({
      data: {
        participantId: seeded.participantId,
        number: 2,
        accessCode: 'RETAKE-0002',
        guideToken: randomUUID(),
      },
    });
    await configureWebhook(
      db.prisma,
      seeded.questionnaireId,
      { url: 'http://127.0.0.1:9/h' },
      { settings: testSettings() },
    );
    const first = await publishResult(db.prisma, {
      participantId: seeded.participantId,
      result: sampleResult({ status: 'Under_Review' }),
      source: 'admin:someone',
      // Before the second one's fixed time, so the revision order does not depend on today's date.
      now: new Date('2026-11-22T14:00:00Z'),
    });
    const second = await publishResult(db.prisma, {
      participantId: seeded.participantId,
      result: sampleResult(),
      source: 'cli',
      now: new Date('2026-11-22T14:03:05Z'),
    });
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.resultId).toBe(first.resultId);
    const delivery = await db.prisma.webhookDelivery.findUniqueOrThrow({
      where: { id: second.deliveryIds[0]! },
    });
    expect(delivery.payload).toMatchObject({
      access_code: 'RETAKE-0002',
      // No language of their own: the questionnaire's first language.
      participant_language: 'English',
      timestamp: '2026-11-22T14:03:05Z',
    });
    const [result] = await listResults(db.prisma, seeded.participantId);
    expect(result).toMatchObject({
      status: 'Result Published',
      attempt: { number: 2, accessCode: 'RETAKE-0002' },
    });
    expect(result!.revisions.map((r) => r.source)).toEqual(['cli', 'admin:someone']);
  });

  it('queues nothing when the questionnaire has no webhook, and refuses unknown or erased participants', async () => {
    const seeded = await seedParticipant(db.prisma);
    const published = await publishResult(db.prisma, {
      participantId: seeded.participantId,
      result: sampleResult(),
      source: 'engine',
    });
    expect(published.deliveryIds).toEqual([]);
    await expect(
      publishResult(db.prisma, { participantId: randomUUID(), result: sampleResult(), source: 'engine' }),
    ).rejects.toThrow('Participant not found');
    await db.prisma.participant.update({
      where: { id: seeded.participantId },
      data: { erasedAt: new Date() },
    });
    await expect(
      publishResult(db.prisma, {
        participantId: seeded.participantId,
        result: sampleResult(),
        source: 'engine',
      }),
    ).rejects.toThrow('Participant not found');
  });
});
