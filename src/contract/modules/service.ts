/**
 * Service management (document 2 §7 "Tickets"): the area's modules in catalogue order and the routes that
 * show them through a filter. The entries live in files named for what they hold:
 *   serviceTickets.ts      service tickets of every kind and the generic ticket
 *   systemTickets.ts       system tickets and the dashboard-charts KPI host
 *   ticketRecords.ts       action notes, discussions, comments, work logs, feedback
 *   serviceExpenses.ts     expenses and chargeable service lines
 *   serviceScheduling.ts   preventive maintenance, field-engineer activity, resource view
 *   serviceProviders.ts    service providers
 * Everything is re-exported here, so code that imports the area from './service' keeps working.
 */
import { svcTicket, ticket, OPEN_TICKET_STATUSES } from './serviceTickets';
import { systemTicket, dashboardCharts } from './systemTickets';
import { actionNote, discussion, svcTicketComment, workLog, feedback } from './ticketRecords';
import { expense, serviceExpense } from './serviceExpenses';
import { preventiveMaintenance, feActivity, resourceView } from './serviceScheduling';
import { serviceProvider } from './serviceProviders';
import { TICKET_CALL_VIEW_ROUTES } from '../routes';

export * from './serviceTickets';
export * from './systemTickets';
export * from './ticketRecords';
export * from './serviceExpenses';
export * from './serviceScheduling';
export * from './serviceProviders';

/**
 * A route whose code is not a module's feature but which shows that module, filtered. The client shows the
 * module on the route; the server should also accept the view's code for the module's calls (see report).
 * `$me` in a filter stands for the signed-in user's _id, `$client` for their client company's _id.
 */
export interface ModuleView {
  route: string;
  code: string;
  module: string;
  label: string;
  filter?: Readonly<Record<string, string | boolean | readonly string[]>>;
  /**
   * Further modules the view shows through the same filter and code: the ticket call views list generic and
   * service tickets together (GET /api/app/ticket/view/{route} reads both), and their code grants both modules'
   * calls over the view's records, so an engineer starts a breakdown ticket from "My Open Calls".
   */
  alsoModules?: readonly string[];
}

/** Routes that show a service module through a filter (see ModuleView), as the spec's routes name them. */
const ticketAndServiceViews: readonly ModuleView[] = [
  { route: 'preSaleMaintenance', code: 'PRESALE_MAINTENANCE_TICKET', module: 'svc-ticket', label: 'Pre-Sale Maintenance', filter: { ticketType: 'Pre-Sale Maintenance' } },
  { route: 'installation-commissioning', code: 'INSTALLATION_AND_COMMISSIONING', module: 'svc-ticket', label: 'Installation & Commissioning', filter: { ticketType: 'Installation and Commissioning' } },
  { route: 'breakdownMaintenence', code: 'BREAKDOWN_MAINTENENCE', module: 'svc-ticket', label: 'Breakdown Maintenance', filter: { ticketType: 'Breakdown Maintenance' } },
  { route: 'actionTicket', code: 'ACTION_', module: 'svc-ticket', label: 'Action Tickets', filter: { ticketType: 'Action' } },
  { route: 'genericTicket', code: 'GENERIC_TICKET_LIST', module: 'ticket', label: 'Generic Tickets' },
  { route: 'my-open-tickets', code: 'MY_OPEN_CALLS', module: 'ticket', label: 'My Open Calls', filter: { assignedTo: '$me', status: OPEN_TICKET_STATUSES } },
  { route: 'my-urgent-tickets', code: 'MY_URGENT_CALLS', module: 'ticket', label: 'My Urgent Calls', filter: { assignedTo: '$me', priority: 'Urgent', status: OPEN_TICKET_STATUSES } },
  { route: 'urgent-calls', code: 'URGENT_CALLS', module: 'ticket', label: 'Urgent Calls', filter: { priority: 'Urgent', status: OPEN_TICKET_STATUSES } },
  { route: 'open-calls', code: 'OPEN_CALLS', module: 'ticket', label: 'Open Calls', filter: { status: OPEN_TICKET_STATUSES } },
  { route: 'closed-calls', code: 'CLOSED_CALLS', module: 'ticket', label: 'Closed Calls', filter: { status: ['Resolved', 'Closed'] } },
  { route: 'ticket-assigned-to-me', code: 'TICKET_ASSIGNED_TO_ME', module: 'ticket', label: 'Assigned To Me', filter: { assignedTo: '$me' } },
  // A client user sees their own company's tickets ($client: the signed-in user's client company).
  { route: 'ticket-client-list', code: 'CLIENT_TICKET', module: 'ticket', label: 'Client Tickets', filter: { clientId: '$client' } },
  { route: 'ticket-report-list', code: 'TICKET_REPORT_LIST', module: 'ticket', label: 'Ticket Reports' },
  { route: 'operator-ticket', code: 'OPERATOR_TICKET', module: 'ticket', label: 'Operator Tickets', filter: { source: 'Operator' } },
  { route: 'my-resource-view', code: 'MY_CALENDER', module: 'resource-view', label: 'My Calendar', filter: { resource: '$me' } },
];

/** Routes that show a service module through a filter; the ticket call views show service tickets too. */
export const serviceViews: readonly ModuleView[] = ticketAndServiceViews.map((v) =>
  v.module === 'ticket' && TICKET_CALL_VIEW_ROUTES.includes(v.route) ? { ...v, alsoModules: ['svc-ticket'] } : v,
);

export const serviceModules = [
  svcTicket,
  ticket,
  systemTicket,
  dashboardCharts,
  preventiveMaintenance,
  actionNote,
  expense,
  serviceExpense,
  discussion,
  svcTicketComment,
  workLog,
  feedback,
  feActivity,
  resourceView,
  serviceProvider,
] as const;
