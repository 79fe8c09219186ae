import { describe, expect, it } from 'vitest';
import { isIanaTimeZone, wallTimeToInstant } from './time-zone';

describe('time zones', () => {
  it('knows IANA names and refuses offsets, unknown names and SQL', () => {
    for (const name of ['Asia/Kolkata', 'America/Los_Angeles', 'UTC', 'Etc/GMT+5', 'America/Argentina/Salta'])
      expect(isIanaTimeZone(name)).toBe(true);
    for (const name of ['+05:30', 'Mars/Olympus_Mons', '', "UTC'--", 'Europe/' + 'x'.repeat(80)])
      expect(isIanaTimeZone(name)).toBe(false);
  });

  it('reads a wall-clock time in the zone, across daylight saving changes', () => {
    expect(wallTimeToInstant('2026-03-02T05:00', 'Asia/Kolkata').toISOString()).toBe(
      '2026-03-01T23:30:00.000Z',
    );
    expect(wallTimeToInstant('2026-03-01T15:30', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-01T23:30:00.000Z',
    );
    // PDT (UTC−7) from 02:00 PST on 8 March 2026.
    expect(wallTimeToInstant('2026-03-08T01:59', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T09:59:00.000Z',
    );
    expect(wallTimeToInstant('2026-03-08T03:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T10:00:00.000Z',
    );
    expect(wallTimeToInstant('2026-11-25T10:15:30', 'UTC').toISOString()).toBe('2026-11-25T10:15:30.000Z');
  });
});
