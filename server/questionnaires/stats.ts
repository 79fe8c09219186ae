// The questionnaire overview's pictures, aggregated in the database: participants enrolled per day (last 30
// days, in the Admin's own time zone), current outcomes, result statuses, and webhook deliveries per hour over
// the last 24 hours with the 95th percentile of delivery latency. Each figure is one statement over an index
// that starts with the questionnaire; the enrolment and outcome counts are kept by triggers (migrations
// overview_stats and enrolment_quarter_stats), so no figure counts participants one by one.
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import { isIanaTimeZone, UNKNOWN_TIME_ZONE_MESSAGE } from '@/server/platform/lib/time-zone';

const ENROLMENT_DAYS = 30;
const DELIVERY_HOURS = 24;
/** The bar of participants without an outcome yet. */
export const NO_OUTCOME = 'No outcome yet';

export interface QuestionnaireStats {
  /** The IANA zone whose days and hours the figures are in. */
  timeZone: string;
  /** One entry per day of timeZone (YYYY-MM-DD), oldest first, the last one today; empty days count 0. */
  enrolmentsPerDay: { day: string; count: number }[];
  outcomes: { outcome: string; count: number }[];
  resultStatuses: { status: string; count: number }[];
  /**
   * One entry per hour of timeZone, oldest first, the last one the current hour, by the delivery's creation;
   * `hour` is the instant the hour starts (ISO 8601, UTC).
   */
  deliveriesPerHour: { hour: string; delivered: number; retrying: number; failed: number }[];
  deliveryTotals: { delivered: number; retrying: number; failed: number };
  /** 95th percentile of (delivered − queued) over the deliveries delivered in the window, or null. */
  deliveryP95Ms: number | null;
}

const HOUR_MS = 60 * 60 * 1000;

/** The calendar day `days` after a YYYY-MM-DD day. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * HOUR_MS).toISOString().slice(0, 10);

/** PostgreSQL's own refusal of a zone name that the JavaScript runtime knew (their zone lists differ). */
const isUnknownZoneError = (error: unknown) => /time zone "[^"]*" not recognized/.test(String(error));

export async function questionnaireStats(
  db: Db,
  questionnaireId: string,
  { timeZone = 'UTC', now = new Date() }: { timeZone?: string; now?: Date } = {},
): Promise<QuestionnaireStats> {
  if (!isIanaTimeZone(timeZone)) throw new AppError('BAD_REQUEST', UNKNOWN_TIME_ZONE_MESSAGE);
  // The first hour of the chart: the start of the current hour in the zone (a zone half an hour off UTC
  // starts its hours at :30 UTC), 23 hours back.
  const firstHourSql = `date_trunc('hour', $1::timestamptz, $2) - interval '${DELIVERY_HOURS - 1} hours'`;
  let rows;
  try {
    rows = await Promise.all([
      // The first day of the chart comes from the database too, so today is the zone's today by the same
      // zone rules that group the quarters into days. The LEFT JOIN keeps that row when nothing matches.
      db.$queryRaw<{ first_day: string; day: string | null; n: number | null }[]>`
        WITH window_start AS (
          SELECT (${now}::timestamptz AT TIME ZONE ${timeZone})::date - ${ENROLMENT_DAYS - 1}::int AS first_day)
        SELECT to_char(w.first_day, 'YYYY-MM-DD') AS first_day,
               to_char((s.quarter AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day,
               sum(s.participants)::float8 AS n
        FROM window_start w LEFT JOIN participant_enrolment_stats s
          ON s.questionnaire_id = ${questionnaireId}::uuid
         AND s.quarter >= (w.first_day::timestamp AT TIME ZONE ${timeZone})
        GROUP BY 1, 2`,
      db.$queryRaw<{ outcome: string; n: number }[]>`
        SELECT outcome, sum(participants)::float8 AS n
        FROM participant_daily_stats
        WHERE questionnaire_id = ${questionnaireId}::uuid
        GROUP BY 1 HAVING sum(participants) <> 0`,
      db.$queryRaw<{ status: string; n: number }[]>`
        SELECT status, sum(results)::float8 AS n
        FROM result_status_stats
        WHERE questionnaire_id = ${questionnaireId}::uuid
        GROUP BY 1 HAVING sum(results) <> 0 ORDER BY 2 DESC, 1`,
      db.$queryRawUnsafe<{ hour: Date; state: string; n: number }[]>(
        `SELECT date_trunc('hour', d.created_at, $2) AS hour,
                CASE WHEN d.status = 'succeeded' THEN 'delivered'
                     WHEN d.status IN ('failed', 'cancelled') THEN 'failed'
                     ELSE 'retrying' END AS state,
                count(*)::int AS n
         FROM webhook_delivery d JOIN webhook_endpoint w ON w.id = d.webhook_id
         WHERE w.questionnaire_id = $3::uuid AND d.created_at >= ${firstHourSql}
         GROUP BY 1, 2`,
        now,
        timeZone,
        questionnaireId,
      ),
      // Always one row: the percentile (null without deliveries) and the chart's first hour.
      db.$queryRawUnsafe<{ p95: number | null; first_hour: Date }[]>(
        `SELECT percentile_cont(0.95) WITHIN GROUP (
                  ORDER BY extract(epoch FROM d.delivered_at - d.created_at) * 1000)::float8 AS p95,
                ${firstHourSql} AS first_hour
         FROM webhook_delivery d JOIN webhook_endpoint w ON w.id = d.webhook_id
         WHERE w.questionnaire_id = $3::uuid AND d.created_at >= ${firstHourSql}
           AND d.status = 'succeeded' AND d.delivered_at IS NOT NULL`,
        now,
        timeZone,
        questionnaireId,
      ),
    ]);
  } catch (error) {
    if (isUnknownZoneError(error)) throw new AppError('BAD_REQUEST', UNKNOWN_TIME_ZONE_MESSAGE);
    throw error;
  }
  const [enrolments, participants, results, deliveries, latency] = rows;

  const firstDay = enrolments[0]!.first_day;
  const perDay = new Map(enrolments.flatMap((row) => (row.day ? [[row.day, row.n ?? 0] as const] : [])));
  const perOutcome = new Map<string, number>();
  for (const row of participants) {
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
  const p95 = latency[0]!.p95;
  const firstHour = latency[0]!.first_hour.getTime();
  return {
    timeZone,
    enrolmentsPerDay: Array.from({ length: ENROLMENT_DAYS }, (_, i) => {
      const day = addDays(firstDay, i);
      return { day, count: perDay.get(day) ?? 0 };
    }),
    outcomes: [...perOutcome]
      .map(([outcome, count]) => ({ outcome, count }))
      .sort((a, b) => b.count - a.count || a.outcome.localeCompare(b.outcome)),
    resultStatuses: results.map((r) => ({ status: r.status, count: r.n })),
    deliveriesPerHour: Array.from({ length: DELIVERY_HOURS }, (_, i) => {
      const hour = firstHour + i * HOUR_MS;
      return {
        hour: new Date(hour).toISOString(),
        ...(perHour.get(hour) ?? { delivered: 0, retrying: 0, failed: 0 }),
      };
    }),
    deliveryTotals,
    deliveryP95Ms: p95 == null ? null : Math.round(p95),
  };
}
