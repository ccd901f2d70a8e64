/**
 * The calendars' entries as @mantine/schedule draws them. The library works in wall-clock strings
 * (`YYYY-MM-DD HH:mm:ss`); every instant is turned into the subscriber's wall clock here (src/contract/zonedTime.ts),
 * and every drop back into an instant, so the browser's own zone never moves a booking (issue 31, item 4).
 */
import type { ScheduleEventData, ScheduleLabelsOverride } from '@mantine/schedule';
import type { Translate } from '../../../i18n';
import type { CalendarEntry, CalendarReply } from '../../../contract/calendar';
import { addDays, fromWallTime, toWallTime } from '../../../contract/zonedTime';
import { wordedTitle } from '../../../contract/calendar';

/** Colours by kind: leave grey, visits teal, plan occurrences orange; a booking keeps its own colour when it has one. */
function colourOf(entry: CalendarEntry): string {
  if (entry.leave) return 'gray';
  if (entry.kind === 'visit') return 'teal';
  if (entry.kind === 'occurrence') return 'orange';
  return entry.colour ?? 'blue';
}

export interface EntryPayload {
  entry: CalendarEntry;
}

/**
 * The entries as the schedule draws them. `word` words a stored choice (the catalogue's `choice`): a visit's title
 * starts with its activity type, a booking without a title is its allocation type ("Leave"), both stored in English.
 */
export function scheduleEvents(data: CalendarReply | null, zone: string, word: (value: string) => string): Array<ScheduleEventData<EntryPayload>> {
  return (data?.entries ?? []).map((entry) => ({
    id: entry.key,
    title: wordedTitle(entry, word),
    start: toWallTime(entry.start, zone),
    end: toWallTime(entry.end, zone),
    color: colourOf(entry),
    variant: entry.kind === 'booking' && !entry.leave ? 'filled' : 'light',
    resourceId: entry.engineer,
    payload: { entry },
  }));
}

/** A wall-clock string of the subscriber's zone back to an instant (ISO, UTC); '' when it is not a time. */
export function instantOf(wall: string, zone: string): string {
  const instant = fromWallTime(wall, zone);
  return Number.isNaN(instant.getTime()) ? '' : instant.toISOString();
}

/** Monday of the week holding `day` (YYYY-MM-DD). */
export function weekStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The days a view of `date` shows: its day, its week (Monday to Sunday), or its month's six weeks. */
export function windowOf(view: 'agenda' | 'day' | 'week' | 'month', date: string): { from: string; to: string } {
  if (view === 'day') return { from: date, to: date };
  if (view === 'agenda') return { from: date, to: addDays(date, 13) };
  if (view === 'week') {
    const from = weekStart(date);
    return { from, to: addDays(from, 6) };
  }
  const from = weekStart(`${date.slice(0, 7)}-01`);
  return { from, to: addDays(from, 41) };
}

/** Whether `[from, to]` covers `window` (a view inside the loaded days needs no new load). */
export function covers(loaded: { from: string; to: string } | undefined, wanted: { from: string; to: string }): boolean {
  return Boolean(loaded && loaded.from <= wanted.from && loaded.to >= wanted.to);
}

/** The schedule components' words in the person's language (their own defaults are English). */
export function scheduleLabels(t: Translate): ScheduleLabelsOverride {
  return {
    day: t('cal.day'),
    week: t('cal.week'),
    month: t('cal.month'),
    noEvents: t('cal.nothing'),
    today: t('cal.schedToday'),
    next: t('cal.schedNext'),
    previous: t('cal.schedPrevious'),
    allDay: t('cal.schedAllDay'),
    more: t('cal.schedMore'),
    timeSlot: t('cal.schedTimeSlot'),
    resourceSlot: t('cal.schedResourceSlot'),
    resources: t('cal.schedResources'),
    resource: t('cal.schedResources'),
    switchToDayView: t('cal.schedSwitchToDayView'),
    switchToWeekView: t('cal.schedSwitchToWeekView'),
    switchToMonthView: t('cal.schedSwitchToMonthView'),
    viewSelectLabel: t('cal.schedViewSelectLabel'),
    year: t('cal.schedYear'),
    weekday: t('cal.schedWeekday'),
    selectMonth: t('cal.schedSelectMonth'),
    selectYear: t('cal.schedSelectYear'),
    switchToYearView: t('cal.schedSwitchToYearView'),
    agenda: t('cal.schedAgenda'),
    moreLabel: (count: number) => t('cal.schedMoreCount', { count }),
  };
}
