// Property-based fuzzing of POST /api/internal/results with fast-check: any JSON (wrong types, nulls, arrays,
// huge and odd Unicode strings), raw bytes, odd headers. Whatever arrives: never a 5xx, a 202 with the
// result's id or an error in the participant-endpoint shape (UTC DD-MM-YYYY HH:MM:SS timestamp), and a
// refused request changes no row anywhere (result, revision, outbox, participant, …).
import fc from 'fast-check';
import { oddString } from '@/server/test/odd-strings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/server/test/database';
import { isParticipantErrorBody, rowCounts } from '@/server/test/row-counts';
import { createResultIngestionHandler } from './result-ingestion';
import { resultDataSchema } from '@/server/webhooks/payload';
import { sampleResult, seedParticipant, type SeededParticipant } from '@/server/test/webhook-fixtures';

const TOKEN = 'internal-token-for-the-fuzz-tests-0123456789';
const URL = 'http://localhost/api/internal/results';
const RUNS = 150;

// Odd strings, and values the result's own fields make interesting (a colour, a status, a risk level).
const oddStrings = oddString(['#dc3545', '#DC354', 'Result Published', 'HR']);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: oddStrings },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308) },
);
const riskEntry = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record(
      {
        sequence: oddStrings,
        risk_level: oddStrings,
        text: fc.option(oddStrings, { nil: null }),
        note: oddStrings,
      },
      { requiredKeys: ['sequence', 'risk_level'] },
    ),
  },
  { weight: 1, arbitrary: anyValue },
);
/** The result's fields, from the ingestion's own schema: a field added there is fuzzed too. */
const RESULT_FIELDS = Object.keys(resultDataSchema.shape);

describe.each(testDatabaseKinds())('result ingestion fuzzing (%s)', (kind) => {
  let db: TestDatabase;
  let handler: (req: Request) => Promise<Response>;
  let seeded: SeededParticipant;
  let erasedId: string;
  let seen = new Set<number>();

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    handler = createResultIngestionHandler({ db: () => db.prisma, token: () => TOKEN });
    seeded = await seedParticipant(db.prisma);
    // An active webhook, so that an accepted result also writes outbox rows (and a refused one must not).
    await db.prisma.webhookEndpoint.create({
      data: {
        questionnaireId: seeded.questionnaireId,
        url: 'https://127.0.0.1/hook',
        secretEncrypted: 'x',
      },
    });
    const erased = await seedParticipant(db.prisma);
    await db.prisma.participant.update({
      where: { id: erased.participantId },
      data: { erasedAt: new Date() },
    });
    erasedId = erased.participantId;
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(() => {
    seen = new Set();
  });

  async function checkAnswer(
    headers: Headers | Record<string, string>,
    body: string | Uint8Array | undefined,
  ) {
    const before = await rowCounts(db.prisma);
    const response = await handler(new Request(URL, { method: 'POST', headers, body: body as BodyInit }));
    const text = await response.text();
    seen.add(response.status);
    const where = `→ ${response.status} ${text.slice(0, 200)} for ${String(body).slice(0, 200)}`;
    expect(response.status, where).toBeLessThan(500);
    expect(response.headers.get('access-control-allow-origin'), where).toBeNull();
    const parsed = JSON.parse(text) as unknown;
    if (response.status === 202) {
      expect(Object.keys(parsed as object), where).toEqual(['id']);
      return;
    }
    expect(
      isParticipantErrorBody(parsed, response.status),
      `${where} should have the participant shape`,
    ).toBe(true);
    expect(text, where).not.toMatch(/Prisma|\bat .+\.(ts|js):\d+/);
    expect(await rowCounts(db.prisma), `${where} must write nothing`).toEqual(before);
  }

  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const participantUuid = () =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(seeded.participantId) },
      { weight: 1, arbitrary: fc.constant(seeded.participantId.toUpperCase()) },
      { weight: 1, arbitrary: fc.constant(erasedId) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: anyValue },
    );

  it('a valid result with fields replaced, removed or added: 202 or a clear 400/404', async () => {
    await fc.assert(
      fc.asyncProperty(
        participantUuid(),
        fc.dictionary(
          fc.constantFrom(...RESULT_FIELDS),
          fc.oneof(anyValue, fc.array(riskEntry, { maxLength: 4 })),
          {
            maxKeys: 3,
          },
        ),
        fc.subarray([...RESULT_FIELDS], { maxLength: 2 }),
        fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 2 }),
        async (participant_uuid, replaced, removed, extra) => {
          const body: Record<string, unknown> = {
            ...extra,
            participant_uuid,
            ...sampleResult(),
            ...replaced,
          };
          for (const field of removed) delete body[field];
          await checkAnswer(headers, JSON.stringify(body));
        },
      ),
      { numRuns: RUNS },
    );
    for (const status of [202, 400, 404]) expect([...seen]).toContain(status);
  });

  it('a valid result with one text, anywhere, replaced by an odd string', async () => {
    const paths = [
      ['status'],
      ['overall_evaluation'],
      ['summary'],
      ['summary_bgcolor'],
      ['questions_risk_rating', 0, 'sequence'],
      ['questions_risk_rating', 0, 'risk_level'],
      ['questions_risk_rating', 1, 'text'],
      ['questions_risk_rating', 1, 'note'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), oddStrings, async (path, text) => {
        const body = structuredClone({ participant_uuid: seeded.participantId, ...sampleResult() }) as Record<
          string,
          unknown
        >;
        let target = body as Record<string | number, unknown>;
        for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
        target[path.at(-1)!] = text;
        await checkAnswer(headers, JSON.stringify(body));
      }),
      { numRuns: RUNS },
    );
    for (const status of [202, 400]) expect([...seen]).toContain(status);
  });

  it('any JSON value at all', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 4 }),
          fc.dictionary(fc.string({ maxLength: 20 }), anyValue),
          anyValue,
        ),
        async (body) => {
          await checkAnswer(headers, JSON.stringify(body) ?? 'null');
        },
      ),
      { numRuns: RUNS },
    );
    expect([...seen]).toContain(400);
  });

  it('odd headers and raw bodies', async () => {
    const valid = JSON.stringify({ participant_uuid: seeded.participantId, ...sampleResult() });
    await fc.assert(
      fc.asyncProperty(
        // Weighted by hand so that a good share of requests is let in.
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(`Bearer ${TOKEN}`, `bearer ${TOKEN}`) },
          {
            weight: 2,
            arbitrary: fc.constantFrom(
              undefined,
              `Bearer ${TOKEN}, Bearer ${TOKEN}`,
              TOKEN,
              'Bearer',
              `Bearer ${TOKEN.slice(0, -1)}`,
              `Bearer ${'x'.repeat(20_000)}`,
              'Basic dXNlcjpwYXNz',
            ),
          },
        ),
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom('application/json', 'Application/JSON; charset=utf-8') },
          {
            weight: 2,
            arbitrary: fc.constantFrom(
              undefined,
              'text/plain',
              'application/json, text/plain',
              'multipart/form-data',
            ),
          },
        ),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(new TextEncoder().encode(valid)) },
          { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
          {
            weight: 1,
            arbitrary: fc
              .integer({ min: 0, max: valid.length })
              .map((n) => new TextEncoder().encode(valid.slice(0, n))),
          },
          { weight: 1, arbitrary: fc.constant(new TextEncoder().encode('['.repeat(10_000))) },
          { weight: 1, arbitrary: fc.constant(new Uint8Array(70 * 1024).fill(0x20)) },
        ),
        async (authorization, contentType, body) => {
          const h = new Headers();
          if (authorization !== undefined) h.set('authorization', authorization);
          if (contentType !== undefined) h.set('content-type', contentType);
          await checkAnswer(h, body);
        },
      ),
      { numRuns: RUNS },
    );
    for (const status of [202, 400, 401, 413, 415]) expect([...seen]).toContain(status);
  });
});
