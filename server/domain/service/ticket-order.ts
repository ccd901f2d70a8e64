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

/**
 * Open tickets before the rest; among the open, the most urgent priority first, then the SLA due soonest (overdue
 * first, no promise last), then the newest reported; the others (resolved, closed, cancelled) newest reported first.
 */
export function mostUrgentFirst(a: Ticket, b: Ticket): number {
  const [aOpen, bOpen] = [OPEN.has(String(a.status)), OPEN.has(String(b.status))];
  if (aOpen !== bOpen) return aOpen ? -1 : 1;
  if (aOpen) {
    if (urgency(a) !== urgency(b)) return urgency(b) - urgency(a);
    const [aDue, bDue] = [timeOf(a.slaDueAt) ?? Number.POSITIVE_INFINITY, timeOf(b.slaDueAt) ?? Number.POSITIVE_INFINITY];
    if (aDue !== bDue) return aDue < bDue ? -1 : 1;
  }
  return reportedAt(b) - reportedAt(a);
}
