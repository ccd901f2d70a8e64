import { describe, expect, it } from 'vitest';
import { advanceAfterDone, awaitsFirstReading, nextOccurrences, occurrencesBetween, rhythmDate } from '../../src/contract/maintenanceOccurrences';

describe('nextOccurrences', () => {
  it('keeps a legacy frequency plan on its rhythm, month ends clamped and restored', () => {
    const plan = { frequency: 'Monthly', nextDueDate: '2026-01-31' };
    expect(nextOccurrences(plan, '2026-01-01', 4)).toEqual([
      { date: '2026-01-31', reason: 'time' },
      { date: '2026-02-28', reason: 'time' },
      { date: '2026-03-31', reason: 'time' },
      { date: '2026-04-30', reason: 'time' },
    ]);
  });

  it('counts every N days, weeks or months from intervalCount and intervalUnit over the frequency', () => {
    expect(nextOccurrences({ frequency: 'Yearly', intervalCount: 10, intervalUnit: 'days', nextDueDate: '2026-03-01' }, '2026-03-01', 3).map((o) => o.date)).toEqual([
      '2026-03-01',
      '2026-03-11',
      '2026-03-21',
    ]);
    expect(nextOccurrences({ intervalCount: 2, intervalUnit: 'weeks', nextDueDate: '2026-03-02' }, '2026-03-01', 2).map((o) => o.date)).toEqual(['2026-03-02', '2026-03-16']);
    expect(nextOccurrences({ frequency: 'Quarterly', nextDueDate: '2026-02-15' }, '2026-01-01', 3).map((o) => o.date)).toEqual(['2026-02-15', '2026-05-15', '2026-08-15']);
  });

  it('skips an overdue occurrence to the first day of the rhythm on or after fromDate, in one jump', () => {
    expect(nextOccurrences({ frequency: 'Daily', nextDueDate: '2020-01-01' }, '2026-06-10', 2).map((o) => o.date)).toEqual(['2026-06-10', '2026-06-11']);
    expect(nextOccurrences({ frequency: 'Weekly', nextDueDate: '2026-06-01' }, '2026-06-10', 1).map((o) => o.date)).toEqual(['2026-06-15']);
  });

  it('walks fixed dates in order and stops when none is left', () => {
    const plan = { fixedDates: ['2026-09-01', '2026-03-01', '2026-06-01'], nextDueDate: '2026-03-01' };
    expect(nextOccurrences(plan, '2026-02-01', 5).map((o) => o.date)).toEqual(['2026-03-01', '2026-06-01', '2026-09-01']);
  });

  it('dates meter occurrences from the daily usage', () => {
    const plan = { trigger: 'meter' as const, meterInterval: 500, meterBaseline: 1000 };
    expect(nextOccurrences(plan, '2026-03-01', 3, { reading: 1400, dailyUsage: 20 })).toEqual([
      { date: '2026-03-06', reason: 'meter', meterThreshold: 1500 },
      { date: '2026-03-31', reason: 'meter', meterThreshold: 2000 },
      { date: '2026-04-25', reason: 'meter', meterThreshold: 2500 },
    ]);
  });

  it('shows a meter threshold already crossed today, and nothing ahead without a usage', () => {
    const plan = { trigger: 'meter' as const, meterInterval: 500, meterBaseline: 0 };
    expect(nextOccurrences(plan, '2026-03-01', 3, { reading: 1200 })).toEqual([{ date: '2026-03-01', reason: 'meter', meterThreshold: 500 }]);
    expect(nextOccurrences(plan, '2026-03-01', 3, { reading: 100 })).toEqual([]);
    expect(nextOccurrences(plan, '2026-03-01', 3)).toEqual([]);
  });

  it('counts nothing by meter before the machine has a reading to count from (no baseline), however high the reading', () => {
    const waiting = { trigger: 'meter' as const, meterInterval: 500 };
    expect(awaitsFirstReading(waiting)).toBe(true);
    expect(nextOccurrences(waiting, '2026-03-01', 3, { reading: 12_000, dailyUsage: 20 })).toEqual([]);
    expect(awaitsFirstReading({ ...waiting, meterBaseline: 12_000 })).toBe(false);
    expect(nextOccurrences({ ...waiting, meterBaseline: 12_000 }, '2026-03-01', 1, { reading: 12_000, dailyUsage: 20 })).toEqual([{ date: '2026-03-26', reason: 'meter', meterThreshold: 12_500 }]);
    // Whichever first: the dates go on meanwhile; a paused plan waits for nothing.
    const either = { trigger: 'either' as const, frequency: 'Monthly', nextDueDate: '2026-03-10', meterInterval: 500 };
    expect(nextOccurrences(either, '2026-03-01', 2).map((o) => o.reason)).toEqual(['time', 'time']);
    expect(awaitsFirstReading({ ...either, status: 'Paused' })).toBe(false);
    expect(awaitsFirstReading({ frequency: 'Monthly', nextDueDate: '2026-03-10' })).toBe(false);
  });

  it('takes whichever comes first, and counts both again from it', () => {
    // 10 hours a day: 500 hours are reached on day 50, before the 3-monthly date; the time date then comes first.
    const plan = { trigger: 'either' as const, frequency: 'Quarterly', nextDueDate: '2026-04-01', meterInterval: 500, meterBaseline: 0, nextFrom: 'completion' as const };
    const occurrences = nextOccurrences(plan, '2026-01-01', 3, { reading: 0, dailyUsage: 10 });
    expect(occurrences[0]).toEqual({ date: '2026-02-20', reason: 'meter', meterThreshold: 500 });
    // From completion: the time count restarts on 2026-02-20 (→ 05-20), the meter's at 500 h (→ 1000 h on 2026-04-11).
    expect(occurrences[1]).toEqual({ date: '2026-04-11', reason: 'meter', meterThreshold: 1000 });
    expect(occurrences[2]?.reason).toBe('meter');
    const slow = nextOccurrences(plan, '2026-01-01', 2, { reading: 0, dailyUsage: 1 });
    expect(slow).toEqual([
      { date: '2026-04-01', reason: 'time' },
      { date: '2026-07-01', reason: 'time' },
    ]);
  });

  it('has none for an ended, cancelled or paused plan', () => {
    for (const status of ['Completed', 'Cancelled', 'Paused']) expect(nextOccurrences({ status, frequency: 'Daily', nextDueDate: '2026-01-01' }, '2026-01-01', 3)).toEqual([]);
  });
});

describe('advanceAfterDone', () => {
  it('from schedule: the next rhythm day after the due day and the day done; from completion: an interval after the day done', () => {
    const plan = { frequency: 'Monthly', nextDueDate: '2026-03-10' };
    expect(advanceAfterDone(plan, '2026-03-08')).toEqual({ nextDueDate: '2026-04-10' });
    expect(advanceAfterDone(plan, '2026-05-20')).toEqual({ nextDueDate: '2026-06-10' });
    expect(advanceAfterDone({ ...plan, nextFrom: 'completion' }, '2026-03-20')).toEqual({ nextDueDate: '2026-04-20' });
  });

  it('moves the meter baseline to the reading (completion) or to the last multiple below it (schedule)', () => {
    const plan = { trigger: 'meter' as const, meterInterval: 500, meterBaseline: 1000 };
    expect(advanceAfterDone(plan, '2026-03-01', 1620)).toEqual({ meterBaseline: 1500 });
    expect(advanceAfterDone({ ...plan, nextFrom: 'completion' }, '2026-03-01', 1620)).toEqual({ meterBaseline: 1620 });
    // A count that had not started starts at the reading the work was done at.
    expect(advanceAfterDone({ trigger: 'meter', meterInterval: 500 }, '2026-03-01', 12_040)).toEqual({ meterBaseline: 12_040 });
    expect(advanceAfterDone(plan, '2026-03-01')).toEqual({});
  });

  it('rhythmDate counts months from the anchor', () => {
    expect(rhythmDate('2026-01-31', { count: 1, unit: 'months' }, 2)).toBe('2026-03-31');
  });
});

describe('occurrencesBetween', () => {
  it('gives every occurrence in a calendar range, and none outside it', () => {
    const daily = { frequency: 'Daily', nextDueDate: '2026-03-01' };
    expect(occurrencesBetween(daily, '2026-03-05', '2026-04-03')).toHaveLength(30);
    expect(occurrencesBetween({ frequency: 'Weekly', nextDueDate: '2026-03-02' }, '2026-03-01', '2026-03-31').map((o) => o.date)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    expect(occurrencesBetween({ frequency: 'Yearly', nextDueDate: '2026-06-01' }, '2026-03-01', '2026-03-31')).toEqual([]);
    expect(occurrencesBetween(daily, '2026-03-10', '2026-03-01')).toEqual([]);
  });
});
