// The questionnaire overview's pictures, aggregated in the database: participants enrolled per day (last 30
// days, UTC), current outcomes, result statuses, and webhook deliveries per hour over the last 24 hours with
// the 95th percentile of delivery latency. Each figure is one statement over an index that starts with the
// questionnaire (participant_outcome_created_idx covers enrolments and outcomes in one index-only scan).
import type { Db } from '@/server/db/client';

const ENROLMENT_DAYS = 30;
const DELIVERY_HOURS = 24;
/** The bar of participants without an outcome yet. */
export const NO_OUTCOME = 'No outcome yet';

export interface QuestionnaireStats {
  /** One entry per UTC day, oldest first, the last one today; days without enrolments count 0. */
  enrolmentsPerDay: { day: string; count: number }[];
  outcomes: { outcome: string; count: number }[];
  resultStatuses: { status: string; count: number }[];
  /** One entry per hour, oldest first, the last one the current hour (UTC), by the delivery's creation. */
  deliveriesPerHour: { hour: string; delivered: number; retrying: number; failed: number }[];
  deliveryTotals: { delivered: number; retrying: number; failed: number };
  /** 95th percentile of (delivered − queued) over the deliveries delivered in the window, or null. */
  deliveryP95Ms: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const utcDay = (t: number) => new Date(Math.floor(t / DAY_MS) * DAY_MS);
const utcHour = (t: number) => new Date(Math.floor(t / HOUR_MS) * HOUR_MS);

export async function questionnaireStats(
  db: Db,
  questionnaireId: string,
  now: Date = new Date(),
): Promise<QuestionnaireStats> {
  const firstDay = utcDay(now.getTime() - (ENROLMENT_DAYS - 1) * DAY_MS);
  const firstHour = utcHour(now.getTime() - (DELIVERY_HOURS - 1) * HOUR_MS);
  const [participants, results, deliveries, latency] = await Promise.all([
    // Both participant figures in one pass over the questionnaire's rows of the daily counts.
    db.$queryRaw<{ outcome: string; day: Date | null; n: number }[]>`
      SELECT outcome, CASE WHEN day >= ${firstDay}::date THEN day::timestamp AT TIME ZONE 'UTC' END AS day,
             sum(participants)::float8 AS n
      FROM participant_daily_stats
      WHERE questionnaire_id = ${questionnaireId}::uuid
      GROUP BY 1, 2 HAVING sum(participants) <> 0`,
    db.$queryRaw<{ status: string; n: number }[]>`
      SELECT status, sum(results)::float8 AS n
      FROM result_status_stats
      WHERE questionnaire_id = ${questionnaireId}::uuid
      GROUP BY 1 HAVING sum(results) <> 0 ORDER BY 2 DESC, 1`,
    db.$queryRaw<{ hour: Date; state: string; n: number }[]>`
      SELECT date_trunc('hour', d.created_at, 'UTC') AS hour,
             CASE WHEN d.status = 'succeeded' THEN 'delivered'
                  WHEN d.status IN ('failed', 'cancelled') THEN 'failed'
                  ELSE 'retrying' END AS state,
             count(*)::int AS n
      FROM webhook_delivery d JOIN webhook_endpoint w ON w.id = d.webhook_id
      WHERE w.questionnaire_id = ${questionnaireId}::uuid AND d.created_at >= ${firstHour}
      GROUP BY 1, 2`,
    db.$queryRaw<{ p95: number | null }[]>`
      SELECT percentile_cont(0.95) WITHIN GROUP (
               ORDER BY extract(epoch FROM d.delivered_at - d.created_at) * 1000)::float8 AS p95
      FROM webhook_delivery d JOIN webhook_endpoint w ON w.id = d.webhook_id
      WHERE w.questionnaire_id = ${questionnaireId}::uuid AND d.created_at >= ${firstHour}
        AND d.status = 'succeeded' AND d.delivered_at IS NOT NULL`,
  ]);

  const perDay = new Map<number, number>();
  const perOutcome = new Map<string, number>();
  for (const row of participants) {
    if (row.day) perDay.set(row.day.getTime(), (perDay.get(row.day.getTime()) ?? 0) + row.n);
    const outcome = row.outcome || NO_OUTCOME;
    perOutcome.set(outcome, (perOutcome.get(outcome) ?? 0) + row.n);
  }
  const perHour = new Map<number, { delivered: number; retrying: number; failed: number }>();
  const deliveryTotals = { delivered: 0, retrying: 0, failed: 0 };
  for (const row of deliveries) {
    const state = row.state as keyof typeof deliveryTotals;
    const bucket = perHour.get(row.hour.getTime()) ?? { delivered: 0, retrying: 0, failed: 0 };
    bucket[state] += row.n;
    deliveryTotals[state] += row.n;
    perHour.set(row.hour.getTime(), bucket);
  }
  const p95 = latency[0]?.p95;
  return {
    enrolmentsPerDay: Array.from({ length: ENROLMENT_DAYS }, (_, i) => {
      const day = firstDay.getTime() + i * DAY_MS;
      return { day: new Date(day).toISOString().slice(0, 10), count: perDay.get(day) ?? 0 };
    }),
    outcomes: [...perOutcome]
      .map(([outcome, count]) => ({ outcome, count }))
      .sort((a, b) => b.count - a.count || a.outcome.localeCompare(b.outcome)),
    resultStatuses: results.map((r) => ({ status: r.status, count: r.n })),
    deliveriesPerHour: Array.from({ length: DELIVERY_HOURS }, (_, i) => {
      const hour = firstHour.getTime() + i * HOUR_MS;
      return {
        hour: new Date(hour).toISOString().slice(0, 13) + ':00Z',
        ...(perHour.get(hour) ?? { delivered: 0, retrying: 0, failed: 0 }),
      };
    }),
    deliveryTotals,
    deliveryP95Ms: p95 == null ? null : Math.round(p95),
  };
}
