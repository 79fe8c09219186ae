// The questionnaire overview's raw SQL (stats.ts): the sums of the counts the triggers keep per questionnaire
// (migrations overview_stats and enrolment_quarter_stats), and the webhook deliveries per hour with their
// latency. The three count tables are described ONE time each: a column added to their model is a tsc error
// there until it is described, and the sums read their group and count columns from the description.
// statements.test.ts compares the descriptions with the migrated database (PGlite and PostgreSQL) and runs
// every statement there.
import {
  Prisma,
  type ParticipantDailyStats,
  type ParticipantEnrolmentStats,
  type ResultStatusStats,
} from '@/server/generated/prisma/client.ts';
import { Table, type RowOf, type TableColumns } from '@/server/platform/db/table-columns';

/** The participant_daily_stats table, field by field. */
const DAILY_STATS_COLUMNS = {
  questionnaireId: { name: 'questionnaire_id', type: 'uuid' },
  day: { name: 'day', type: 'date' },
  outcome: { name: 'outcome', type: 'text' },
  shard: { name: 'shard', type: 'smallint' },
  participants: { name: 'participants', type: 'bigint' },
} as const satisfies TableColumns<ParticipantDailyStats>;

/** The participant_enrolment_stats table, field by field. */
const ENROLMENT_STATS_COLUMNS = {
  questionnaireId: { name: 'questionnaire_id', type: 'uuid' },
  quarter: { name: 'quarter', type: 'timestamptz' },
  shard: { name: 'shard', type: 'smallint' },
  participants: { name: 'participants', type: 'bigint' },
} as const satisfies TableColumns<ParticipantEnrolmentStats>;

/** The result_status_stats table, field by field. */
const RESULT_STATUS_STATS_COLUMNS = {
  questionnaireId: { name: 'questionnaire_id', type: 'uuid' },
  status: { name: 'status', type: 'text' },
  shard: { name: 'shard', type: 'smallint' },
  results: { name: 'results', type: 'bigint' },
} as const satisfies TableColumns<ResultStatusStats>;

export const DAILY_STATS = new Table<ParticipantDailyStats, typeof DAILY_STATS_COLUMNS>(
  'participant_daily_stats',
  DAILY_STATS_COLUMNS,
);
export const ENROLMENT_STATS = new Table<ParticipantEnrolmentStats, typeof ENROLMENT_STATS_COLUMNS>(
  'participant_enrolment_stats',
  ENROLMENT_STATS_COLUMNS,
);
export const RESULT_STATUS_STATS = new Table<ResultStatusStats, typeof RESULT_STATUS_STATS_COLUMNS>(
  'result_status_stats',
  RESULT_STATUS_STATS_COLUMNS,
);

/** A count table: every one names its questionnaire, and is summed over its shards. */
interface CountTable<Model extends { questionnaireId: string }, C extends TableColumns<Model>> {
  table: Table<Model, C>;
  /** The column the sums are grouped by. */
  group: keyof Model;
  /** The column whose values (one per shard) are added up. */
  count: keyof Model;
}

/**
 * The sums of a count table's `count` per value of its `group` for the questionnaire, largest first (then by
 * the value), leaving out those that add up to nothing (a participant moved on from an outcome, say).
 */
function sumsStatement<Model extends { questionnaireId: string }, C extends TableColumns<Model>>(
  { table, group, count }: CountTable<Model, C>,
  questionnaireId: string,
): Prisma.Sql {
  const summed = Prisma.raw(`sum(${table.column(count)})`);
  return Prisma.sql`
    SELECT ${table.columnList([group])}, ${summed}::float8 AS n
    FROM ${Prisma.raw(table.name)}
    WHERE ${Prisma.raw(table.column('questionnaireId'))} = ${questionnaireId}::uuid
    GROUP BY 1 HAVING ${summed} <> 0 ORDER BY 2 DESC, 1`;
}

/** A row of outcomeSumsStatement: an outcome ('' for none) and its participants. */
export type OutcomeSum = RowOf<ParticipantDailyStats, typeof DAILY_STATS_COLUMNS, 'outcome'> & { n: number };

/** The questionnaire's participants per current outcome. */
export const outcomeSumsStatement = (questionnaireId: string): Prisma.Sql =>
  sumsStatement({ table: DAILY_STATS, group: 'outcome', count: 'participants' }, questionnaireId);

/** A row of statusSumsStatement: a result status and its results. */
export type StatusSum = RowOf<ResultStatusStats, typeof RESULT_STATUS_STATS_COLUMNS, 'status'> & {
  n: number;
};

/** The questionnaire's results per status. */
export const statusSumsStatement = (questionnaireId: string): Prisma.Sql =>
  sumsStatement({ table: RESULT_STATUS_STATS, group: 'status', count: 'results' }, questionnaireId);

/** A row of enrolmentDaysStatement: the chart's first day, and a day of the zone with its enrolments. */
export interface EnrolmentDay {
  first_day: string;
  day: string | null;
  n: number | null;
}

/**
 * Enrolments per day of `timeZone` over the `days` days up to `now`'s day, from the quarter-hour counts. The
 * first day of the chart comes from the database too, so today is the zone's today by the same zone rules
 * that group the quarters into days. The LEFT JOIN keeps that row when nothing matches.
 */
export function enrolmentDaysStatement(
  questionnaireId: string,
  window: { now: Date; timeZone: string; days: number },
): Prisma.Sql {
  const { now, timeZone, days } = window;
  const quarter = Prisma.raw(`s.${ENROLMENT_STATS.column('quarter')}`);
  return Prisma.sql`
    WITH window_start AS (
      SELECT (${now}::timestamptz AT TIME ZONE ${timeZone})::date - ${days - 1}::int AS first_day)
    SELECT to_char(w.first_day, 'YYYY-MM-DD') AS first_day,
           to_char((${quarter} AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day,
           sum(s.${Prisma.raw(ENROLMENT_STATS.column('participants'))})::float8 AS n
    FROM window_start w LEFT JOIN participant_enrolment_stats s
      ON s.${Prisma.raw(ENROLMENT_STATS.column('questionnaireId'))} = ${questionnaireId}::uuid
     AND ${quarter} >= (w.first_day::timestamp AT TIME ZONE ${timeZone})
    GROUP BY 1, 2`;
}

/** The window of the delivery figures: the `hours` hours of `timeZone` up to `now`'s. */
interface DeliveryWindow {
  now: Date;
  timeZone: string;
  hours: number;
}

/**
 * The first hour of the chart: the start of the current hour in the zone (a zone half an hour off UTC starts
 * its hours at :30 UTC), `hours` - 1 hours back.
 */
const firstHour = ({ now, timeZone, hours }: DeliveryWindow) =>
  Prisma.sql`date_trunc('hour', ${now}::timestamptz, ${timeZone}::text) - ${Prisma.raw(`interval '${hours - 1} hours'`)}`;

/** The questionnaire's deliveries `d` (of its endpoints `w`) created in the window. */
const deliveriesInWindow = (questionnaireId: string, window: DeliveryWindow) => Prisma.sql`
    FROM webhook_delivery d JOIN webhook_endpoint w ON w.id = d.webhook_id
    WHERE w.questionnaire_id = ${questionnaireId}::uuid AND d.created_at >= ${firstHour(window)}`;

/** A row of deliveryHoursStatement: an hour of the zone, a state and its deliveries. */
export interface DeliveryHour {
  hour: Date;
  state: 'delivered' | 'retrying' | 'failed';
  n: number;
}

/** The window's deliveries per hour of their creation and state (delivered, failed, or still retrying). */
export const deliveryHoursStatement = (questionnaireId: string, window: DeliveryWindow): Prisma.Sql =>
  Prisma.sql`
    SELECT date_trunc('hour', d.created_at, ${window.timeZone}::text) AS hour,
           CASE WHEN d.status = 'succeeded' THEN 'delivered'
                WHEN d.status IN ('failed', 'cancelled') THEN 'failed'
                ELSE 'retrying' END AS state,
           count(*)::int AS n
    ${deliveriesInWindow(questionnaireId, window)}
    GROUP BY 1, 2`;

/** The row of deliveryLatencyStatement. */
export interface DeliveryLatency {
  p95: number | null;
  first_hour: Date;
}

/**
 * Always one row: the 95th percentile of (delivered − queued) over the window's delivered deliveries (null
 * without any), and the chart's first hour.
 */
export const deliveryLatencyStatement = (questionnaireId: string, window: DeliveryWindow): Prisma.Sql =>
  Prisma.sql`
    SELECT percentile_cont(0.95) WITHIN GROUP (
             ORDER BY extract(epoch FROM d.delivered_at - d.created_at) * 1000)::float8 AS p95,
           ${firstHour(window)} AS first_hour
    ${deliveriesInWindow(questionnaireId, window)}
      AND d.status = 'succeeded' AND d.delivered_at IS NOT NULL`;
