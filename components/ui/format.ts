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

export const formatNumber = (n: number) => n.toLocaleString();

/** "1 participant", "3 participants": a count with its noun in the right number. */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A `datetime-local` input's value for `date`: local wall time without a zone (the browser knows the zone). */
export const localInputValue = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
