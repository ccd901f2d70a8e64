/**
 * The one module every time goes through (src/contract/zonedTime.ts, issue 31 item 4): instants to the subscriber's
 * wall clock and back, whatever the process's own zone, across daylight-saving changes too.
 */
import { describe, expect, it } from 'vitest';
import { addDays, dayBounds, dayOf, FIXED_OFFSET_ZONES, formatDateTime, formatDay, formatTime, fromWallTime, hourIn, isTimeZone, quickHourIn, toInstant, toWallTime, todayIn, wallTimeToIso, zoneOrDefault } from '../../src/contract/zonedTime';

describe('an instant on a wall clock', () => {
  it('is written in the zone asked for', () => {
    expect(toWallTime('2026-11-27T15:53:00Z', 'Asia/Kolkata')).toBe('2026-11-27 21:23:00');
    expect(toWallTime('2026-11-27T15:53:00Z', 'America/New_York')).toBe('2026-11-27 10:53:00');
    expect(formatDateTime('2026-11-27T15:53:00Z', 'Asia/Kolkata')).toBe('27/11/2026 21:23');
    expect(formatTime('2026-11-27T15:53:00Z', 'Asia/Kolkata')).toBe('21:23');
    expect(formatDay('2026-11-27T20:00:00Z', 'Asia/Kolkata')).toBe('28/11/2026');
    expect(dayOf('2026-11-27T20:00:00Z', 'UTC')).toBe('2026-11-27');
  });
  it('reads a wall-clock time back as the same instant', () => {
    expect(wallTimeToIso('2026-11-27 21:23:00', 'Asia/Kolkata')).toBe('2026-11-27T15:53:00.000Z');
    expect(wallTimeToIso('2026-11-27 21:23', 'Asia/Kolkata')).toBe('2026-11-27T15:53:00.000Z');
    expect(fromWallTime('2026-11-27', 'Asia/Kolkata').toISOString()).toBe('2026-11-26T18:30:00.000Z');
    expect(wallTimeToIso('2026-07-01 09:00:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(wallTimeToIso('2026-12-01 09:00:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z');
  });
  it('resolves the hour a daylight-saving change repeats to its first, and one it skips with the offset before', () => {
    expect(wallTimeToIso('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(wallTimeToIso('2026-03-08 02:30:00', 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
  });
  it('does not read a bare day or a time without an offset as an instant (that would be the process zone)', () => {
    expect(Number.isNaN(toInstant('2026-11-27'))).toBe(true);
    expect(Number.isNaN(toInstant('2026-11-27 10:00'))).toBe(true);
    expect(formatDateTime('2026-11-27 10:00', 'Asia/Kolkata')).toBe('2026-11-27 10:00');
    expect(toWallTime('not a time', 'Asia/Kolkata')).toBe('');
    expect(wallTimeToIso('soon', 'Asia/Kolkata')).toBe('soon');
  });
  it('knows zones, and falls back to India for one it does not', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(zoneOrDefault(null)).toBe('Asia/Kolkata');
    expect(zoneOrDefault('Europe/Paris')).toBe('Europe/Paris');
  });
});

describe('days', () => {
  it("are counted in the zone: today, the hour, a day's bounds", () => {
    const now = Date.parse('2026-11-27T19:00:00Z');
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-11-28');
    expect(todayIn('UTC', now)).toBe('2026-11-27');
    expect(hourIn('Asia/Kolkata', now)).toBe(0);
    const { start, end } = dayBounds('2026-11-28', 'Asia/Kolkata');
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-11-27T18:30:00.000Z', '2026-11-28T18:30:00.000Z']);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe('the hour without a date formatter (a first paint, issue 30)', () => {
  it('is, in every zone of the fixed-offset table, the offset the runtime’s own time-zone data gives, every other day to 2037 (a daylight-saving season lasts weeks)', () => {
    for (const [zone, minutes] of FIXED_OFFSET_ZONES) {
      const formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
      for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2038, 0, 1); t += 3_600_000 * 47) {
        const p = Object.fromEntries(formatter.formatToParts(t).map((part) => [part.type, Number(part.value)]));
        const offset = (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(t / 60_000) * 60_000) / 60_000;
        if (offset !== minutes) expect({ zone, at: new Date(t).toISOString(), offset }).toEqual({ zone, at: new Date(t).toISOString(), offset: minutes });
      }
      expect(isTimeZone(zone)).toBe(true);
    }
  });

  it('is the hour hourIn gives, in fixed-offset zones and others, before and after the formatter is built', () => {
    const instants = [Date.parse('2026-11-27T19:00:00Z'), Date.parse('2026-07-01T03:45:00Z'), Date.parse('1999-06-30T23:59:59Z'), Date.parse('2031-03-09T06:59:00Z')];
    for (const zone of ['Asia/Kathmandu', 'Asia/Kolkata', 'America/Phoenix', 'America/New_York', 'Europe/Paris', 'Australia/Adelaide']) {
      for (const at of instants) expect([zone, at, quickHourIn(zone, at)]).toEqual([zone, at, hourIn(zone, at)]);
    }
  });

  it('knows a zone of the table without building a formatter, and still refuses what is not a zone', () => {
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
    expect(isTimeZone('asia/kolkata ')).toBe(false);
    expect(isTimeZone('Asia/Atlantis')).toBe(false);
  });
});
