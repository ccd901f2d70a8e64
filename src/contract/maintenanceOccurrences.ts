/**
 * When a preventive-maintenance plan's occurrences fall: pure date arithmetic shared by the server's scheduler
 * (server/domain/service/maintenance-schedule.ts), the plan's page (its next five occurrences) and the calendars.
 *
 * A plan is triggered by time (every N days / weeks / months, or on fixed dates), by a meter (every N running
 * hours or cycles), or by whichever of the two comes first. Occurrences are sequential: the plan's current one is
 * `nextDueDate` (time) and `meterBaseline + meterInterval` (meter); each later one is counted from the one before,
 * either on the plan's rhythm (`nextFrom: 'schedule'`, the default, as marking a plan done always did) or from the
 * moment the work was done (`nextFrom: 'completion'`). The same rule moves a plan on when its ticket is done
 * (`advanceAfterDone`), so a preview and the plan's real next occurrence agree.
 *
 * Dates are calendar days, YYYY-MM-DD, in the subscriber's day (India); all arithmetic is in UTC on those days.
 */

export type PlanTrigger = 'time' | 'meter' | 'either';
export type IntervalUnit = 'days' | 'weeks' | 'months';
export type NextFrom = 'schedule' | 'completion';

/** What a plan says about when its work falls (a subset of the preventive-maintenance record). */
export interface OccurrencePlan {
  status?: string;
  /** Default 'time', which is what every plan was before meters. */
  trigger?: PlanTrigger;
  /** The legacy rhythm (Daily … Yearly): used when intervalCount/intervalUnit are not given. */
  frequency?: string;
  intervalCount?: number;
  intervalUnit?: IntervalUnit;
  /** When given, the time occurrences are these days (in order), not a rhythm. */
  fixedDates?: readonly string[];
  startDate?: string;
  /** The current time occurrence. */
  nextDueDate?: string;
  /** Every N units of the machine's meter (running hours or cycles). */
  meterInterval?: number;
  /**
   * The meter's reading when the plan's count started (set up or last done): the threshold is baseline + interval.
   * Absent while the machine has no reading of that meter: the count has nowhere to start, and waits for one.
   */
  meterBaseline?: number;
  nextFrom?: NextFrom;
}

/** The machine's meter as known now: its last reading and, to date a threshold ahead, its usage per day. */
export interface MeterForecast {
  reading: number;
  /** Units per day (e.g. 16 running hours a day); without it a threshold ahead has no date. */
  dailyUsage?: number;
}

/** One occurrence of a plan: the day its work is due and what brought it (the calendar, or the meter). */
export interface Occurrence {
  /** YYYY-MM-DD. */
  date: string;
  reason: 'time' | 'meter';
  /** For a meter occurrence: the reading at which it falls. */
  meterThreshold?: number;
}

/** Plans that raise nothing: ended, cancelled, or paused until resumed. */
const SILENT_STATUSES = new Set(['Completed', 'Cancelled', 'Paused']);

/** The legacy frequencies as intervals, so plans saved before intervals keep their rhythm. */
export const FREQUENCY_INTERVALS: Record<string, { count: number; unit: IntervalUnit }> = {
  Daily: { count: 1, unit: 'days' },
  Weekly: { count: 1, unit: 'weeks' },
  Monthly: { count: 1, unit: 'months' },
  Quarterly: { count: 3, unit: 'months' },
  'Half-Yearly': { count: 6, unit: 'months' },
  Yearly: { count: 12, unit: 'months' },
};

const DAY_MS = 86_400_000;

function parts(isoDate: string): [number, number, number] {
  return isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
}

/** `isoDate` plus `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = parts(isoDate);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/** The plan's time interval, from intervalCount/intervalUnit or else its legacy frequency; undefined when it has none. */
export function planInterval(plan: OccurrencePlan): { count: number; unit: IntervalUnit } | undefined {
  if (plan.intervalCount !== undefined && plan.intervalCount > 0 && plan.intervalUnit) return { count: Math.floor(plan.intervalCount), unit: plan.intervalUnit };
  return plan.frequency ? FREQUENCY_INTERVALS[plan.frequency] : undefined;
}

/**
 * The `k`-th date of the rhythm anchored on `anchor` (k = 0 is the anchor). Months are counted from the anchor, not
 * step by step, so a plan on the 31st falls on the 31st again after a short month (clamped to the month's end).
 */
export function rhythmDate(anchor: string, interval: { count: number; unit: IntervalUnit }, k: number): string {
  if (interval.unit === 'days') return addDays(anchor, interval.count * k);
  if (interval.unit === 'weeks') return addDays(anchor, 7 * interval.count * k);
  const [y, m, d] = parts(anchor);
  const months = interval.count * k;
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

const usesTime = (plan: OccurrencePlan): boolean => (plan.trigger ?? 'time') !== 'meter';
const usesMeter = (plan: OccurrencePlan): boolean => (plan.trigger ?? 'time') !== 'time' && (plan.meterInterval ?? 0) > 0;

/**
 * The first time occurrence strictly after `after`: the next fixed date, or the next day of the rhythm anchored on
 * `anchor`. Undefined when the plan has no time trigger or no fixed date is left.
 */
function timeAfter(plan: OccurrencePlan, anchor: string, after: string): string | undefined {
  if (plan.fixedDates && plan.fixedDates.length > 0) return [...plan.fixedDates].sort().find((date) => date > after);
  const interval = planInterval(plan);
  if (!interval) return undefined;
  // Jump close by arithmetic, then step: a daily plan years behind costs a few steps, not thousands.
  const perStep = interval.unit === 'months' ? 28 * interval.count : interval.unit === 'weeks' ? 7 * interval.count : interval.count;
  let k = Math.max(0, Math.floor(daysBetween(anchor, after) / perStep) - 1);
  while (rhythmDate(anchor, interval, k) <= after) k += 1;
  return rhythmDate(anchor, interval, k);
}

/** The plan's current time occurrence: its next due date, else its start date (or first fixed date). */
export function currentTimeOccurrence(plan: OccurrencePlan): string | undefined {
  if (!usesTime(plan)) return undefined;
  if (plan.nextDueDate) return plan.nextDueDate.slice(0, 10);
  if (plan.fixedDates && plan.fixedDates.length > 0) return [...plan.fixedDates].sort()[0];
  return plan.startDate?.slice(0, 10);
}

/**
 * The plan's current meter threshold (baseline + interval), when it counts a meter whose count has started. A plan
 * saved on a machine without a reading has no baseline (not 0: a first reading of 12,000 h would otherwise be 23
 * occurrences late at once): its meter occurrences wait for that reading (`awaitsFirstReading`).
 */
export function currentMeterThreshold(plan: OccurrencePlan): number | undefined {
  if (!usesMeter(plan) || plan.meterBaseline === undefined) return undefined;
  return plan.meterBaseline + (plan.meterInterval ?? 0);
}

/** Whether the plan counts a meter from a first reading the machine has not had yet. */
export function awaitsFirstReading(plan: OccurrencePlan): boolean {
  return !SILENT_STATUSES.has(plan.status ?? '') && usesMeter(plan) && plan.meterBaseline === undefined;
}

/**
 * The day the plan's rhythm is counted from: its start date when the next due date is on that rhythm (so a plan on
 * the 31st keeps the 31st after February), else the next due date itself (a plan re-planned to another day).
 */
function rhythmAnchor(plan: OccurrencePlan, current: string): string {
  const start = plan.startDate?.slice(0, 10);
  if (!start || start > current) return current;
  return start === current || timeAfter(plan, start, addDays(current, -1)) === current ? start : current;
}

/** Where a plan's count stands after an occurrence's work is done: its next time occurrence and meter baseline. */
export interface PlanAdvance {
  nextDueDate?: string;
  meterBaseline?: number;
}

/**
 * The plan moved on past an occurrence done on `doneDate` with the meter at `doneReading`: from completion (the
 * interval counted again from that day and that reading), or from schedule (the next day of the rhythm after the
 * occurrence and the day it was done, and the next multiple of the meter interval above the reading, so missed
 * occurrences are not owed twice). Without a reading the meter's count stays where it was.
 */
export function advanceAfterDone(plan: OccurrencePlan, doneDate: string, doneReading?: number): PlanAdvance {
  const result: PlanAdvance = {};
  const fromCompletion = (plan.nextFrom ?? 'schedule') === 'completion';
  const current = currentTimeOccurrence(plan);
  if (current) {
    const interval = planInterval(plan);
    const fixed = plan.fixedDates && plan.fixedDates.length > 0;
    if (fromCompletion && interval && !fixed) result.nextDueDate = rhythmDate(doneDate, interval, 1);
    else result.nextDueDate = timeAfter(plan, rhythmAnchor(plan, current), doneDate > current ? doneDate : current);
  }
  if (usesMeter(plan) && doneReading !== undefined) {
    const interval = plan.meterInterval ?? 0;
    // A count not started yet starts at the reading the work was done at.
    const baseline = plan.meterBaseline ?? doneReading;
    result.meterBaseline = fromCompletion ? doneReading : baseline + Math.max(0, Math.floor((doneReading - baseline) / interval)) * interval;
  }
  return result;
}

/** The day the meter reaches `threshold`, forecast from `fromDate` at its daily usage; undefined when it cannot be told. */
export function meterDate(threshold: number, meter: MeterForecast | undefined, fromDate: string): string | undefined {
  if (!meter) return undefined;
  if (meter.reading >= threshold) return fromDate;
  if (!meter.dailyUsage || meter.dailyUsage <= 0) return undefined;
  return addDays(fromDate, Math.ceil((threshold - meter.reading) / meter.dailyUsage));
}

/**
 * The plan's next `count` occurrences on or after `fromDate` (YYYY-MM-DD), in order. A meter occurrence ahead is
 * dated from `meter`'s daily usage (read on `fromDate`); without a usage it is shown only once the meter has already
 * crossed it (dated `fromDate`). For whichever-first plans, each occurrence is the earlier of the two, and the plan
 * moves on from it as it would if its ticket were done that day. A time occurrence already past (overdue) is not
 * listed: the rhythm is taken up again at `fromDate`. An ended, cancelled or paused plan has none.
 */
export function nextOccurrences(plan: OccurrencePlan, fromDate: string, count: number, meter?: MeterForecast): Occurrence[] {
  if (SILENT_STATUSES.has(plan.status ?? '') || count <= 0) return [];
  const out: Occurrence[] = [];
  // The rhythm stays anchored on the plan's first time occurrence while the preview steps through it.
  let state: OccurrencePlan = { ...plan, startDate: plan.startDate ?? currentTimeOccurrence(plan) };
  // A forecast reading is whole units: a threshold counted from it reads "9,160 h", not "9,160.37 h".
  const readingOn = (date: string): number | undefined => (meter ? Math.round(meter.reading + Math.max(0, daysBetween(fromDate, date)) * (meter.dailyUsage ?? 0)) : undefined);
  // Each pass takes one occurrence (or skips the past); the bound is a safety net, never reached by a sane plan.
  for (let pass = 0; out.length < count && pass < 4 * count + 10; pass += 1) {
    const time = currentTimeOccurrence(state);
    const threshold = currentMeterThreshold(state);
    const byMeter = threshold === undefined ? undefined : meterDate(threshold, meter, fromDate);
    if (time !== undefined && time < fromDate && (byMeter === undefined || time < byMeter)) {
      // Overdue: skip to the rhythm's first day on or after fromDate in one jump (a daily plan years behind included).
      const next = timeAfter(state, rhythmAnchor(state, time), addDays(fromDate, -1));
      state = next === undefined ? { ...state, trigger: 'meter', nextDueDate: undefined, fixedDates: [] } : { ...state, nextDueDate: next };
      continue;
    }
    if (time === undefined && byMeter === undefined) break;
    const meterFirst = byMeter !== undefined && (time === undefined || byMeter < time);
    const date = meterFirst ? (byMeter as string) : (time as string);
    out.push(meterFirst ? { date, reason: 'meter', meterThreshold: threshold } : { date, reason: 'time' });
    const projected = readingOn(date);
    const readingThen = meterFirst && threshold !== undefined ? Math.max(threshold, projected ?? threshold) : projected;
    const advance = advanceAfterDone(state, date, readingThen);
    state =
      time !== undefined && advance.nextDueDate === undefined
        ? // No time occurrence is left (the last fixed date): only the meter can still bring one.
          { ...state, ...advance, trigger: 'meter', nextDueDate: undefined, fixedDates: [] }
        : { ...state, ...advance };
    if (state.trigger === 'meter' && !usesMeter(state)) break;
  }
  return out;
}

/**
 * The plan's occurrences from `fromDate` to `toDate` (both YYYY-MM-DD, inclusive), for a calendar's range: the same
 * arithmetic as nextOccurrences, taken until an occurrence falls after the range (at most `max`).
 */
export function occurrencesBetween(plan: OccurrencePlan, fromDate: string, toDate: string, meter?: MeterForecast, max = 400): Occurrence[] {
  if (toDate < fromDate) return [];
  const out: Occurrence[] = [];
  // Asked in growing batches: a yearly plan needs one occurrence for a month's calendar, a daily one thirty.
  for (let count = 8; ; count *= 4) {
    const batch = nextOccurrences(plan, fromDate, Math.min(count, max), meter);
    const inRange = batch.filter((o) => o.date <= toDate);
    if (inRange.length < batch.length || batch.length < Math.min(count, max) || count >= max) return out.concat(inRange);
  }
}
