/**
 * The answer shapes of the ticket workspace's calls (issue 13): schemas (the calls' replies in the catalogue,
 * src/contract/modules/serviceTickets.ts and ticketWorkspaceCalls.ts) whose types the server fills
 * (server/domain/service/ticket-views.ts, ticket-activity.ts) and the screens read (src/ui/screens/tickets).
 */
import { z } from 'zod';
import { storedRecord } from './modules/replies';

/**
 * A row of `GET /api/app/ticket/view/{route}`: the ticket as stored, with which module holds it (`svc-ticket` or
 * `ticket`: where its page and its calls are), its kind (the service ticket's type, or `Generic`), its assignee's
 * name, and the names of what it refers to (field → name, as the modules' lists give them: its client, machine,
 * site), which an engineer may not list himself.
 */
/** The kind of a generic ticket (the `ticket` module has no type): a call view's rows and the dashboards' counts. */
export const GENERIC_TICKET_KIND = 'Generic';

export const ticketViewRow = storedRecord.extend({
  module: z.string(),
  kind: z.string(),
  assigneeName: z.string().optional(),
  names: z.record(z.string(), z.string()).optional(),
});
export type TicketViewRow = z.output<typeof ticketViewRow>;

/** One entry of `GET {ticket path}/activity/{id}`, newest first. */
export const timelineEntry = z.strictObject({
  kind: z.enum(['comment', 'discussion', 'worklog', 'expense', 'attachment', 'spare-request', 'feedback']),
  _id: z.string(),
  at: z.string(),
  by: z.strictObject({ _id: z.string(), name: z.string() }).optional(),
  text: z.string(),
  /** A comment the client's users never receive. */
  internal: z.boolean().optional(),
  /** Work logged. */
  hours: z.number().optional(),
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
  /** A spare-part request's status and number. */
  status: z.string().optional(),
  number: z.string().optional(),
  /** Feedback: 1 to 5. */
  rating: z.number().optional(),
  /** An expense: its amount (paise) and category. */
  amountPaise: z.number().optional(),
  category: z.string().optional(),
  /** The file of an attachment, or an expense's receipt: its url (read with POST file/{id}) and type. */
  fileUrl: z.string().optional(),
  mimeType: z.string().optional(),
});
export type TimelineEntry = z.output<typeof timelineEntry>;

/** The socket's `ticket.assigned`: a ticket given to someone (server/realtime), shown to that person only. */
export const ticketAssigned = z.strictObject({
  userId: z.string(),
  module: z.string(),
  _id: z.string(),
  alternateId: z.string().optional(),
  title: z.string().optional(),
});
export type TicketAssigned = z.output<typeof ticketAssigned>;
