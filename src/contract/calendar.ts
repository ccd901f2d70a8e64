/**
 * The calendars (issue 31, item 3): the engineer's My Calendar and the dispatcher's resource calendar read one
 * shape of entry, and the rules of a reschedule (leave, double booking, a day's load) are pure functions here, so
 * the server's refusal and the screen's warning say the same thing in the same words.
 *
 * What a calendar shows:
 * - bookings: resource-view allocations (a ticket's visit, a preventive job, an installation, training, leave),
 *   the rows the dispatcher drags;
 * - visits: field-engineer activities (feactivity) an engineer logged or was given;
 * - plan occurrences: a preventive plan's next occurrences for its engineer (all day);
 * - on the resource calendar, the open tickets without a booking, in a side list to drag onto an engineer.
 * Times are instants (ISO, UTC); screens show them on the subscriber's wall clock (./zonedTime.ts).
 */
import { z } from 'zod';
import { addDays, dayBounds, dayOf, formatDateTime, formatDay, formatTime } from './zonedTime';
import { says } from './validationMessages';
import { refusal, type Said } from './refusalMessages';

export const ENTRY_KINDS = ['booking', 'visit', 'occurrence'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** Hours an engineer is booked for in a working day; above it the day is marked over-booked. */
export const WORKDAY_HOURS = 8;

/** The longest span a calendar call answers for (a month view, with its leading and trailing days). */
export const MAX_CALENDAR_DAYS = 42;

const instant = z.iso.datetime({ offset: true });
const dayString = z.iso.date();

export const calendarEntry = z.strictObject({
  /** `booking:<resource-view _id>`, `visit:<feactivity _id>`, `occurrence:<plan _id>:<YYYY-MM-DD>`. */
  key: z.string(),
  kind: z.enum(ENTRY_KINDS),
  /** The record behind the entry (resource-view, feactivity or preventive-maintenance _id). */
  recordId: z.string(),
  title: z.string(),
  /** The engineer (subscriber-user _id). */
  engineer: z.string(),
  start: instant,
  end: instant,
  /** A plan occurrence is a day, not a time. */
  allDay: z.boolean(),
  /** Booking type (Ticket, Preventive Maintenance, Installation, Leave, Training) or activity type. */
  type: z.string(),
  leave: z.boolean(),
  ticketAlternateId: z.string().optional(),
  colour: z.string().optional(),
  /** Whether the caller may drag it (a booking, or a visit for whoever may change field activities, on the dispatcher's calendar). */
  movable: z.boolean(),
});
export type CalendarEntry = z.output<typeof calendarEntry>;

/** What joins the parts of an entry's title ("Site Visit · TKT-2026-000001 · Replaced the coupling"). */
const TITLE_JOIN = ' · ';

/**
 * The title of an entry that starts with its type: a visit's (its activity type, its ticket, its remarks) and a
 * booking's without a title of its own (its allocation type alone). The type is a stored choice ("Site Visit"), which
 * a screen words in the person's language (`titleParts`); the rest is the record's own text.
 */
export function typedTitle(type: string, ...details: ReadonlyArray<string | undefined>): string {
  return [type, ...details].filter(Boolean).join(TITLE_JOIN);
}

/**
 * An entry's title split as `typedTitle` made it: `type` when the title starts with the entry's type (alone, or
 * followed by its details), and the rest. A title of the record's own ("Spindle rebuild TKT-…") has no type part.
 */
export function titleParts(entry: Pick<CalendarEntry, 'title' | 'type'>): { type?: string; rest: string } {
  if (entry.title === entry.type) return { type: entry.type, rest: '' };
  if (entry.type && entry.title.startsWith(entry.type + TITLE_JOIN)) return { type: entry.type, rest: entry.title.slice(entry.type.length + TITLE_JOIN.length) };
  return { rest: entry.title };
}

/** An entry's title with its type worded by `word` (the catalogue's words for the stored choice). */
export function wordedTitle(entry: Pick<CalendarEntry, 'title' | 'type'>, word: (type: string) => string): string {
  const { type, rest } = titleParts(entry);
  return type === undefined ? rest : typedTitle(word(type), rest);
}

export const unscheduledTicket = z.strictObject({
  /** `svc-ticket` or `ticket`. */
  module: z.enum(['svc-ticket', 'ticket']),
  _id: z.string(),
  alternateId: z.string(),
  title: z.string(),
  priority: z.string(),
  status: z.string(),
  assignedTo: z.string().optional(),
});
export type UnscheduledTicket = z.output<typeof unscheduledTicket>;

export const calendarEngineer = z.strictObject({ _id: z.string(), name: z.string() });

export const calendarReply = z.strictObject({
  from: dayString,
  to: dayString,
  /** The subscriber's time zone the days are counted in. */
  timeZone: z.string(),
  engineers: z.array(calendarEngineer),
  entries: z.array(calendarEntry),
  /** Open tickets without a booking (the resource calendar's side list; empty on My Calendar). */
  unscheduled: z.array(unscheduledTicket),
});
export type CalendarReply = z.output<typeof calendarReply>;

/** GET …/calendar and …/my-calendar: the days from `from` to `to` (inclusive), in the subscriber's zone. */
export const calendarQuery = z
  .object({ from: dayString, to: dayString })
  .refine((q) => q.to >= q.from, { path: ['to'], message: says('notBeforeFrom') })
  .refine((q) => q.to <= addDays(q.from, MAX_CALENDAR_DAYS), { path: ['to'], message: says('calendarSpan', { days: MAX_CALENDAR_DAYS }) });
export type CalendarQuery = z.input<typeof calendarQuery>;

/**
 * POST …/reschedule: move a booking (`booking`, the resource-view _id) or a visit (`visit`, the feactivity _id), or
 * book an unscheduled ticket (`svc-ticket` or `ticket`, its _id), to an engineer and a time. The ticket's engineer
 * follows, through its lifecycle.
 */
export const rescheduleBody = z
  .strictObject({
    kind: z.enum(['booking', 'visit', 'svc-ticket', 'ticket'], { error: says('bookingKind') }),
    id: z.string().trim().min(1, says('required', { label: 'Id' })),
    resource: z.string().trim().min(1, says('required', { label: 'Engineer' })),
    start: z.iso.datetime({ offset: true, error: says('notADateTimeWithOffset', { label: 'Start' }) }),
    end: z.iso.datetime({ offset: true, error: says('notADateTimeWithOffset', { label: 'End' }) }),
    /** The booking's version as read (a stale copy is refused). */
    version: z.number().int().nonnegative().optional(),
  })
  .refine((b) => Date.parse(b.end) > Date.parse(b.start), { path: ['end'], message: says('endAfterStart') });
export type RescheduleBody = z.input<typeof rescheduleBody>;

export const rescheduleReply = z.strictObject({
  /** The booking (or the visit) as it is now. */
  booking: z.looseObject({ _id: z.string() }),
  /** The ticket that followed, when the booking has one: its engineer and version after the move. */
  ticket: z.strictObject({ module: z.enum(['svc-ticket', 'ticket']), _id: z.string(), alternateId: z.string(), assignedTo: z.string(), status: z.string() }).optional(),
});
export type RescheduleReply = z.output<typeof rescheduleReply>;

/** An interval [start, end) in milliseconds. */
interface Span {
  start: number;
  end: number;
}

const spanOf = (e: Pick<CalendarEntry, 'start' | 'end'>): Span => ({ start: Date.parse(e.start), end: Date.parse(e.end) });
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Why a move is refused: the target engineer's leave or the booking it would overlap. */
export type Clash = { kind: 'leave'; entry: CalendarEntry } | { kind: 'booked'; entry: CalendarEntry };

/**
 * What stops `engineer` taking [start, end): leave first (whatever else), then a booking or visit it overlaps.
 * `ignoreKey` is the entry being moved (it does not clash with itself). Plan occurrences are days, never a clash.
 */
export function clashFor(entries: readonly CalendarEntry[], engineer: string, start: string, end: string, ignoreKey?: string): Clash | undefined {
  const target = { start: Date.parse(start), end: Date.parse(end) };
  const theirs = entries.filter((e) => e.engineer === engineer && e.key !== ignoreKey && e.kind !== 'occurrence' && overlaps(spanOf(e), target));
  const leave = theirs.find((e) => e.leave);
  if (leave) return { kind: 'leave', entry: leave };
  const booked = theirs.find((e) => !e.leave);
  return booked ? { kind: 'booked', entry: booked } : undefined;
}

/**
 * The person's sentence for a clash, times on the subscriber's wall clock: "Ravi Kumar is on leave from 02/12/2026
 * 00:00 to 03/12/2026 00:00" / "Ravi Kumar is already booked 10:00–14:00 on 01/12/2026: Spindle rebuild TKT-…", with
 * its words (src/contract/refusalMessages.ts), so the screen and the server's refusal say it in the person's language.
 */
export function clashSaid(clash: Clash, engineerName: string, zone: string): Said {
  const { entry } = clash;
  const span = { engineer: engineerName, from: formatDateTime(entry.start, zone), to: formatDateTime(entry.end, zone) };
  if (clash.kind === 'leave') return refusal('calendarOnLeave', span);
  if (dayOf(entry.start, zone) !== dayOf(entry.end, zone)) return refusal('calendarBooked', { ...span, title: entry.title });
  return refusal('calendarBookedOnDay', { engineer: engineerName, from: formatTime(entry.start, zone), to: formatTime(entry.end, zone), day: formatDay(entry.start, zone), title: entry.title });
}

/** Hours of [start, end) that fall on `day` in `zone`. */
function hoursOnDay(span: Span, day: string, zone: string): number {
  const { start, end } = dayBounds(day, zone);
  const from = Math.max(span.start, start.getTime());
  const to = Math.min(span.end, end.getTime());
  return to > from ? (to - from) / 3_600_000 : 0;
}

export interface DayLoad {
  engineer: string;
  day: string;
  /** Hours booked (bookings and visits, leave not counted), to one decimal. */
  hours: number;
  onLeave: boolean;
  overBooked: boolean;
}

/** Each engineer's load on each day from `from` to `to` (inclusive): hours booked, leave, over-booked. */
export function dailyLoad(entries: readonly CalendarEntry[], engineers: readonly string[], from: string, to: string, zone: string): DayLoad[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length <= MAX_CALENDAR_DAYS; d = addDays(d, 1)) days.push(d);
  return engineers.flatMap((engineer) => {
    const theirs = entries.filter((e) => e.engineer === engineer && e.kind !== 'occurrence');
    return days.map((day) => {
      const worked = theirs.filter((e) => !e.leave).reduce((sum, e) => sum + hoursOnDay(spanOf(e), day, zone), 0);
      const onLeave = theirs.some((e) => e.leave && hoursOnDay(spanOf(e), day, zone) > 0);
      const hours = Math.round(worked * 10) / 10;
      return { engineer, day, hours, onLeave, overBooked: hours > WORKDAY_HOURS };
    });
  });
}
