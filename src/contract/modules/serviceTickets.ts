/**
 * Service tickets (document 2 §7 "Tickets"): one module for breakdown, installation and commissioning,
 * pre-sale and action tickets, and the generic ticket behind the call views (my open, urgent, closed, …;
 * the views themselves are in service.ts). Their statuses and priorities are read by the server's SLA and
 * ticket handlers.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { text, optionalText, isoDateTime, attachment } from './serviceFields';
import { idParams, listOf, pdfReply, storedRecord } from './replies';
import { ticketWorkspaceCalls } from './ticketWorkspaceCalls';
import { ticketViewRow } from '../ticketShapes';
import { says } from '../validationMessages';

// ---------------------------------------------------------------------------------------------------------
// Service tickets: one module for breakdown, installation and commissioning, pre-sale and action tickets.
// ---------------------------------------------------------------------------------------------------------

/** Preventive Maintenance tickets are raised by the plans' scheduler (server/domain/service/maintenance-tickets.ts), one per occurrence. */
export const SVC_TICKET_TYPES = ['Breakdown Maintenance', 'Installation and Commissioning', 'Pre-Sale Maintenance', 'Action', 'Preventive Maintenance'] as const;
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
 * Designed here: a ticket's workspace calls, on both ticket modules (./ticketWorkspaceCalls.ts): the timeline, its
 * comments, work, feedback, spare parts, discussions, expenses and files.
 */

const ticketCore = {
  title: text('Title', 200),
  description: optionalText('Description', 5000),
  priority: z.enum(TICKET_PRIORITIES, { error: says('notValid', { label: 'Priority' }) }).default('Medium'),
  status: z.enum(TICKET_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Open'),
  clientId: z.string().optional(),
  /** The plant, unit or site (asset) where the work is. */
  assetId: z.string().optional(),
  /** The machine the work is on, picked by name (a client's user: his company's machines). */
  machineInstanceId: z.string().optional().meta({ title: 'Machine' }),
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
  /**
   * The customer's signature, a PNG data URL taken on the signature pad when the work is resolved (never typed):
   * every kind of ticket keeps it, and its job card prints it. Its label is the catalogue's, never "… URL".
   */
  customerSignatureUrl: z.string().max(200_000).optional().meta({ title: 'Customer signature' }),
};

/** A ticket's machine and site are picked among its client's (the server refuses another client's). */
const TICKET_PLACES = { machineInstanceId: { field: 'clientId', source: 'clientId' }, assetId: { field: 'clientId', source: 'clientId' } } as const;

/** The job card (POST generatePdf/{id}): every kind of ticket has one (server/domain/service/ticket-records.ts). */
const jobCardCall = { name: 'generatePdf', method: 'POST', path: '/generatePdf/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get ticket details', cache: 'none', params: idParams, reply: pdfReply } as const;

export const svcTicket = defineModule({
  name: 'svc-ticket',
  label: 'Service Tickets',
  record: 'service ticket',
  area: 'service',
  path: '/api/app/svc-ticket',
  // One module serves four routes: breakdownMaintenence (this feature) and, through `serviceViews`,
  // preSaleMaintenance, installation-commissioning and actionTicket, each filtered by ticketType.
  feature: 'BREAKDOWN_MAINTENENCE',
  alternateId: { prefix: 'TKT' },
  fields: z.object({
    ticketType: z.enum(SVC_TICKET_TYPES, { error: says('notValid', { label: 'Ticket type' }) }),
    ...ticketCore,
    /** Hours booked on the ticket (the work log holds the detail). */
    labourHours: z.coerce.number().nonnegative(says('negative', { label: 'Labour hours' })).optional(),
    /** A preventive ticket's plan, the occurrence it is for, and the plan's checklist copied onto it when raised. */
    planId: z.string().optional(),
    occurrenceNo: z.coerce.number().int().optional(),
    occurrenceDate: z.iso.date().optional(),
    checklistId: z.string().optional(),
    checklist: z.array(z.strictObject({ questionId: z.string(), question: z.string() })).optional(),
  }),
  example: {
    ticketType: 'Breakdown Maintenance',
    title: 'Spindle overheating on VMC-850',
    priority: 'High',
    reportedBy: 'Shift supervisor, Chakan plant',
    slaDueAt: '2026-03-02T18:00:00+05:30',
  },
  references: {
    clientId: 'client',
    assetId: 'asset',
    machineInstanceId: 'svc-machine-instances',
    assignedTo: 'subscriber-user',
    resolvedBy: 'subscriber-user',
    closedBy: 'subscriber-user',
    cancelledBy: 'subscriber-user',
    planId: 'preventive-maintenance',
    checklistId: 'checklist-view',
  },
  // A ticket's machine and site are its client's: their pickers offer the chosen client's only.
  pickWithin: TICKET_PLACES,
  // The engineer is whoever may work this ticket (the Assign step's picker, ./peoplePicker.ts).
  people: { assignedTo: { privilege: 'UPDATE' } },
  // Whom the work is for, named (the row's `names` when the person may not list the clients: issue 12 item 4), and
  // among a phone card's four columns (number, status, title, client): a route's tickets are mostly of one type.
  columns: ['alternateId', 'title', 'clientId', 'ticketType', 'priority', 'status', 'assignedTo', 'slaDueAt'],
  // Taken on the signature pad when the work is resolved, never typed.
  serverFields: ['customerSignatureUrl', 'planId', 'occurrenceNo', 'occurrenceDate', 'checklist'],
  messages: ticketMessages,
  calls: [
    jobCardCall,
    ...ticketWorkspaceCalls,
  ],
});

// ---------------------------------------------------------------------------------------------------------
// Generic tickets and the call views (my open, my urgent, urgent, open, closed, assigned to me, client,
// reports, operator tickets).
// ---------------------------------------------------------------------------------------------------------

export const TICKET_SOURCES = ['Web', 'Phone', 'Email', 'Client Portal', 'Operator'] as const;

/** PATCH update-status/{id}: the status wanted (the one step that leads there), the other fields as the step's data. */
const ticketStatusBody = z.object({
  status: z.enum(TICKET_STATUSES, { error: says('oneOf', { label: 'Status', choices: TICKET_STATUSES }) }),
  assignedTo: z.string().min(1).optional(),
  resolution: z.string().trim().max(5000).optional(),
  rootCause: z.string().trim().max(2000).optional(),
  holdReason: z.string().trim().max(1000).optional(),
  cancelReason: z.string().trim().max(1000).optional(),
});
export type TicketStatusBody = z.infer<typeof ticketStatusBody>;

/** POST operative-ticket: a machine operator's call from the shop floor (a generic ticket with source Operator). */
const operativeTicketBody = z.object({
  title: ticketCore.title,
  description: ticketCore.description,
  priority: z.enum(TICKET_PRIORITIES, { error: says('notValid', { label: 'Priority' }) }).default('High'),
  machineInstanceId: z.string().min(1).optional(),
  assetId: z.string().min(1).optional(),
  contactPhone: z.string().trim().max(20).optional(),
});
export type OperativeTicketBody = z.infer<typeof operativeTicketBody>;

export const ticket = defineModule({
  name: 'ticket',
  label: 'Tickets',
  record: 'ticket',
  area: 'service',
  path: '/api/app/ticket',
  feature: 'TICKET_LIST',
  alternateId: { prefix: 'GTK' },
  fields: z.object({
    category: z.enum(['Service', 'Complaint', 'Query', 'Installation', 'Other'], { error: says('notValid', { label: 'Category' }) }).default('Service'),
    source: z.enum(TICKET_SOURCES, { error: says('notValid', { label: 'Source' }) }).default('Web'),
    ...ticketCore,
  }),
  example: { title: 'Coolant leak near pump housing', category: 'Complaint', priority: 'Urgent', source: 'Phone' },
  references: { clientId: 'client', assetId: 'asset', machineInstanceId: 'svc-machine-instances', assignedTo: 'subscriber-user', resolvedBy: 'subscriber-user', closedBy: 'subscriber-user', cancelledBy: 'subscriber-user' },
  pickWithin: TICKET_PLACES,
  people: { assignedTo: { privilege: 'UPDATE' } },
  columns: ['alternateId', 'title', 'clientId', 'category', 'priority', 'status', 'assignedTo', 'source'],
  // Taken on the signature pad when the work is resolved, never typed (as on service tickets).
  serverFields: ['customerSignatureUrl'],
  messages: ticketMessages,
  calls: [
    jobCardCall,
    // The spec names "one further ticket update call" without its path: a status/assignment change; reply the ticket
    // (after a step, with its version and allowed steps).
    {
      name: 'updateStatus',
      method: 'PATCH',
      path: '/update-status/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update ticket',
      cache: 'merge',
      params: idParams,
      body: ticketStatusBody,
      reply: storedRecord,
    },
    // "Failed to create operativeTicket": a ticket raised by a machine operator from the shop floor (201, the ticket).
    {
      name: 'createOperativeTicket',
      method: 'POST',
      path: '/operative-ticket',
      privilege: 'CREATE',
      kind: 'custom',
      message: 'Failed to create operativeTicket',
      cache: 'none',
      body: operativeTicketBody,
      reply: storedRecord,
    },
    // Designed here: a call view (my open calls, urgent calls, client tickets…) across generic and service tickets,
    // newest reported first, as a list reply.
    {
      name: 'view',
      method: 'GET',
      path: '/view/:route',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of ticket',
      cache: 'none',
      params: z.object({ route: z.string().min(1) }),
      reply: listOf(ticketViewRow),
    },
    ...ticketWorkspaceCalls,
  ],
});
