// The questionnaire overview's pictures, aggregated in the database: participants enrolled per day (last 30
// days, in the Admin's own time zone), current outcomes, result statuses, and webhook deliveries per hour over
// the last 24 hours with the 95th percentile of delivery latency. Each figure is one statement over an index
// that starts with the questionnaire; the enrolment and outcome counts are kept by triggers (migrations
// overview_stats and enrolment_quarter_stats), so no figure counts participants one by one.
import type { Db } from '@/server/platform/db/client';
import { AppError } from '@/server/platform/lib/errors';
import { isIanaTimeZone, UNKNOWN_TIME_ZONE_MESSAGE } from '@/server/platform/lib/time-zone';
import {
  deliveryHoursStatement,
  deliveryLatencyStatement,
  enrolmentDaysStatement,
  outcomeSumsStatement,
  statusSumsStatement,
  type DeliveryHour,
  type DeliveryLatency,
  type EnrolmentDay,
  type OutcomeSum,
  type StatusSum,
} from './statements';

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
  const window = { now, timeZone, hours: DELIVERY_HOURS };
  let rows;
  try {
    rows = await Promise.all([
      db.$queryRaw<EnrolmentDay[]>(
        enrolmentDaysStatement(questionnaireId, { now, timeZone, days: ENROLMENT_DAYS }),
      ),
      db.$queryRaw<OutcomeSum[]>(outcomeSumsStatement(questionnaireId)),
      db.$queryRaw<StatusSum[]>(statusSumsStatement(questionnaireId)),
      db.$queryRaw<DeliveryHour[]>(deliveryHoursStatement(questionnaireId, window)),
      db.$queryRaw<DeliveryLatency[]>(deliveryLatencyStatement(questionnaireId, window)),
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
    const { state } = row;
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
