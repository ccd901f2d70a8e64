/**
 * Service tickets (document 2 §7 "Tickets"): one module for breakdown, installation and commissioning,
 * pre-sale and action tickets, and the generic ticket behind the call views (my open, urgent, closed, …;
 * the views themselves are in service.ts). Their statuses and priorities are read by the server's SLA and
 * ticket handlers.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { text, optionalText, isoDateTime, attachment } from './serviceFields';

// ---------------------------------------------------------------------------------------------------------
// Service tickets: one module for breakdown, installation and commissioning, pre-sale and action tickets.
// ---------------------------------------------------------------------------------------------------------

export const SVC_TICKET_TYPES = ['Breakdown Maintenance', 'Installation and Commissioning', 'Pre-Sale Maintenance', 'Action'] as const;
export const TICKET_PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export const TICKET_STATUSES = ['Open', 'Assigned', 'In Progress', 'On Hold', 'Resolved', 'Closed', 'Cancelled'] as const;
/** Statuses in which a ticket still needs work (the "open calls" views). */
export const OPEN_TICKET_STATUSES = ['Open', 'Assigned', 'In Progress', 'On Hold'] as const;

/** Default failure texts of every ticket module (service, generic and system tickets). */
export const ticketMessages = {
  list: 'Failed to get list of ticket',
  create: 'Failed to create ticket',
  update: 'Failed to update ticket',
  remove: 'Failed to delete ticket',
  getById: 'Failed to get ticket details',
};

/**
 * Designed here: a ticket's workspace calls, on both ticket modules, so whoever may read (or work) the ticket
 * (by its feature or a call view's code, within the view's records) reads its timeline and adds to it:
 * GET activity/{id} → { data, total } (comments, work logs, spare-part requests; newest first), POST comment/{id}
 * { comment, internal? }, POST worklog/{id} { activity, hours, startedAt? }, POST feedback/{id} { rating, comments? }
 * once the work is resolved, GET parts/{id} (the stores' parts, to choose from) and POST spare-request/{id}
 * { items: [{ partId, quantity }], remarks? } (a spare-part request raised for the ticket), POST discussion/{id}
 * { message } (the team's, never a client's), POST expense/{id} { category, amountPaise, description?, receipt? },
 * POST attachment/{id} { name, mimeType, contentBase64 } and POST file/{id} { url } (the bytes of the ticket's files).
 */
const ticketWorkspaceCalls = [
  { name: 'activity', method: 'GET', path: '/activity/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get ticket details', cache: 'none' },
  { name: 'comment', method: 'POST', path: '/comment/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to create comment', cache: 'none' },
  { name: 'logWork', method: 'POST', path: '/worklog/:id', privilege: 'UPDATE', kind: 'custom', message: 'Failed to create work log', cache: 'none' },
  { name: 'rate', method: 'POST', path: '/feedback/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to create feedback', cache: 'none' },
  { name: 'parts', method: 'GET', path: '/parts/:id', privilege: 'UPDATE', kind: 'custom', message: 'Failed to get list of spare parts', cache: 'none' },
  { name: 'requestParts', method: 'POST', path: '/spare-request/:id', privilege: 'UPDATE', kind: 'custom', message: 'Failed to create spare part request', cache: 'none' },
  { name: 'discuss', method: 'POST', path: '/discussion/:id', privilege: 'UPDATE', kind: 'custom', message: 'Failed to create discussion', cache: 'none' },
  { name: 'addExpense', method: 'POST', path: '/expense/:id', privilege: 'UPDATE', kind: 'custom', message: 'Failed to create expense', cache: 'none' },
  { name: 'attach', method: 'POST', path: '/attachment/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to upload file', cache: 'none' },
  { name: 'file', method: 'POST', path: '/file/:id', privilege: 'VIEW', kind: 'custom', message: 'Something went wrong while downloading file. Please try again!', cache: 'none' },
] as const;

const ticketCore = {
  title: text('Title', 200),
  description: optionalText('Description', 5000),
  priority: z.enum(TICKET_PRIORITIES, { error: 'Priority is not valid' }).default('Medium'),
  status: z.enum(TICKET_STATUSES, { error: 'Status is not valid' }).default('Open'),
  clientId: z.string().optional(),
  /** The plant, unit or site (asset) where the work is. */
  assetId: z.string().optional(),
  machineInstanceId: z.string().optional(),
  /** subscriber-user _id of the engineer who owns the ticket. */
  assignedTo: z.string().optional(),
  reportedBy: optionalText('Reported by', 120),
  contactPhone: optionalText('Contact phone', 20),
  reportedAt: isoDateTime('Reported at').optional(),
  /** Service-level due time: resolution promised by. */
  slaDueAt: isoDateTime('SLA due at').optional(),
  resolvedAt: isoDateTime('Resolved at').optional(),
  closedAt: isoDateTime('Closed at').optional(),
  resolution: optionalText('Resolution', 5000),
  rootCause: optionalText('Root cause', 2000),
  /** Written by the lifecycle's steps (src/machines/lifecycles/ticket.ts): what a held ticket waits for, why one was cancelled, and who took the steps. */
  holdReason: optionalText('Hold reason', 1000),
  cancelReason: optionalText('Cancel reason', 1000),
  resolvedBy: z.string().optional(),
  closedBy: z.string().optional(),
  cancelledBy: z.string().optional(),
  cancelledAt: isoDateTime('Cancelled at').optional(),
  attachments: z.array(attachment).default([]),
};

export const svcTicket = defineModule({
  name: 'svc-ticket',
  label: 'Service Tickets',
  area: 'service',
  path: '/api/app/svc-ticket',
  // One module serves four routes: breakdownMaintenence (this feature) and, through `serviceViews`,
  // preSaleMaintenance, installation-commissioning and actionTicket, each filtered by ticketType.
  feature: 'BREAKDOWN_MAINTENENCE',
  alternateId: { prefix: 'TKT' },
  fields: z.object({
    ticketType: z.enum(SVC_TICKET_TYPES, { error: 'Ticket type is not valid' }),
    ...ticketCore,
    /** Hours booked on the ticket (the work log holds the detail). */
    labourHours: z.coerce.number().nonnegative('Labour hours cannot be negative').optional(),
    customerSignatureUrl: z.string().max(200_000).optional().meta({ title: 'Customer signature' }),
  }),
  example: {
    ticketType: 'Breakdown Maintenance',
    title: 'Spindle overheating on VMC-850',
    priority: 'High',
    reportedBy: 'Shift supervisor, Chakan plant',
    slaDueAt: '2026-03-02T18:00:00+05:30',
  },
  references: { clientId: 'client', assetId: 'asset', machineInstanceId: 'svc-machine-instances', assignedTo: 'subscriber-user', resolvedBy: 'subscriber-user', closedBy: 'subscriber-user', cancelledBy: 'subscriber-user' },
  columns: ['alternateId', 'ticketType', 'title', 'priority', 'status', 'assignedTo', 'slaDueAt'],
  // Taken on the signature pad when the work is resolved, never typed.
  serverFields: ['customerSignatureUrl'],
  messages: ticketMessages,
  calls: [
    { name: 'generatePdf', method: 'POST', path: '/generatePdf/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get ticket details', cache: 'none' },
    ...ticketWorkspaceCalls,
  ],
});

// ---------------------------------------------------------------------------------------------------------
// Generic tickets and the call views (my open, my urgent, urgent, open, closed, assigned to me, client,
// reports, operator tickets).
// ---------------------------------------------------------------------------------------------------------

export const TICKET_SOURCES = ['Web', 'Phone', 'Email', 'Client Portal', 'Operator'] as const;

export const ticket = defineModule({
  name: 'ticket',
  label: 'Tickets',
  area: 'service',
  path: '/api/app/ticket',
  feature: 'TICKET_LIST',
  alternateId: { prefix: 'GTK' },
  fields: z.object({
    category: z.enum(['Service', 'Complaint', 'Query', 'Installation', 'Other'], { error: 'Category is not valid' }).default('Service'),
    source: z.enum(TICKET_SOURCES, { error: 'Source is not valid' }).default('Web'),
    ...ticketCore,
  }),
  example: { title: 'Coolant leak near pump housing', category: 'Complaint', priority: 'Urgent', source: 'Phone' },
  references: { clientId: 'client', assetId: 'asset', machineInstanceId: 'svc-machine-instances', assignedTo: 'subscriber-user', resolvedBy: 'subscriber-user', closedBy: 'subscriber-user', cancelledBy: 'subscriber-user' },
  columns: ['alternateId', 'title', 'category', 'priority', 'status', 'assignedTo', 'source'],
  messages: ticketMessages,
  calls: [
    // The spec names "one further ticket update call" without its path: a status/assignment change.
    { name: 'updateStatus', method: 'PATCH', path: '/update-status/:id', privilege: 'UPDATE', kind: 'custom', message: 'Failed to update ticket', cache: 'merge' },
    // "Failed to create operativeTicket": a ticket raised by a machine operator from the shop floor.
    { name: 'createOperativeTicket', method: 'POST', path: '/operative-ticket', privilege: 'CREATE', kind: 'custom', message: 'Failed to create operativeTicket', cache: 'none' },
    // Designed here: a call view (my open calls, urgent calls, client tickets…) across generic and service tickets.
    { name: 'view', method: 'GET', path: '/view/:route', privilege: 'VIEW', kind: 'custom', message: 'Failed to get list of ticket', cache: 'none' },
    ...ticketWorkspaceCalls,
  ],
});
