'use client';
// The audit log filter's "from" and "to": wall-clock times in a named zone, sent with the zone (`tz`) so the
// server reads them as the Admin meant. The zone is the one the filter was submitted in (a shared link keeps
// its own), else the browser's; during the server render, UTC.
import { useTimeZoneName } from '@/components/ui/time';

export function AuditTimeRange({
  from,
  to,
  submittedZone,
  controlClassName,
}: {
  from: string | undefined;
  to: string | undefined;
  submittedZone: string | undefined;
  controlClassName: string;
}) {
  const browserZone = useTimeZoneName();
  const zone = submittedZone ?? browserZone ?? 'UTC';
  return (
    <>
      <label className="space-y-1.5 text-sm font-medium text-slate-800">
        <span className="block">From ({zone})</span>
        <input type="datetime-local" name="from" defaultValue={from} className={controlClassName} />
      </label>
      <label className="space-y-1.5 text-sm font-medium text-slate-800">
        <span className="block">To ({zone})</span>
        <input type="datetime-local" name="to" defaultValue={to} className={controlClassName} />
      </label>
      <input type="hidden" name="tz" value={zone} />
    </>
  );
}
