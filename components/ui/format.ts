// Dates in the Admin pages: the viewer's local time with the zone's name, so two Admins in two regions agree
// (components/ui/time.tsx adds the UTC time on hover).
const dateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
const dateTimeSeconds = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

const formatWith =
  (format: Intl.DateTimeFormat) =>
  (value: string | Date | null | undefined): string => {
    if (!value) return '—';
    const date = typeof value === 'string' ? new Date(value) : value;
    return Number.isNaN(date.getTime()) ? '—' : format.format(date);
  };

export const formatDateTime = formatWith(dateTime);
/** To the second, where seconds matter (webhook attempts and retries). */
export const formatDateTimeSeconds = formatWith(dateTimeSeconds);

// Numbers are grouped the English way, like the words around them, and the same on the server as in the
// browser: with the browser's own locale, a page rendered on the server ("1,000") no longer matched what the
// browser rendered when hydrating ("1.000", or other digits), and React threw the server's HTML away.
const number = new Intl.NumberFormat('en-US');
export const formatNumber = (n: number) => number.format(n);

/** "1 participant", "3 participants": a count with its noun in the right number. */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A `datetime-local` input's value for `date`: local wall time without a zone (the browser knows the zone). */
export const localInputValue = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * A duration as a person says it, rounded to what matters at its size: "480 ms", "4.2 s", "38 s", "~8 min",
 * "~2.5 h", "~3 days". Milliseconds beyond a second read as noise ("479,070 ms").
 */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  if (seconds < 9.95) return `${seconds.toFixed(1)} s`;
  if (Math.round(seconds) < 60) return `${Math.round(seconds)} s`;
  const minutes = seconds / 60;
  if (Math.round(minutes) < 60) return `~${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 9.95) return `~${Number(hours.toFixed(1))} h`;
  if (Math.round(hours) < 48) return `~${Math.round(hours)} h`;
  return `~${Math.round(hours / 24)} days`;
}
