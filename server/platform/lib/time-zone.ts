// The Admin's time zone as the browser names it (IANA, e.g. "Asia/Kolkata"), checked before it reaches SQL's
// AT TIME ZONE. A bare offset such as "+05:30" is refused although PostgreSQL accepts it: PostgreSQL reads it
// as a POSIX zone, with the sign inverted, so it would shift days the wrong way.
import { z } from 'zod';

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

export function isIanaTimeZone(name: string): boolean {
  if (name.length > 64 || !IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone: give an IANA name such as Europe/Berlin';

export const timeZoneSchema = z.string().refine(isIanaTimeZone, { error: UNKNOWN_TIME_ZONE_MESSAGE });

const wallClock = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });

/** How far timeZone's clocks are ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, format: Intl.DateTimeFormat): number {
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time (a datetime-local value, "2026-03-08T02:30") names in timeZone. The second
 * look-up settles times near a daylight-saving change; a time the change skips comes out an hour later.
 */
export function wallTimeToInstant(wall: string, timeZone: string): Date {
  const format = wallClock(timeZone);
  const naive = Date.parse(`${wall}Z`);
  const guess = naive - offsetAt(naive, format);
  return new Date(naive - offsetAt(guess, format));
}
