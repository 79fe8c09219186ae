// The overview's charts themselves: bars as boxes sized in per cent of their chart, rendered with the page on
// the server and hydrated as plain elements, so they are on the first screen and cost no script of their own.
// Our own code rather than a charting library's because what the overview draws is four bar charts, and the
// library's way cost more than the rest of the page: Recharts' chunk was 105 KiB of the overview's 288, it
// could draw only in the browser, and drawing its four charts took 140–260 ms of main-thread long tasks after
// hydration, which made a repeat visit (scripts cached, so drawing after the load event) slower than a first.
// The round axis values come from d3-array. Each chart is for the eye only: its figure's table carries the
// numbers for assistive technology (overview-charts.tsx); a bar's title names its figures on hover.
import { nice, ticks } from 'd3-array';
import type { inferRouterOutputs } from '@trpc/server';
import { formatNumber } from '@/components/ui/format';
import type { AppRouter } from '@/server/doors/admin/router';

export type Stats = inferRouterOutputs<AppRouter>['questionnaire']['stats'];
export type OverviewChartKind = 'enrolments' | 'outcomes' | 'results' | 'deliveries';

const COLORS = { brand: '#4f46e5', delivered: '#059669', retrying: '#d97706', failed: '#dc2626' };
/** Horizontal bars beyond this many are added up into one "other" bar (the table lists every one). */
const MAX_ROWS = 7;
/** Labels under a column chart: about this many (half on a phone), the newest column always labelled. */
const COLUMN_LABELS = 6;

interface Segment {
  name: string;
  value: number;
  color: string;
}
interface Column {
  /** Unique among the chart's columns (a day, an hour's instant). */
  key: string;
  /** Under the column, when it is one of those labelled. */
  label: string;
  /** The column's hover text names it so. */
  title: string;
  segments: Segment[];
}
interface Row {
  /** Unique among the chart's rows: a category's own name, or none for the bar of the rest. */
  key: string;
  label: string;
  value: number;
}

const percent = (value: number, top: number) => `${(100 * value) / top}%`;

/** Whole-number axis values from 0 to a round top at or above `max` (at least 1). */
function axisValues(max: number): { top: number; values: number[] } {
  const [, top] = nice(0, Math.max(max, 1), 4);
  return { top, values: ticks(0, top, 4).filter(Number.isInteger) };
}

/** A bar's hover text: its label and each of its figures. */
const hoverText = (label: string, segments: Segment[]) =>
  [label, ...segments.map((s) => `${s.name}: ${formatNumber(s.value)}`)].join('\n');

/** Vertical columns over time, each a stack of segments, with a value axis and dashed grid lines. */
function ColumnChart({ columns }: { columns: Column[] }) {
  const { top, values } = axisValues(
    Math.max(...columns.map((c) => c.segments.reduce((n, s) => n + s.value, 0))),
  );
  const labelEvery = Math.max(1, Math.ceil(columns.length / COLUMN_LABELS));
  const last = columns.length - 1;
  return (
    <div className="flex h-full flex-col text-xs text-slate-600">
      <div className="flex min-h-0 flex-1 pt-2">
        <div className="relative w-12 shrink-0">
          {values.map((v) => (
            <span
              key={v}
              className="absolute right-2 translate-y-1/2 tabular-nums"
              style={{ bottom: percent(v, top) }}
            >
              {formatNumber(v)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1 border-b border-l border-slate-300">
          {values.map(
            (v) =>
              v > 0 && (
                <div
                  key={v}
                  className="absolute inset-x-0 border-t border-dashed border-slate-200"
                  style={{ bottom: percent(v, top) }}
                />
              ),
          )}
          <div className="absolute inset-0 flex items-end gap-px px-px">
            {columns.map((column) => (
              <div
                key={column.key}
                title={hoverText(column.title, column.segments)}
                className="flex h-full min-w-0 flex-1 flex-col-reverse hover:opacity-80"
              >
                {column.segments.map(
                  (s) =>
                    s.value > 0 && (
                      <div key={s.name} style={{ height: percent(s.value, top), backgroundColor: s.color }} />
                    ),
                )}
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="relative ml-12 h-5 shrink-0">
        {columns.map(
          (column, i) =>
            (last - i) % labelEvery === 0 && (
              <span
                key={column.key}
                className={`absolute top-1 whitespace-nowrap ${i === last ? 'right-0' : '-translate-x-1/2'} ${(last - i) % (2 * labelEvery) ? 'hidden sm:block' : ''}`}
                style={i === last ? undefined : { left: percent(i + 0.5, columns.length) }}
              >
                {column.label}
              </span>
            ),
        )}
      </div>
    </div>
  );
}

/** One bar per category, longest first, its figure beside it; past MAX_ROWS the rest as one bar. */
function RowChart({ rows, otherLabel }: { rows: Row[]; otherLabel: (categories: number) => string }) {
  const shown =
    rows.length <= MAX_ROWS
      ? rows
      : [
          ...rows.slice(0, MAX_ROWS - 1),
          {
            key: '',
            label: otherLabel(rows.length - MAX_ROWS + 1),
            value: rows.slice(MAX_ROWS - 1).reduce((n, r) => n + r.value, 0),
          },
        ];
  const top = Math.max(1, ...shown.map((r) => r.value));
  return (
    <div className="flex h-full flex-col justify-center gap-2 text-xs text-slate-600">
      {shown.map((row) => (
        <div
          key={row.key}
          title={`${row.label}: ${formatNumber(row.value)}`}
          className="flex items-center gap-2"
        >
          <span className="w-28 shrink-0 truncate text-right sm:w-36">{row.label}</span>
          <div className="h-4 min-w-0 flex-1">
            <div
              data-bar
              className="h-full min-w-px rounded-r-sm"
              style={{ width: percent(row.value, top), backgroundColor: COLORS.brand }}
            />
          </div>
          <span className="w-16 shrink-0 tabular-nums text-slate-700">{formatNumber(row.value)}</span>
        </div>
      ))}
    </div>
  );
}

function Legend({ items }: { items: readonly { name: string; color: string }[] }) {
  return (
    <ul className="mb-1 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-600">
      {items.map((item) => (
        <li key={item.name} className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm" style={{ backgroundColor: item.color }} />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

const DELIVERY_STATES = [
  { state: 'delivered', name: 'Delivered', color: COLORS.delivered },
  { state: 'retrying', name: 'Retrying', color: COLORS.retrying },
  { state: 'failed', name: 'Failed', color: COLORS.failed },
] as const;

/** "14:30" for an hour's start instant, in the zone the figures were counted in. */
const hourFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
/** "25 Nov, 14:30" for a column's hover text, where the hours cross midnight. */
export const dayHourFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });

/** One chart, filling the box its figure keeps for it. */
export default function OverviewChartDrawing({ kind, stats: s }: { kind: OverviewChartKind; stats: Stats }) {
  switch (kind) {
    case 'enrolments':
      return (
        <ColumnChart
          columns={s.enrolmentsPerDay.map((d) => ({
            key: d.day,
            label: d.day.slice(5),
            title: d.day,
            segments: [{ name: 'Enrolled', value: d.count, color: COLORS.brand }],
          }))}
        />
      );
    case 'outcomes':
      return (
        <RowChart
          rows={s.outcomes.map((o) => ({ key: o.outcome, label: o.outcome, value: o.count }))}
          otherLabel={(n) => `${n} other outcomes`}
        />
      );
    case 'results':
      return (
        <RowChart
          rows={s.resultStatuses.map((r) => ({ key: r.status, label: r.status, value: r.count }))}
          otherLabel={(n) => `${n} other statuses`}
        />
      );
    case 'deliveries': {
      const hour = hourFormat(s.timeZone);
      const dayHour = dayHourFormat(s.timeZone);
      const columns = s.deliveriesPerHour.map((h) => ({
        key: h.hour,
        label: hour.format(new Date(h.hour)),
        title: dayHour.format(new Date(h.hour)),
        segments: DELIVERY_STATES.map(({ state, name, color }) => ({ name, color, value: h[state] })),
      }));
      return (
        <div className="flex h-full flex-col">
          <Legend items={DELIVERY_STATES} />
          <div className="min-h-0 flex-1">
            <ColumnChart columns={columns} />
          </div>
        </div>
      );
    }
  }
}
