/** A row of a ticket call view (GET /api/app/ticket/view/{route}) and where its page is. */
import type { ModuleOf } from '../../../contract/modules';
import type { TicketViewRow } from '../../../contract/ticketShapes';

export type TicketRow = TicketViewRow;

/** The ticket page of every kind: /app/ticket/{module}/{id} (module: svc-ticket or ticket). */
export const TICKET_MODULES = ['svc-ticket', 'ticket'] as const;
export type TicketModuleName = (typeof TICKET_MODULES)[number];
/** The entry of a ticket module as declared: its calls (the workspace's, shared by both) typed. */
export type TicketModuleDef = ModuleOf<TicketModuleName>;

export function isTicketModule(name: string): name is TicketModuleName {
  return (TICKET_MODULES as readonly string[]).includes(name);
}

export function ticketHref(row: { module: string; _id: string }): string {
  return `/app/ticket/${row.module}/${encodeURIComponent(row._id)}`;
}
