// The questionnaire overview's aggregates (server/questionnaires/stats.ts) at the participants the
// Admin-list figure seeded: a third of them get an outcome, a tenth a result, and the questionnaire a day of
// webhook deliveries, so every chart has data to add up. Times the service the Admin app calls.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { questionnaireStats } from '@/server/questionnaires/stats';
import { percentiles } from './http-load';

export interface OverviewFigures {
  participants: number;
  results: number;
  deliveries: number;
  p50: number;
  p95: number;
}

export const OVERVIEW_TARGET_P95_MS = 200;

/** Outcomes, results and a day of deliveries for the seeded participants; again after growing, for the new ones. */
export async function seedOverviewData(db: PrismaClient, questionnaireId: string): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE participant SET outcome = (ARRAY['COMPLETED', 'NO_ANSWER', 'REFUSED'])[1 + abs(hashtext(irn)) % 3],
            outcome_ts = created_at
     WHERE questionnaire_id = $1::uuid AND outcome IS NULL AND abs(hashtext(id::text)) % 3 = 0`,
    questionnaireId,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO result (id, participant_id, attempt_id, status, overall_evaluation, questions_risk_rating,
                         is_admission, is_counter_measure, is_not_complete, created_at, updated_at)
     SELECT gen_random_uuid(), a.participant_id, a.id,
            (ARRAY['Result Published', 'Attempted - Incomplete', 'Attempted - Partial'])[1 + abs(hashtext(a.id::text)) % 3],
            'Low', '[]'::jsonb, false, false, false, now(), now()
     FROM attempt a JOIN participant p ON p.id = a.participant_id
     WHERE p.questionnaire_id = $1::uuid AND abs(hashtext(a.id::text)) % 10 = 0
     ON CONFLICT DO NOTHING`,
    questionnaireId,
  );
  const webhook =
    (await db.webhookEndpoint.findFirst({ where: { questionnaireId }, select: { id: true } })) ??
    (await db.webhookEndpoint.create({
      data: { questionnaireId, url: 'https://receiver.example/overview', secretEncrypted: 'unused' },
      select: { id: true },
    }));
  const [{ seeded } = { seeded: false }] = await db.$queryRawUnsafe<{ seeded: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM webhook_delivery WHERE message_id = 'msg_overview_1') AS seeded`,
  );
  if (!seeded) {
    await db.$executeRawUnsafe(
      `INSERT INTO webhook_delivery (id, message_id, webhook_id, event_type, payload, status, attempt_count,
                                     created_at, delivered_at, updated_at)
       SELECT gen_random_uuid(), 'msg_overview_' || g, $1::uuid, 'result.published', '{}'::jsonb,
              (ARRAY['succeeded', 'succeeded', 'succeeded', 'pending', 'failed']::webhook_delivery_status[])[1 + g % 5], 1,
              now() - (g || ' seconds')::interval,
              CASE WHEN g % 5 < 3 THEN now() - (g || ' seconds')::interval + ((g % 900) || ' milliseconds')::interval END,
              now()
       FROM generate_series(1, 20000) g`,
      webhook.id,
    );
  }
  for (const table of ['participant', 'result', 'webhook_delivery'])
    await db.$executeRawUnsafe(`ANALYZE ${table}`);
}

export async function measureOverview(
  db: PrismaClient,
  questionnaireId: string,
  participants: number,
  runs = 30,
): Promise<OverviewFigures> {
  await seedOverviewData(db, questionnaireId);
  await questionnaireStats(db, questionnaireId); // warm the cache and the plans
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await questionnaireStats(db, questionnaireId);
    samples.push(performance.now() - started);
  }
  const { p50, p95 } = percentiles(samples);
  const [counts] = await db.$queryRawUnsafe<{ results: number; deliveries: number }[]>(
    `SELECT (SELECT count(*)::int FROM result r JOIN participant p ON p.id = r.participant_id
             WHERE p.questionnaire_id = $1::uuid) AS results,
            (SELECT count(*)::int FROM webhook_delivery) AS deliveries`,
    questionnaireId,
  );
  return { participants, results: counts?.results ?? 0, deliveries: counts?.deliveries ?? 0, p50, p95 };
}
