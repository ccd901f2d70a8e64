/** A row of a ticket call view (GET /api/app/ticket/view/{route}) and where its page is. */
import type { TicketViewRow } from '../../../api/ticketShapes';

export type TicketRow = TicketViewRow;

/** The ticket page of every kind: /app/ticket/{module}/{id} (module: svc-ticket or ticket). */
export const TICKET_MODULES = ['svc-ticket', 'ticket'] as const;

export function ticketHref(row: { module: string; _id: string }): string {
  return `/app/ticket/${row.module}/${encodeURIComponent(row._id)}`;
}
