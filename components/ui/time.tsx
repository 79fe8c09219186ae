'use client';
// The one rule for times in the Admin app: the Admin's own time zone (the browser's), with
// the zone's name shown, and the time in UTC on hover. <Time> for a moment, useTimeZoneName for headings
// ("Times in Europe/Berlin"), localDay for grouping by the Admin's own days (charts, usage).
import { useSyncExternalStore } from 'react';
import { formatDateTime, formatDateTimeSeconds } from './format';
import { canonicalTimeZone, timesInZoneNote } from './time-zone-name';

const noChanges = () => () => undefined;
/** False while rendering on the server and hydrating (the server knows no Admin's zone), true after. */
const useInBrowser = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

const utc = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

/** "25 Nov 2026, 19:45:08 UTC": what the hover shows. */
const formatUtc = (value: string | Date) => `${utc.format(new Date(value))} UTC`;

export function Time({
  value,
  seconds = false,
}: {
  value: string | Date | null | undefined;
  seconds?: boolean;
}) {
  const inBrowser = useInBrowser();
  if (!value) return <>—</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>—</>;
  return (
    // A server render shows UTC (named); the browser then shows the Admin's own zone.
    <time dateTime={date.toISOString()} title={formatUtc(date)}>
      {inBrowser ? (seconds ? formatDateTimeSeconds : formatDateTime)(date) : formatUtc(date)}
    </time>
  );
}

/** The browser's time zone by its current IANA name, e.g. "Asia/Kolkata" (where Intl says "Asia/Calcutta"). */
export const timeZoneName = () => canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The browser's time zone once in the browser; null during the server render and hydration. */
export function useTimeZoneName(): string | null {
  const inBrowser = useInBrowser();
  return inBrowser ? timeZoneName() : null;
}

/**
 * "Times in Asia/Kolkata; hover a time for UTC." for a list of times (UTC until the browser takes over), or
 * "Times in UTC." where the zone is UTC.
 */
export function TimeZoneNote({ className }: { className?: string }) {
  const zone = useTimeZoneName();
  return (
    <span className={className} data-testid="time-zone-note">
      {timesInZoneNote(zone ?? 'UTC')}
    </span>
  );
}

/** The Admin's own calendar day of a moment, as YYYY-MM-DD (for grouping hours into days). */
export function localDay(value: string | Date): string {
  const d = new Date(value);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
