// Test data is marked by a header, never in the payload: a sandbox questionnaire's delivery and a test event
// carry `x-pais-test: true`, a live result's delivery does not, and the body is the published payload in both
// (the same bytes but for the participant's own fields), on both databases, through a real receiver.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { publishResult } from '@/server/results/results';
import { sendTestEvent } from '@/server/webhooks/test-event';
import { flushWebhooks } from './dispatcher';
import { TEST_HEADER_NAME } from './test-header';
import { startTestReceiver, type TestReceiver } from '../test/webhook-receiver';
import { addParticipant, sampleResult, seedParticipant, testSettings } from '../test/webhook-fixtures';
import { useWebhookTestDatabase } from '../test/webhook-database';

const settings = testSettings();

/** The spec's payload fields, in its order (every optional one present for this result). */
const PUBLISHED_FIELDS = [
  'project_uuid',
  'callback_type',
  'access_code',
  'interview_ref_num',
  'status',
  'questions_risk_rating',
  'overall_evaluation',
  'is_admission',
  'is_counter_measure',
  'is_not_complete',
  'participant_language',
  'summary',
  'summary_bgcolor',
  'clear',
  'timestamp',
];

describe.each(testDatabaseKinds())('test data marked by a header (%s)', (kind) => {
  let db: TestDatabase;
  let receiver: TestReceiver;
  const database = useWebhookTestDatabase(kind);
  beforeEach(async () => {
    db = database();
    receiver = await startTestReceiver();
  });
  afterEach(async () => {
    await receiver.close();
  });

  it('marks a sandbox delivery and a test event, never a live delivery; the payload is the published one', async () => {
    const live = await seedParticipant(db.prisma);
    const sandboxQuestionnaire = await db.prisma.questionnaire.create({
      data: { tenantId: live.tenantId, name: 'Sandbox', languages: ['English', 'German'], sandbox: true },
    });
    const sandbox = {
      questionnaireId: sandboxQuestionnaire.id,
      ...(await addParticipant(db.prisma, sandboxQuestionnaire.id)),
    };
    for (const q of [live, sandbox])
      await configureWebhook(db.prisma, q.questionnaireId, { url: receiver.url }, { settings });
    const now = new Date();
    for (const q of [live, sandbox])
      await publishResult(db.prisma, {
        participantId: q.participantId,
        result: sampleResult(),
        source: 'engine',
        now,
      });
    expect(await flushWebhooks(db.prisma, { settings, now: () => now })).toMatchObject({ succeeded: 2 });

    const of = (questionnaireId: string) =>
      receiver.requests.find(
        (r) => (JSON.parse(r.body) as { project_uuid: string }).project_uuid === questionnaireId,
      )!;
    const liveRequest = of(live.questionnaireId);
    const sandboxRequest = of(sandbox.questionnaireId);
    expect(liveRequest.headers[TEST_HEADER_NAME]).toBeUndefined();
    expect(sandboxRequest.headers[TEST_HEADER_NAME]).toBe('true');
    // Both signed alike, with nothing else added.
    expect(Object.keys(sandboxRequest.headers).sort()).toEqual(
      [...Object.keys(liveRequest.headers), TEST_HEADER_NAME].sort(),
    );
    expect(Object.keys(JSON.parse(liveRequest.body) as object)).toEqual(PUBLISHED_FIELDS);
    // Byte for byte the same body, once the participant's own values are swapped.
    const swapped = sandboxRequest.body
      .replace(sandbox.questionnaireId, live.questionnaireId)
      .replace(sandbox.accessCode, live.accessCode)
      .replace(sandbox.irn, live.irn);
    expect(swapped).toBe(liveRequest.body);

    await sendTestEvent(db.prisma, live.questionnaireId, { settings });
    const testEvent = receiver.requests.at(-1)!;
    expect(JSON.parse(testEvent.body)).toMatchObject({ callback_type: 'Test' });
    expect(testEvent.headers[TEST_HEADER_NAME]).toBe('true');
  });
});
