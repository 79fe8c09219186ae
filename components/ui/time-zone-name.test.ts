// The Admin pages name a zone as IANA does today, never by a name IANA has retired, and never a different zone.
import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, timesInZoneNote } from './time-zone-name';

/** The zone's wall clock at a few instants of a year (both sides of any daylight-saving change). */
const wallClocks = (timeZone: string) =>
  ['2026-01-15T12:00:00Z', '2026-04-15T12:00:00Z', '2026-07-15T12:00:00Z', '2026-10-15T12:00:00Z'].map(
    (instant) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(instant),
      ),
  );

describe('canonicalTimeZone', () => {
  it('names Kolkata, Kyiv and Ho Chi Minh City by their current names', () => {
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('Asia/Saigon')).toBe('Asia/Ho_Chi_Minh');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
  });

  it('turns every zone this runtime knows into a name it accepts, for the same clocks', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const named = canonicalTimeZone(zone);
      expect(wallClocks(named), `${zone} → ${named}`).toEqual(wallClocks(zone));
    }
  });
});

describe('timesInZoneNote', () => {
  it('offers the UTC hover only where the times are not in UTC already', () => {
    expect(timesInZoneNote('Asia/Kolkata')).toBe('Times in Asia/Kolkata; hover a time for UTC.');
    expect(timesInZoneNote('UTC')).toBe('Times in UTC.');
  });
});
