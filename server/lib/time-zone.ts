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
