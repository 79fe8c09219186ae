'use client';
// The overview's charts themselves (Recharts), in a chunk of their own: loaded and drawn after the page is
// interactive (overview-charts.tsx), each chart in its own task, so that drawing them never holds up input.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/doors/admin/router';

export type Stats = inferRouterOutputs<AppRouter>['questionnaire']['stats'];
export type OverviewChartKind = 'enrolments' | 'outcomes' | 'results' | 'deliveries';

const COLORS = { brand: '#4f46e5', delivered: '#059669', retrying: '#d97706', failed: '#dc2626' };
const AXIS = { fontSize: 12, fill: '#475569' };

/** "14:30" for an hour's start instant, in the zone the figures were counted in. */
const hourFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
const shortDay = (day: string) => day.slice(5);

function Drawing({ kind, stats: s }: { kind: OverviewChartKind; stats: Stats }) {
  switch (kind) {
    case 'enrolments':
      return (
        <BarChart data={s.enrolmentsPerDay} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS} minTickGap={16} />
          <YAxis allowDecimals={false} tick={AXIS} width={48} />
          <Tooltip />
          <Bar dataKey="count" name="Enrolled" fill={COLORS.brand} isAnimationActive={false} />
        </BarChart>
      );
    case 'outcomes':
      return (
        <BarChart data={s.outcomes} layout="vertical" accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="outcome" tick={AXIS} width={120} />
          <Tooltip />
          <Bar dataKey="count" name="Participants" fill={COLORS.brand} isAnimationActive={false} />
        </BarChart>
      );
    case 'results':
      return (
        <BarChart data={s.resultStatuses} layout="vertical" accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="status" tick={AXIS} width={150} />
          <Tooltip />
          <Bar dataKey="count" name="Results" fill={COLORS.brand} isAnimationActive={false} />
        </BarChart>
      );
    case 'deliveries': {
      const hour = hourFormat(s.timeZone);
      return (
        <BarChart data={s.deliveriesPerHour} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="hour"
            tickFormatter={(h: string) => hour.format(new Date(h))}
            tick={AXIS}
            minTickGap={16}
          />
          <YAxis allowDecimals={false} tick={AXIS} width={48} />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="delivered"
            name="Delivered"
            stackId="d"
            fill={COLORS.delivered}
            isAnimationActive={false}
          />
          <Bar
            dataKey="retrying"
            name="Retrying"
            stackId="d"
            fill={COLORS.retrying}
            isAnimationActive={false}
          />
          <Bar dataKey="failed" name="Failed" stackId="d" fill={COLORS.failed} isAnimationActive={false} />
        </BarChart>
      );
    }
  }
}

/** One chart, filling the box its figure keeps for it (so nothing moves when it appears). */
export default function OverviewChartDrawing({ kind, stats }: { kind: OverviewChartKind; stats: Stats }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Drawing kind={kind} stats={stats} />
    </ResponsiveContainer>
  );
}
