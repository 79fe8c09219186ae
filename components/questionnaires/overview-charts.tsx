'use client';
// The questionnaire overview as pictures: enrolments per day, outcomes, result statuses and webhook
// deliveries. Each chart is drawn for the eye only (aria-hidden) and followed by a table with the same
// numbers for screen readers; a chart with nothing to show says what to do next instead. Days and hours are
// the Admin's own (the browser's time zone, sent with the query and named on the charts).
//
// The charts (overview-chart-drawings.tsx) are plain elements rendered with the page on the server, like the
// captions and tables: nothing is drawn after hydration, so nothing holds up input or a repeat visit.
import { skipToken, useQuery } from '@tanstack/react-query';
import OverviewChartDrawing, {
  dayHourFormat,
  type OverviewChartKind,
  type Stats,
} from '@/components/questionnaires/overview-chart-drawings';
import { useTRPC } from '@/components/providers/trpc-provider';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDuration, formatNumber } from '@/components/ui/format';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { useTimeZoneName } from '@/components/ui/time';

/** A chart for sighted users and the same figures as a table for screen readers. */
function ChartFigure({
  title,
  summary,
  columns,
  rows,
  chart,
}: {
  title: string;
  summary: string;
  columns: string[];
  rows: (string | number)[][];
  chart: { kind: OverviewChartKind; stats: Stats };
}) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-slate-600">{summary}</figcaption>
      <div aria-hidden="true" data-testid="overview-chart" className="h-56 w-full">
        <OverviewChartDrawing kind={chart.kind} stats={chart.stats} />
      </div>
      {/* A table never shrinks to the 1 px of sr-only: the clipped box around it keeps a long outcome from
          widening the page, and its cells wrap for screen readers that show text. */}
      <div className="sr-only">
        <table className="table-fixed break-words">
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) => (
                  <td key={i}>{typeof cell === 'number' ? formatNumber(cell) : cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function OverviewCharts({
  questionnaireId,
  timeZoneHint,
}: {
  questionnaireId: string;
  /** The zone the server fetched the figures in (the browser's, as it last said): until hydrated. */
  timeZoneHint: string | null;
}) {
  const trpc = useTRPC();
  // The server render knows the Admin's zone only as a hint: once hydrated, the browser's own zone decides
  // (the same figures when the hint was right, else a query of its own).
  const timeZone = useTimeZoneName() ?? timeZoneHint;
  const stats = useQuery(
    trpc.questionnaire.stats.queryOptions(timeZone ? { questionnaireId, timeZone } : skipToken),
  );
  const base = `/admin/questionnaires/${questionnaireId}`;
  if (stats.isPending) return <SkeletonRows rows={4} label="Loading the overview charts" />;
  if (stats.isError) return <QueryError error={stats.error} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const enrolled = sum(s.enrolmentsPerDay.map((d) => d.count));
  const participants = sum(s.outcomes.map((o) => o.count));
  const results = sum(s.resultStatuses.map((r) => r.count));
  const deliveries = s.deliveryTotals.delivered + s.deliveryTotals.retrying + s.deliveryTotals.failed;
  const dayHour = dayHourFormat(s.timeZone);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Participants enrolled, last 30 days">
        {enrolled === 0 ? (
          <EmptyState
            title="Nobody enrolled in the last 30 days"
            action={
              <ButtonLink href={`${base}/api-keys`} size="sm">
                Create an API key
              </ButtonLink>
            }
          >
            Participants appear here once your system creates them through the API with a key of this
            questionnaire.
          </EmptyState>
        ) : (
          <ChartFigure
            title={`Participants enrolled per day (${s.timeZone}), last 30 days`}
            summary={`${formatNumber(enrolled)} enrolled in the last 30 days, ${formatNumber(s.enrolmentsPerDay.at(-1)?.count ?? 0)} today. Days in ${s.timeZone}.`}
            columns={['Day', 'Participants enrolled']}
            rows={s.enrolmentsPerDay.map((d) => [d.day, d.count])}
            chart={{ kind: 'enrolments', stats: s }}
          />
        )}
      </Card>

      <Card title="Outcomes">
        {participants === 0 ? (
          <EmptyState title="No participants yet">
            Outcomes appear here once participants exist and your system reports their outcomes.
          </EmptyState>
        ) : (
          <ChartFigure
            title="Participants by current outcome"
            summary={`${formatNumber(participants)} ${participants === 1 ? 'participant' : 'participants'} by their current outcome.`}
            columns={['Outcome', 'Participants']}
            rows={s.outcomes.map((o) => [o.outcome, o.count])}
            chart={{ kind: 'outcomes', stats: s }}
          />
        )}
      </Card>

      <Card title="Result statuses">
        {results === 0 ? (
          <EmptyState title="No results yet">
            Results arrive from the assessment engine after participants take the questionnaire; an Admin can
            also publish one by hand on a participant&apos;s page.
          </EmptyState>
        ) : (
          <ChartFigure
            title="Results by status"
            summary={`${formatNumber(results)} results by status.`}
            columns={['Status', 'Results']}
            rows={s.resultStatuses.map((r) => [r.status, r.count])}
            chart={{ kind: 'results', stats: s }}
          />
        )}
      </Card>

      <Card title="Webhook deliveries, last 24 hours">
        {deliveries === 0 ? (
          <EmptyState
            title="No webhook deliveries in the last 24 hours"
            action={
              <ButtonLink href={`${base}/webhooks`} size="sm" variant="secondary">
                Set up the webhook
              </ButtonLink>
            }
          >
            Every published result is sent to your webhook; send a test event from the Webhooks tab to see one
            here.
          </EmptyState>
        ) : (
          <ChartFigure
            title={`Webhook deliveries per hour (${s.timeZone}), last 24 hours`}
            summary={`${formatNumber(s.deliveryTotals.delivered)} delivered, ${formatNumber(s.deliveryTotals.retrying)} retrying, ${formatNumber(s.deliveryTotals.failed)} failed; 95% delivered within ${s.deliveryP95Ms === null ? '—' : formatDuration(s.deliveryP95Ms)}. Hours in ${s.timeZone}.`}
            columns={['Hour', 'Delivered', 'Retrying', 'Failed']}
            rows={s.deliveriesPerHour.map((h) => [
              dayHour.format(new Date(h.hour)),
              h.delivered,
              h.retrying,
              h.failed,
            ])}
            chart={{ kind: 'deliveries', stats: s }}
          />
        )}
      </Card>
    </div>
  );
}
