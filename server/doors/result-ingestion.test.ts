import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { createResultIngestionHandler } from './result-ingestion';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { verifyWebhook } from '@/server/webhooks/signing';
import { startTestReceiver } from '@/server/test/webhook-receiver';
import {
  longestRating,
  overLimitRatings,
  sampleResult,
  seedParticipant,
  testSettings,
} from '@/server/test/webhook-fixtures';
import { RESULT_TEXT_MAX } from '@/server/webhooks/payload';

const TOKEN = 'internal-token-for-the-tests-0123456789';
const ERROR_TIMESTAMP = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;

describe.each(testDatabaseKinds())('POST /api/internal/results (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let token: string | undefined = TOKEN;
  let handler: (req: Request) => Promise<Response>;

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    handler(
      new Request('http://localhost/api/internal/results', {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  const expectError = async (response: Response, status: number, message: string | RegExp) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      error: expect.any(String),
      status,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
      timestamp: expect.stringMatching(ERROR_TIMESTAMP),
    });
    return body;
  };

  beforeAll(() => {
    handler = createResultIngestionHandler({ db: () => db.prisma, token: () => token });
  });

  it('stores the result, keeps its history, and answers 202 with its id', async () => {
    const { participantId } = await seedParticipant(db.prisma);
    const first = await post({
      participant_uuid: participantId,
      ...sampleResult({ status: 'Under_Review' }),
    });
    expect(first.status).toBe(202);
    const { id } = (await first.json()) as { id: string };
    const second = await post({ participant_uuid: participantId.toUpperCase(), ...sampleResult() });
    expect(second.status).toBe(202);
    expect(await second.json()).toEqual({ id });

    const result = await db.prisma.result.findUniqueOrThrow({
      where: { id },
      include: { revisions: { orderBy: { createdAt: 'asc' } } },
    });
    expect(result).toMatchObject({
      status: 'Result Published',
      overallEvaluation: 'HR',
      summaryBgcolor: '#dc3545',
    });
    expect(result.revisions.map((r) => [(r.data as { status: string }).status, r.source])).toEqual([
      ['Under_Review', 'engine'],
      ['Result Published', 'engine'],
    ]);
  });

  it('reaches a local receiver signed and verifiable', async () => {
    const receiver = await startTestReceiver();
    try {
      const settings = testSettings();
      const { participantId, questionnaireId, irn } = await seedParticipant(db.prisma);
      const { secret } = await configureWebhook(
        db.prisma,
        questionnaireId,
        { url: receiver.url },
        { settings },
      );
      expect((await post({ participant_uuid: participantId, ...sampleResult() })).status).toBe(202);
      await flushWebhooks(db.prisma, { settings });
      const [request] = await receiver.waitFor(1);
      expect(verifyWebhook(secret!, request!.body, request!.headers)).toMatchObject({
        project_uuid: questionnaireId,
        interview_ref_num: irn,
        callback_type: 'Result Update',
      });
    } finally {
      await receiver.close();
    }
  });

  it('queues one delivery per active webhook of the questionnaire, in the same transaction', async () => {
    const { participantId, questionnaireId } = await seedParticipant(db.prisma);
    const settings = testSettings();
    await configureWebhook(db.prisma, questionnaireId, { url: 'http://127.0.0.1:9/a' }, { settings });
    const secretEncrypted = settings.secretBox.encrypt('whsec_AAAA');
    await db.prisma.webhookEndpoint.createMany({
      data: [
        { questionnaireId, url: 'http://127.0.0.1:9/b', secretEncrypted },
        { questionnaireId, url: 'http://127.0.0.1:9/c', secretEncrypted, active: false },
      ],
    });
    const response = await post({ participant_uuid: participantId, ...sampleResult() });
    expect(response.status).toBe(202);
    const deliveries = await db.prisma.webhookDelivery.findMany({
      where: { participantId },
      include: { webhook: { select: { url: true } } },
    });
    expect(deliveries.map((d) => d.webhook.url).sort()).toEqual([
      'http://127.0.0.1:9/a',
      'http://127.0.0.1:9/b',
    ]);
    expect(new Set(deliveries.map((d) => d.resultRevisionId)).size).toBe(1);
    // Each its own Standard Webhooks message id: msg_ and 18 random bytes in base64url.
    expect(deliveries.map((d) => d.messageId)).toEqual([
      expect.stringMatching(/^msg_[A-Za-z0-9_-]{24}$/),
      expect.stringMatching(/^msg_[A-Za-z0-9_-]{24}$/),
    ]);
    expect(new Set(deliveries.map((d) => d.messageId)).size).toBe(2);
  });

  it("stores the request's X-Request-Id on its deliveries, or a new id when it is missing or malformed", async () => {
    const { participantId, questionnaireId } = await seedParticipant(db.prisma);
    await configureWebhook(
      db.prisma,
      questionnaireId,
      { url: 'http://127.0.0.1:9/a' },
      { settings: testSettings() },
    );
    const requestIds = async () =>
      (
        await db.prisma.webhookDelivery.findMany({ where: { participantId }, orderBy: { createdAt: 'asc' } })
      ).map((d) => d.requestId);
    const result = { participant_uuid: participantId, ...sampleResult() };
    expect((await post(result, { 'x-request-id': 'engine:run-7.a_b' })).status).toBe(202);
    expect(await requestIds()).toEqual(['engine:run-7.a_b']);
    expect((await post(result, { 'x-request-id': 'not ok\u0007<script>' })).status).toBe(202);
    expect((await post(result)).status).toBe(202);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(await requestIds()).toEqual([
      'engine:run-7.a_b',
      expect.stringMatching(uuid),
      expect.stringMatching(uuid),
    ]);
  });

  it('answers 401 without the right bearer token', async () => {
    const { participantId } = await seedParticipant(db.prisma);
    const body = { participant_uuid: participantId, ...sampleResult() };
    await expectError(
      await post(body, { authorization: '' }),
      401,
      'Authorization header with a Bearer token is required',
    );
    await expectError(
      await post(body, { authorization: TOKEN }),
      401,
      'Authorization header with a Bearer token is required',
    );
    await expectError(await post(body, { authorization: `Bearer ${TOKEN}x` }), 401, 'Invalid token');
    await expectError(await post(body, { authorization: 'Bearer short' }), 401, 'Invalid token');
    expect(await db.prisma.result.count({ where: { participantId } })).toBe(0);
  });

  it('answers 503 with a clear message when INTERNAL_API_TOKEN is not set', async () => {
    token = undefined;
    try {
      await expectError(
        await post({}),
        503,
        'This endpoint is switched off: set INTERNAL_API_TOKEN to enable it',
      );
    } finally {
      token = TOKEN;
    }
  });

  it('answers 415 to a body that is not JSON', async () => {
    await expectError(
      await post('status=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'Content-Type must be application/json',
    );
    await expectError(
      await post('{}', { 'content-type': 'text/plain' }),
      415,
      'Content-Type must be application/json',
    );
  });

  it('answers 413 to a body over 64 KiB, declared or streamed', async () => {
    const { participantId } = await seedParticipant(db.prisma);
    const big = JSON.stringify({
      participant_uuid: participantId,
      ...sampleResult(),
      summary: 'x'.repeat(70_000),
    });
    await expectError(await post(big), 413, 'Request body must not exceed 64 KiB');
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 70; i++) controller.enqueue(new Uint8Array(1024).fill(32));
        controller.close();
      },
    });
    const response = await handler(
      new Request('http://localhost/api/internal/results', {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: streamed,
        duplex: 'half',
      } as RequestInit),
    );
    await expectError(response, 413, 'Request body must not exceed 64 KiB');
  });

  it.each([
    ['{"participant_uuid": ', 'Invalid JSON format'],
    ['{"a":' + '['.repeat(65) + ']'.repeat(65) + '}', 'JSON nesting must not exceed 64 levels'],
    ['[1, 2]', 'Request body must be a JSON object'],
    ['null', 'Request body must be a JSON object'],
    [{ ...sampleResult() }, 'participant_uuid is required and must be a UUID'],
    [
      { participant_uuid: 'not-a-uuid', ...sampleResult() },
      'participant_uuid is required and must be a UUID',
    ],
    [
      { participant_uuid: randomUUID(), ...sampleResult(), status: undefined },
      'status is required and must be a string',
    ],
    [{ participant_uuid: randomUUID(), ...sampleResult(), status: '  ' }, 'status must not be empty'],
    [
      { participant_uuid: randomUUID(), ...sampleResult(), is_admission: 'yes' },
      'is_admission is required and must be a boolean',
    ],
    [
      { participant_uuid: randomUUID(), ...sampleResult(), questions_risk_rating: {} },
      'questions_risk_rating is required and must be an array',
    ],
    [
      {
        participant_uuid: randomUUID(),
        ...sampleResult(),
        questions_risk_rating: [
          { sequence: '1', risk_level: 'LR', text: null },
          { sequence: 2, risk_level: 'LR', text: null },
        ],
      },
      'questions_risk_rating[1].sequence must be a string',
    ],
    [
      { participant_uuid: randomUUID(), ...sampleResult(), summary_bgcolor: 'red' },
      'summary_bgcolor must be a hex colour #RRGGBB',
    ],
    [{ participant_uuid: randomUUID(), ...sampleResult(), clear: 'no' }, 'clear must be a boolean'],
  ])('answers 400 to %j', async (body, message) => {
    await expectError(await post(body), 400, message);
  });

  it.each(overLimitRatings())('answers 400 $message', async ({ ratings, message }) => {
    const { participantId } = await seedParticipant(db.prisma);
    await expectError(
      await post({ participant_uuid: participantId, ...sampleResult(), questions_risk_rating: ratings }),
      400,
      message,
    );
    expect(await db.prisma.result.count({ where: { participantId } })).toBe(0);
  });

  it('takes every result text at its longest, and refuses one character more naming the field', async () => {
    const { participantId } = await seedParticipant(db.prisma);
    const longest = sampleResult({
      status: 's'.repeat(RESULT_TEXT_MAX.status),
      overall_evaluation: 'e'.repeat(RESULT_TEXT_MAX.overall_evaluation),
      summary: 'm'.repeat(RESULT_TEXT_MAX.summary),
      questions_risk_rating: [longestRating()],
    });
    const accepted = await post({ participant_uuid: participantId, ...longest });
    expect(accepted.status).toBe(202);
    const stored = await db.prisma.result.findFirstOrThrow({ where: { participantId } });
    expect(stored.questionsRiskRating).toEqual(longest.questions_risk_rating);
    for (const field of ['status', 'overall_evaluation', 'summary'] as const) {
      const over = { ...longest, [field]: 'x'.repeat(RESULT_TEXT_MAX[field] + 1) };
      await expectError(
        await post({ participant_uuid: participantId, ...over }),
        400,
        `${field} must be at most ${RESULT_TEXT_MAX[field]} characters`,
      );
    }
    expect(await db.prisma.resultRevision.count({ where: { resultId: stored.id } })).toBe(1);
  });

  it('answers 404 for a participant that does not exist', async () => {
    await expectError(
      await post({ participant_uuid: randomUUID(), ...sampleResult() }),
      404,
      'Participant not found',
    );
  });
});
