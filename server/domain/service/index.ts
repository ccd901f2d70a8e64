/** The service modules' handlers (tickets and their workspace, system tickets, ticket records), composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { feActivityHandlers } from './field-activity';
import { resourceViewHandlers } from './calendar';
import { maintenancePlanHandlers } from './maintenance-plans';
import { dashboardChartsHandlers, systemTicketHandlers } from './system-tickets';
import { ticketActivityCalls } from './ticket-activity';
import { ticketFileCalls } from './ticket-files';
import { expenseHandlers, feedbackHandlers, ticketPdfCalls, workLogHandlers } from './ticket-records';
import { ticketViewCalls } from './ticket-views';
import { ticketCalls, ticketOps } from './tickets';
import { peopleCalls } from '../people';

export const serviceHandlers = {
  'svc-ticket': { ops: ticketOps, calls: { ...ticketPdfCalls, ...ticketActivityCalls, ...ticketFileCalls, ...peopleCalls } },
  ticket: { ops: ticketOps, calls: { ...ticketPdfCalls, ...ticketCalls, ...ticketViewCalls, ...ticketActivityCalls, ...ticketFileCalls, ...peopleCalls } },
  'system-ticket': systemTicketHandlers,
  'dashboard-charts': dashboardChartsHandlers,
  expense: expenseHandlers,
  worklog: workLogHandlers,
  'svc-feedBack': feedbackHandlers,
  feactivity: feActivityHandlers,
  'resource-view': resourceViewHandlers,
  'preventive-maintenance': maintenancePlanHandlers,
} satisfies AreaHandlers<'svc-ticket' | 'ticket' | 'system-ticket' | 'dashboard-charts' | 'expense' | 'worklog' | 'svc-feedBack' | 'feactivity' | 'resource-view' | 'preventive-maintenance'>;
