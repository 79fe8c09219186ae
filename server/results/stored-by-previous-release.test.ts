// Results that an older release stores (one without the results feed: a rolled-back instance, or an old one
// still running during a rolling deploy) must be read back through the REST door like any other: in
// GET /v1/results and as GET /v1/participant/{participant_uuid}/result. The older release's statement is
// reproduced here as it was: the result of the latest attempt inserted or updated in place, and its revision,
// without a word about result_feed_entry.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '@/client/index';
import { generateAccessCode, randomToken } from '@/server/platform/lib/secrets';
import { publishResult } from '@/server/results/results';
import { sampleResult } from '@/server/test/webhook-fixtures';
import type { ResultData } from '@/server/webhooks/payload';
import { MIGRATIONS_DIR } from '@/server/platform/db/migrations/migrations-dir';
import { testDatabaseKinds } from '@/server/test/database';
import { createRestHarness, documentedClient, type RestHarness } from '@/server/test/rest-harness';

/** How the release before the feed stored a result (server/results/results.ts before the feed existed). */
async function storeAsThePreviousReleaseDid(
  h: RestHarness,
  participantId: string,
  data: ResultData,
  now = new Date(),
): Promise<void> {
  await h.db.prisma.$executeRaw`
    WITH target AS (
      SELECT p.id AS participant_id, latest.id AS attempt_id
      FROM participant p
      JOIN LATERAL (SELECT id FROM attempt WHERE participant_id = p.id ORDER BY number DESC LIMIT 1) latest ON true
      WHERE p.id = ${participantId}::uuid AND p.erased_at IS NULL
    ), stored AS (
      INSERT INTO result (id, participant_id, attempt_id, status, overall_evaluation, questions_risk_rating,
                          is_admission, is_counter_measure, is_not_complete, created_at, updated_at)
      SELECT gen_random_uuid(), participant_id, attempt_id, ${data.status}, ${data.overall_evaluation},
             ${JSON.stringify(data.questions_risk_rating)}::jsonb, ${data.is_admission},
             ${data.is_counter_measure}, ${data.is_not_complete}, ${now}::timestamptz, ${now}::timestamptz
      FROM target
      ON CONFLICT (attempt_id) DO UPDATE SET
        status = EXCLUDED.status, overall_evaluation = EXCLUDED.overall_evaluation,
        questions_risk_rating = EXCLUDED.questions_risk_rating, updated_at = EXCLUDED.updated_at
      RETURNING id
    )
    INSERT INTO result_revision (id, result_id, data, source, created_at)
    SELECT gen_random_uuid(), id, ${JSON.stringify(data)}::jsonb, 'engine', ${now}::timestamptz FROM stored`;
}

describe.each(testDatabaseKinds())(
  'results stored by the previous release, read through the REST door (%s)',
  { timeout: 90_000 },
  (kind) => {
    let h: RestHarness;
    let n = 0;
    beforeAll(async () => {
      h = await createRestHarness(kind);
    });
    afterAll(() => h.close());

    const setup = async (count: number) => {
      const q = await h.seed();
      const client = documentedClient(h, (await h.createKey(q.questionnaireId)).value);
      const participants: string[] = [];
      for (let i = 0; i < count; i++) {
        const p = await h.db.prisma.participant.create({
          data: {
            questionnaireId: q.questionnaireId,
            irn: `OLD-${++n}`,
            attempts: {
              create: { number: 1, accessCode: generateAccessCode(), guideToken: randomToken(24) },
            },
          },
        });
        participants.push(p.id);
      }
      return { client, participants };
    };
    const publish = (participantId: string, status: string) =>
      publishResult(h.db.prisma, { participantId, result: sampleResult({ status }), source: 'engine' });

    /** Every page of the feed from `cursor`: the participants and statuses read, and the cursor to poll from. */
    const readFeed = async (client: ServiceClient, cursor?: string) => {
      const seen: [string, string][] = [];
      for (let next = cursor; ;) {
        const { data, response } = await client.GET('/v1/results', {
          params: { query: { limit: 2, ...(next ? { cursor: next } : {}) } },
        });
        expect(response.status).toBe(200);
        seen.push(...data!.results.map((r): [string, string] => [r.participant_uuid, r.status]));
        next = data!.next_cursor;
        if (!data!.has_more) return { seen, cursor: next };
      }
    };
    const currentResult = (client: ServiceClient, participantId: string) =>
      client.GET('/v1/participant/{participant_uuid}/result', {
        params: { path: { participant_uuid: participantId } },
      });

    it('a result the previous release stored is in the feed after the cursor and is the participant’s result', async () => {
      const { client, participants } = await setup(3);
      const [a, b, c] = participants as [string, string, string];
      await publish(a, 'by this release');
      const before = await readFeed(client);
      expect(before.seen).toEqual([[a, 'by this release']]);

      await storeAsThePreviousReleaseDid(h, b, sampleResult({ status: 'by the previous release' }));
      await publish(c, 'by this release again');
      expect((await readFeed(client, before.cursor)).seen).toEqual([
        [b, 'by the previous release'],
        [c, 'by this release again'],
      ]);
      const { data, response } = await currentResult(client, b);
      expect(response.status).toBe(200);
      expect(data).toMatchObject({ participant_uuid: b, status: 'by the previous release' });
    });

    it('a result the previous release updated in place moves to the end of the feed with its new state', async () => {
      const { client, participants } = await setup(2);
      const [a, b] = participants as [string, string];
      await publish(a, 'first');
      await publish(b, 'first');
      const { cursor } = await readFeed(client);

      await storeAsThePreviousReleaseDid(h, a, sampleResult({ status: 'corrected by the previous release' }));
      expect((await readFeed(client, cursor)).seen).toEqual([[a, 'corrected by the previous release']]);
      expect((await currentResult(client, a)).data).toMatchObject({
        status: 'corrected by the previous release',
      });
      // From the start, each participant still appears once.
      expect((await readFeed(client)).seen).toEqual([
        [b, 'first'],
        [a, 'corrected by the previous release'],
      ]);
    });

    it('the migration feeds what the previous release stored before it ran', async () => {
      const { client, participants } = await setup(4);
      const [fed, missing, updated, superseded] = participants as [string, string, string, string];
      await publish(fed, 'fed');
      await publish(updated, 'fed');
      await publish(superseded, 'fed on attempt 1');
      // As before the migration: the database writes no feed entry of its own.
      await h.db.prisma.$executeRawUnsafe('ALTER TABLE result DISABLE TRIGGER result_feed_insert');
      await h.db.prisma.$executeRawUnsafe('ALTER TABLE result DISABLE TRIGGER result_feed_update');
      try {
        const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
        await storeAsThePreviousReleaseDid(h, missing, sampleResult({ status: 'never fed' }), later(60));
        await storeAsThePreviousReleaseDid(
          h,
          updated,
          sampleResult({ status: 'updated in place' }),
          later(61),
        );
        await h.db.prisma.attempt.create({
          data: {
            participantId: superseded,
            number: 2,
            accessCode: generateAccessCode(),
            guideToken: randomToken(24),
          },
        });
        await storeAsThePreviousReleaseDid(h, superseded, sampleResult({ status: 'attempt 2' }), later(62));
      } finally {
        await h.db.prisma.$executeRawUnsafe('ALTER TABLE result ENABLE TRIGGER result_feed_insert');
        await h.db.prisma.$executeRawUnsafe('ALTER TABLE result ENABLE TRIGGER result_feed_update');
      }
      expect((await currentResult(client, missing)).response.status).toBe(404);

      await h.db.prisma.$executeRawUnsafe(migrationCatchUp());
      // Fed after everything the feed held, in the order they were stored.
      expect((await readFeed(client)).seen).toEqual([
        [fed, 'fed'],
        [missing, 'never fed'],
        [updated, 'updated in place'],
        [superseded, 'attempt 2'],
      ]);
      expect((await currentResult(client, missing)).data).toMatchObject({ status: 'never fed' });
      expect((await currentResult(client, superseded)).data).toMatchObject({ status: 'attempt 2' });
    });
  },
);

/** The last statement of the migration that added the trigger: its one-time catch-up of what it missed. */
function migrationCatchUp(): string {
  const folder = fs
    .readdirSync(MIGRATIONS_DIR)
    .find((name) => name.endsWith('_result_feed_follows_every_write'));
  const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, folder!, 'migration.sql'), 'utf8');
  return sql
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean)
    .at(-1)!;
}
