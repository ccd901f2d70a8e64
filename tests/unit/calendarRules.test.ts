/**
 * The calendar's rules (src/contract/calendar.ts), shared by the server's refusal and the screen's warning: leave
 * before a booking, a booking does not clash with itself, plan occurrences never clash, a day's load in the
 * subscriber's zone, and the plan adapter of server/domain/service/calendar.ts.
 */
import { describe, expect, it } from 'vitest';
import { clashFor, clashSaid, dailyLoad, WORKDAY_HOURS, type CalendarEntry } from '../../src/contract/calendar';
import { planOccurrenceDays } from '../../server/domain/service/calendar';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();
const entry = (key: string, engineer: string, start: string, end: string, extra: Partial<CalendarEntry> = {}): CalendarEntry => ({
  key, kind: 'booking', recordId: key, title: key, engineer, start, end, allDay: false, type: 'Ticket', leave: false, movable: true, ...extra,
});

const ENTRIES: CalendarEntry[] = [
  entry('morning', 'ravi', ist('2030-01-15', '10:00'), ist('2030-01-15', '12:00')),
  entry('long', 'ravi', ist('2030-01-16', '08:00'), ist('2030-01-16', '18:00')),
  entry('leave', 'asha', ist('2030-01-15', '00:00'), ist('2030-01-16', '00:00'), { leave: true, type: 'Leave', title: 'Leave' }),
  entry('afternoon', 'asha', ist('2030-01-15', '14:00'), ist('2030-01-15', '16:00')),
  entry('plan', 'ravi', ist('2030-01-15', '00:00'), ist('2030-01-16', '00:00'), { kind: 'occurrence', allDay: true }),
];

describe('a move onto an engineer', () => {
  it('is refused for leave before anything else, and for an overlapping booking', () => {
    expect(clashFor(ENTRIES, 'asha', ist('2030-01-15', '14:30'), ist('2030-01-15', '15:00'))).toMatchObject({ kind: 'leave', entry: { key: 'leave' } });
    expect(clashFor(ENTRIES, 'ravi', ist('2030-01-15', '11:00'), ist('2030-01-15', '13:00'))).toMatchObject({ kind: 'booked', entry: { key: 'morning' } });
  });
  it('passes back to back, over a plan occurrence, and over the booking being moved', () => {
    expect(clashFor(ENTRIES, 'ravi', ist('2030-01-15', '12:00'), ist('2030-01-15', '13:00'))).toBeUndefined();
    expect(clashFor(ENTRIES, 'ravi', ist('2030-01-15', '09:00'), ist('2030-01-15', '11:00'), 'morning')).toBeUndefined();
  });
  it("is explained in the subscriber's zone", () => {
    const booked = clashFor(ENTRIES, 'ravi', ist('2030-01-15', '11:00'), ist('2030-01-15', '13:00'))!;
    expect(clashSaid(booked, 'Ravi Patil', 'Asia/Kolkata').message).toBe('Ravi Patil is already booked 10:00–12:00 on 15/01/2030: morning');
    expect(clashSaid(booked, 'Ravi Patil', 'UTC').message).toBe('Ravi Patil is already booked 04:30–06:30 on 15/01/2030: morning');
    const leave = clashFor(ENTRIES, 'asha', ist('2030-01-15', '14:30'), ist('2030-01-15', '15:00'))!;
    expect(clashSaid(leave, 'Asha Kulkarni', 'Asia/Kolkata').message).toBe('Asha Kulkarni is on leave from 15/01/2030 00:00 to 16/01/2030 00:00: choose another engineer or time');
  });
});

describe("an engineer's day", () => {
  it('counts hours booked (not leave, not plan days), marks leave and over-booking', () => {
    const load = dailyLoad(ENTRIES, ['ravi', 'asha'], '2030-01-15', '2030-01-16', 'Asia/Kolkata');
    expect(load).toEqual([
      { engineer: 'ravi', day: '2030-01-15', hours: 2, onLeave: false, overBooked: false },
      { engineer: 'ravi', day: '2030-01-16', hours: 10, onLeave: false, overBooked: true },
      { engineer: 'asha', day: '2030-01-15', hours: 2, onLeave: true, overBooked: false },
      { engineer: 'asha', day: '2030-01-16', hours: 0, onLeave: false, overBooked: false },
    ]);
    expect(WORKDAY_HOURS).toBe(8);
  });
  it("splits a booking over midnight between the days of the subscriber's zone", () => {
    const night = [entry('night', 'ravi', ist('2030-01-15', '22:00'), ist('2030-01-16', '02:00'))];
    expect(dailyLoad(night, ['ravi'], '2030-01-15', '2030-01-16', 'Asia/Kolkata').map((l) => l.hours)).toEqual([2, 2]);
    expect(dailyLoad(night, ['ravi'], '2030-01-15', '2030-01-16', 'UTC').map((l) => l.hours)).toEqual([4, 0]);
  });
});

describe("a plan's occurrences on the calendar (until nextOccurrences lands)", () => {
  it('are its next due day when it falls in the window', () => {
    expect(planOccurrenceDays({ nextDueDate: '2030-01-15' }, '2030-01-14', '2030-01-20')).toEqual(['2030-01-15']);
    expect(planOccurrenceDays({ nextDueDate: '2030-02-15' }, '2030-01-14', '2030-01-20')).toEqual([]);
    expect(planOccurrenceDays({}, '2030-01-14', '2030-01-20')).toEqual([]);
  });
});
