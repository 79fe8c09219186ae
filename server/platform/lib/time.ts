const pad = (n: number) => String(n).padStart(2, '0');

/** The spec's error timestamp: UTC, DD-MM-YYYY HH:MM:SS. */
export function errorTimestamp(date = new Date()): string {
  return (
    `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

// RFC 3339 date-time: full date, 'T' (or a space, which RFC 3339 allows), full time with optional
// fraction, and 'Z' or a numeric offset.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** Parses an RFC 3339 date-time; null when the text is not one or names an impossible moment. */
export function parseRfc3339(text: string): Date | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, , , oh, om] = m;
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;
  if (oh !== undefined && (Number(oh) > 23 || Number(om) > 59)) return null;
  const date = new Date(text.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** RFC 3339 in UTC with second precision, or milliseconds when there are any: 2026-11-22T14:03:05Z. */
export function toRfc3339Utc(date: Date): string {
  const iso = date.toISOString();
  return date.getUTCMilliseconds() === 0 ? iso.replace('.000Z', 'Z') : iso;
}
