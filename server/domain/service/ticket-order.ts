/**
 * The order tickets are listed in wherever a person picks what to work on next (JOBS.md, field engineer 1: "most urgent
 * first, with its SLA clock"): the call views (./ticket-views.ts) and a machine's card (../machines/machine-card.ts).
 */
import { OPEN_TICKET_STATUSES, TICKET_PRIORITIES } from '../../../src/contract/modules/serviceTickets';
import { asString } from '../records';

type Ticket = Readonly<Record<string, unknown>>;

/** A time stored as text, comparable (stored texts carry different offsets: +05:30 from people, Z from the server). */
const timeOf = (value: unknown): number | undefined => {
  const time = Date.parse(asString(value) ?? '');
  return Number.isNaN(time) ? undefined : time;
};
const reportedAt = (t: Ticket): number => timeOf(t.reportedAt) ?? timeOf(t.createdAt) ?? 0;
const OPEN: ReadonlySet<string> = new Set(OPEN_TICKET_STATUSES);
/** Urgent first: the index of a priority in TICKET_PRIORITIES grows with its urgency. */
const urgency = (t: Ticket): number => TICKET_PRIORITIES.indexOf(asString(t.priority) as (typeof TICKET_PRIORITIES)[number]);

/** What a ticket is ordered by, read once per ticket: a sort compares each one about log n times. */
interface Key {
  open: boolean;
  urgency: number;
  due: number;
  reported: number;
}

function keyOf(t: Ticket): Key {
  return { open: OPEN.has(String(t.status)), urgency: urgency(t), due: timeOf(t.slaDueAt) ?? Number.POSITIVE_INFINITY, reported: reportedAt(t) };
}

function compare(a: Key, b: Key): number {
  if (a.open !== b.open) return a.open ? -1 : 1;
  if (a.open) {
    if (a.urgency !== b.urgency) return b.urgency - a.urgency;
    if (a.due !== b.due) return a.due < b.due ? -1 : 1;
  }
  return b.reported - a.reported;
}

/**
 * `tickets` in a new array, open ones before the rest; among the open, the most urgent priority first, then the SLA
 * due soonest (overdue first, no promise last), then the newest reported; the others (resolved, closed, cancelled)
 * newest reported first.
 */
export function mostUrgentFirst<T extends Ticket>(tickets: readonly T[]): T[] {
  return tickets
    .map((ticket) => ({ ticket, key: keyOf(ticket) }))
    .sort((a, b) => compare(a.key, b.key))
    .map(({ ticket }) => ticket);
}
