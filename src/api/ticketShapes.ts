/**
 * The answer shapes of the ticket workspace's calls (issue 13), defined once for the server
 * (server/domain/service/ticket-views.ts, ticket-activity.ts) and the screens (src/ui/screens/tickets).
 */

/** A row of `GET /api/app/ticket/view/{route}`: the ticket as stored, with which module holds it and its kind. */
export interface TicketViewRow {
  _id: string;
  /** `svc-ticket` or `ticket`: where its page and its calls are. */
  module: string;
  /** The service ticket's type, or `Generic`. */
  kind: string;
  assigneeName?: string;
  [field: string]: unknown;
}

/** One entry of `GET {ticket path}/activity/{id}`, newest first. */
export interface TimelineEntry {
  kind: 'comment' | 'discussion' | 'worklog' | 'expense' | 'attachment' | 'spare-request' | 'feedback';
  _id: string;
  at: string;
  by?: { _id: string; name: string };
  text: string;
  /** A comment the client's users never receive. */
  internal?: boolean;
  /** Work logged. */
  hours?: number;
  startedAt?: string;
  endedAt?: string;
  /** A spare-part request's status and number. */
  status?: string;
  number?: string;
  /** Feedback: 1 to 5. */
  rating?: number;
  /** An expense: its amount (paise) and category. */
  amountPaise?: number;
  category?: string;
  /** The file of an attachment, or an expense's receipt: its url (read with POST file/{id}) and type. */
  fileUrl?: string;
  mimeType?: string;
}

/** The socket's `ticket.assigned`: a ticket given to someone (server/realtime), shown to that person only. */
export interface TicketAssigned {
  userId: string;
  module: string;
  _id: string;
  alternateId?: string;
  title?: string;
}
