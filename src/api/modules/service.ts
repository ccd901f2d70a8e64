/**
 * Service management modules (document 2 §7 "Tickets"): service tickets of every kind, generic tickets and
 * their call views, system tickets, preventive maintenance, and the records that hang off a ticket (action
 * notes, expenses, comments, discussions, work logs, feedback), field-engineer activity, the resource view
 * and service providers.
 *
 * Paths the spec does not show (preventive maintenance, comments, service expense, resource view, the
 * system-ticket close call, the operator ticket call) are designed here, next to the spec's shape.
 *
 * Longer than most files: it is fifteen declarative entries of one area, kept together as the catalogue
 * keeps one file per area.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { GSTIN_PATTERN } from './admin';

const id = (label: string) => z.string({ error: `${label} is required` }).min(1, `${label} is required`);
const text = (label: string, max = 200) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const optionalText = (label: string, max = 2000) => z.string().trim().max(max, `${label} is too long`).optional();
const isoDate = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);
const isoDateTime = (label: string) => z.iso.datetime({ offset: true, message: `${label} must be a date-time (ISO 8601)` });
/** Money is exact: integer paise. */
const paise = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be whole paise`).nonnegative(`${label} cannot be negative`);
const attachment = z.object({ url: text('Attachment url', 2000), name: text('Attachment name', 200) });

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
}

// ---------------------------------------------------------------------------------------------------------
// Service tickets: one module for breakdown, installation and commissioning, pre-sale and action tickets.
// ---------------------------------------------------------------------------------------------------------

export const SVC_TICKET_TYPES = ['Breakdown Maintenance', 'Installation and Commissioning', 'Pre-Sale Maintenance', 'Action'] as const;
export const TICKET_PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export const TICKET_STATUSES = ['Open', 'Assigned', 'In Progress', 'On Hold', 'Resolved', 'Closed', 'Cancelled'] as const;
/** Statuses in which a ticket still needs work (the "open calls" views). */
export const OPEN_TICKET_STATUSES = ['Open', 'Assigned', 'In Progress', 'On Hold'] as const;

const ticketMessages = {
  list: 'Failed to get list of ticket',
  create: 'Failed to create ticket',
  update: 'Failed to update ticket',
  remove: 'Failed to delete ticket',
  getById: 'Failed to get ticket details',
};

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
    customerSignatureUrl: z.string().max(200_000).optional(),
  }),
  example: {
    ticketType: 'Breakdown Maintenance',
    title: 'Spindle overheating on VMC-850',
    priority: 'High',
    reportedBy: 'Shift supervisor, Chakan plant',
    slaDueAt: '2026-03-02T18:00:00+05:30',
  },
  references: { clientId: 'client', assetId: 'asset', machineInstanceId: 'svc-machine-instances', assignedTo: 'subscriber-user' },
  columns: ['alternateId', 'ticketType', 'title', 'priority', 'status', 'assignedTo', 'slaDueAt'],
  messages: ticketMessages,
  calls: [
    { name: 'generatePdf', method: 'POST', path: '/generatePdf/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get ticket details', cache: 'none' },
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
  references: { clientId: 'client', assetId: 'asset', machineInstanceId: 'svc-machine-instances', assignedTo: 'subscriber-user' },
  columns: ['alternateId', 'title', 'category', 'priority', 'status', 'assignedTo', 'source'],
  messages: ticketMessages,
  calls: [
    // The spec names "one further ticket update call" without its path: a status/assignment change.
    { name: 'updateStatus', method: 'PATCH', path: '/update-status/:id', privilege: 'UPDATE', kind: 'custom', message: 'Failed to update ticket', cache: 'merge' },
    // "Failed to create operativeTicket": a ticket raised by a machine operator from the shop floor.
    { name: 'createOperativeTicket', method: 'POST', path: '/operative-ticket', privilege: 'CREATE', kind: 'custom', message: 'Failed to create operativeTicket', cache: 'none' },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// System tickets: raised by the platform (sensor alarms, offline devices), acknowledged and closed by staff.
// ---------------------------------------------------------------------------------------------------------

export const SYSTEM_TICKET_STATUSES = ['Open', 'Acknowledged', 'Closed'] as const;

export const systemTicket = defineModule({
  name: 'system-ticket',
  label: 'System Tickets',
  area: 'service',
  path: '/api/app/system-ticket',
  feature: 'SYSTEM_TICKET',
  alternateId: { prefix: 'SYS' },
  // Document 2 gives list and update; create is how the alarm pipeline raises one, getById the detail view.
  ops: ['list', 'create', 'update', 'getById'],
  fields: z.object({
    title: text('Title', 200),
    description: optionalText('Description', 5000),
    source: z.enum(['Sensor Alarm', 'Device Offline', 'Threshold Breach', 'System'], { error: 'Source is not valid' }).default('Sensor Alarm'),
    severity: z.enum(['Info', 'Warning', 'Critical'], { error: 'Severity is not valid' }).default('Warning'),
    status: z.enum(SYSTEM_TICKET_STATUSES, { error: 'Status is not valid' }).default('Open'),
    sensorInstanceId: z.string().optional(),
    deviceId: z.string().optional(),
    assetId: z.string().optional(),
    machineInstanceId: z.string().optional(),
    raisedAt: isoDateTime('Raised at').optional(),
    acknowledgedBy: z.string().optional(),
    acknowledgedAt: isoDateTime('Acknowledged at').optional(),
    closedBy: z.string().optional(),
    closedAt: isoDateTime('Closed at').optional(),
    closingRemarks: optionalText('Closing remarks', 2000),
  }),
  example: { title: 'Vibration above 7.1 mm/s on compressor CP-02', source: 'Threshold Breach', severity: 'Critical' },
  references: { sensorInstanceId: 'sensor-instance', deviceId: 'device', assetId: 'asset', machineInstanceId: 'svc-machine-instances' },
  columns: ['alternateId', 'title', 'severity', 'status', 'raisedAt', 'acknowledgedAt'],
  messages: ticketMessages,
  calls: [
    { name: 'acknowledge', method: 'PUT', path: '/acknowledgedTicketState/:id', privilege: 'UPDATE', kind: 'custom', message: 'Failed to acknowledge ticket', cache: 'merge' },
    // The close call's path is not shown in the spec: PUT closeTicket/{id} with optional { closingRemarks }.
    { name: 'close', method: 'PUT', path: '/closeTicket/:id', privilege: 'UPDATE', kind: 'custom', message: 'Failed to closed ticket', cache: 'merge' },
  ],
});

/** The dashboard-charts host: only the system-ticket KPI call (document 2 §7). */
export const dashboardCharts = defineModule({
  name: 'dashboard-charts',
  label: 'Dashboard Charts',
  area: 'service',
  path: '/api/app/dashboard-charts',
  feature: 'SYSTEM_TICKET',
  ops: [],
  fields: z.object({}),
  example: {},
  messages: {
    list: 'Failed to get list of ticket',
    create: 'Failed to create ticket',
    update: 'Failed to update ticket',
    remove: 'Failed to delete ticket',
    getById: 'Failed to get ticket details',
  },
  calls: [
    { name: 'systemTicketKpi', method: 'POST', path: '/systemTicketKpi', privilege: 'VIEW', kind: 'custom', message: 'Failed to get list of ticket', cache: 'none' },
  ],
});

export const PM_FREQUENCIES = ['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Half-Yearly', 'Yearly'] as const;

export const preventiveMaintenance = defineModule({
  name: 'preventive-maintenance',
  label: 'Preventive Maintenance',
  area: 'service',
  path: '/api/app/preventive-maintenance',
  feature: 'PREVENTIVE_MAINTENANCE_TICKET',
  alternateId: { prefix: 'PM' },
  fields: z.object({
    title: text('Title', 200),
    machineInstanceId: id('Machine'),
    assetId: z.string().optional(),
    checklistId: z.string().optional(),
    frequency: z.enum(PM_FREQUENCIES, { error: 'Frequency is not valid' }),
    startDate: isoDate('Start date'),
    nextDueDate: isoDate('Next due date'),
    lastDoneDate: isoDate('Last done date').optional(),
    assignedTo: z.string().optional(),
    status: z.enum(['Scheduled', 'Due', 'In Progress', 'Completed', 'Overdue', 'Cancelled'], { error: 'Status is not valid' }).default('Scheduled'),
    estimatedHours: z.coerce.number().nonnegative('Estimated hours cannot be negative').optional(),
    instructions: optionalText('Instructions', 5000),
  }),
  example: { title: 'Monthly lubrication and way-cover check', machineInstanceId: 'mi-demo', frequency: 'Monthly', startDate: '2026-01-05', nextDueDate: '2026-02-05' },
  references: { machineInstanceId: 'svc-machine-instances', assetId: 'asset', checklistId: 'checklist-view', assignedTo: 'subscriber-user' },
  columns: ['alternateId', 'title', 'frequency', 'nextDueDate', 'status', 'assignedTo'],
  messages: {
    list: 'Failed to get list of preventive maintenance',
    create: 'Failed to create preventive maintenance',
    update: 'Failed to update preventive maintenance',
    remove: 'Failed to delete preventive maintenance',
    getById: 'Failed to get preventive maintenance details',
  },
});

export const actionNote = defineModule({
  name: 'action-note',
  label: 'Action Notes',
  area: 'service',
  path: '/api/app/action-note',
  feature: 'ACTION_',
  fields: z.object({
    ticketId: id('Ticket'),
    note: text('Note', 5000),
    actionType: z.enum(['Corrective', 'Preventive', 'Follow-up', 'Escalation'], { error: 'Action type is not valid' }).default('Corrective'),
    owner: z.string().optional(),
    dueDate: isoDate('Due date').optional(),
    status: z.enum(['Open', 'Done'], { error: 'Status is not valid' }).default('Open'),
  }),
  example: { ticketId: 'tkt-demo', note: 'Replace worn coupling insert before next shift', actionType: 'Corrective', dueDate: '2026-03-03' },
  references: { ticketId: 'svc-ticket', owner: 'subscriber-user' },
  columns: ['ticketId', 'note', 'actionType', 'owner', 'dueDate', 'status'],
  messages: {
    list: 'Failed to get list of action note',
    create: 'Failed to create action note',
    update: 'Failed to update action note',
    remove: 'Failed to delete action note',
    getById: 'Failed to get action note details',
  },
});

export const EXPENSE_CATEGORIES = ['Travel', 'Food', 'Lodging', 'Local Conveyance', 'Material', 'Other'] as const;

export const expense = defineModule({
  name: 'expense',
  label: 'Expenses',
  area: 'service',
  path: '/api/app/expense',
  feature: 'SVC_EXPENSES',
  fields: z.object({
    /** The ticket's alternateId (TKT-…): expenses are fetched by it (document 2 §3). */
    ticketAlternateId: text('Ticket number', 40),
    category: z.enum(EXPENSE_CATEGORIES, { error: 'Category is not valid' }),
    description: optionalText('Description', 1000),
    amountPaise: paise('Amount'),
    expenseDate: isoDate('Expense date'),
    incurredBy: z.string().optional(),
    billUrl: z.string().max(2000).optional(),
    status: z.enum(['Submitted', 'Approved', 'Rejected', 'Reimbursed'], { error: 'Status is not valid' }).default('Submitted'),
  }),
  example: { ticketAlternateId: 'TKT-2026-000001', category: 'Travel', description: 'Pune to Chakan, two-wheeler', amountPaise: 42000, expenseDate: '2026-02-14' },
  references: { incurredBy: 'subscriber-user' },
  columns: ['ticketAlternateId', 'category', 'amountPaise', 'expenseDate', 'incurredBy', 'status'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of expense',
    create: 'Failed to create expense',
    update: 'Failed to update expense',
    remove: 'Failed to delete expense',
    getById: 'Failed to get expense details',
  },
  calls: [
    // Body { alternateId }: the expenses of one ticket, as a list reply.
    { name: 'getDataFromTicketId', method: 'POST', path: '/getDataFromTicketId', privilege: 'VIEW', kind: 'custom', message: 'Failed to get list of expense', cache: 'replace-list' },
  ],
});

/** Chargeable service lines against a ticket (labour, visit charge, …) that later feed bills and invoices. */
export const serviceExpense = defineModule({
  name: 'service-expense',
  label: 'Service Expenses',
  area: 'service',
  path: '/api/app/service-expense',
  feature: 'SVC_EXPENSES',
  fields: z.object({
    ticketAlternateId: text('Ticket number', 40),
    serviceType: z.enum(['Labour', 'Visit Charge', 'Travel', 'Material', 'Other'], { error: 'Service type is not valid' }),
    description: optionalText('Description', 1000),
    quantity: z.coerce.number({ error: 'Quantity must be a number' }).positive('Quantity must be more than 0'),
    ratePaise: paise('Rate'),
    hsnSac: z.string().regex(/^[0-9]{4,8}$/, 'HSN/SAC must be 4 to 8 digits').optional(),
    billable: z.boolean().default(true),
  }),
  example: { ticketAlternateId: 'TKT-2026-000001', serviceType: 'Labour', quantity: 4, ratePaise: 75000, hsnSac: '998719' },
  columns: ['ticketAlternateId', 'serviceType', 'quantity', 'ratePaise', 'billable'],
  messages: {
    list: 'Failed to get list of service expense',
    create: 'Failed to create service expense',
    update: 'Failed to update service expense',
    remove: 'Failed to delete service expense',
    getById: 'Failed to get service expense details',
  },
});

/** Comments, discussions and work logs show inside a ticket's detail; they share one invented feature. */
const TICKET_ACTIVITY = 'TICKET_ACTIVITY';

export const discussion = defineModule({
  name: 'discussion',
  label: 'Discussions',
  area: 'service',
  path: '/api/app/discussion',
  feature: TICKET_ACTIVITY,
  fields: z.object({
    ticketId: id('Ticket'),
    message: text('Message', 5000),
    author: z.string().optional(),
    mentions: z.array(z.string()).default([]),
    attachments: z.array(attachment).default([]),
  }),
  example: { ticketId: 'tkt-demo', message: 'Customer can give the machine only after second shift.' },
  references: { ticketId: 'svc-ticket', author: 'subscriber-user' },
  columns: ['ticketId', 'message', 'author'],
  messages: {
    list: 'Failed to get list of discussion',
    create: 'Failed to create discussion',
    update: 'Failed to update discussion',
    remove: 'Failed to delete discussion',
    getById: 'Failed to get discussion details',
  },
});

export const svcTicketComment = defineModule({
  name: 'svc-ticket-comment',
  label: 'Ticket Comments',
  area: 'service',
  path: '/api/app/svc-ticket-comment',
  feature: TICKET_ACTIVITY,
  fields: z.object({
    ticketId: id('Ticket'),
    comment: text('Comment', 5000),
    author: z.string().optional(),
    /** Internal comments are hidden from Client-User accounts. */
    internal: z.boolean().default(false),
  }),
  example: { ticketId: 'tkt-demo', comment: 'Spindle bearing noise confirmed with stethoscope.' },
  references: { ticketId: 'svc-ticket', author: 'subscriber-user' },
  columns: ['ticketId', 'comment', 'author', 'internal'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of comment',
    create: 'Failed to create comment',
    update: 'Failed to update comment',
    remove: 'Failed to delete comment',
    getById: 'Failed to get comment details',
  },
});

export const workLog = defineModule({
  name: 'worklog',
  label: 'Work Log',
  area: 'service',
  path: '/api/app/worklog',
  feature: TICKET_ACTIVITY,
  fields: z.object({
    ticketId: id('Ticket'),
    engineer: z.string().optional(),
    startedAt: isoDateTime('Started at'),
    endedAt: isoDateTime('Ended at').optional(),
    activity: text('Activity', 2000),
    hours: z.coerce.number().nonnegative('Hours cannot be negative').optional(),
  }),
  example: { ticketId: 'tkt-demo', startedAt: '2026-02-20T09:30:00+05:30', endedAt: '2026-02-20T12:00:00+05:30', activity: 'Dismantled spindle cartridge' },
  references: { ticketId: 'svc-ticket', engineer: 'subscriber-user' },
  columns: ['ticketId', 'engineer', 'startedAt', 'endedAt', 'activity', 'hours'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of work log',
    create: 'Failed to create work log',
    update: 'Failed to update work log',
    remove: 'Failed to delete work log',
    getById: 'Failed to get work log details',
  },
  calls: [
    // The work log of one service ticket, oldest first, as a list reply.
    { name: 'svcTicketWorkLog', method: 'GET', path: '/svc-ticket-workLog/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get list of work log', cache: 'replace-list' },
  ],
});

export const feedback = defineModule({
  name: 'svc-feedBack',
  label: 'Feedback',
  area: 'service',
  path: '/api/app/svc-feedBack',
  feature: 'FEEDBACK',
  // The spec spells get-by-id with a lower-case b: /api/app/svc-feedback/getById/{id}. A route override is
  // relative to `path`, so the module serves getById here too and the extra call carries the absolute path.
  fields: z.object({
    ticketId: id('Ticket'),
    rating: z.coerce.number({ error: 'Rating must be a number' }).int().min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'),
    comments: optionalText('Comments', 2000),
    givenBy: optionalText('Given by', 120),
    wouldRecommend: z.boolean().optional(),
  }),
  example: { ticketId: 'tkt-demo', rating: 4, comments: 'Engineer arrived within SLA', givenBy: 'Maintenance head' },
  references: { ticketId: 'svc-ticket' },
  columns: ['ticketId', 'rating', 'comments', 'givenBy'],
  messages: {
    list: 'Failed to get list of feedback',
    create: 'Failed to create feedback',
    update: 'Failed to update feedback',
    remove: 'Failed to delete feedback',
    getById: 'Failed to get feedback details',
  },
  calls: [
    { name: 'getByIdLowerCase', method: 'GET', path: '/api/app/svc-feedback/getById/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get feedback details', cache: 'none' },
  ],
});

export const feActivity = defineModule({
  name: 'feactivity',
  label: 'Field Engineer Activity',
  area: 'service',
  path: '/api/app/feactivity',
  feature: 'FE_ACTIVITY',
  insertAt: 'end',
  fields: z.object({
    engineer: id('Engineer'),
    activityType: z.enum(['Site Visit', 'Travel', 'Training', 'Installation', 'Repair', 'Meeting', 'Leave'], { error: 'Activity type is not valid' }),
    ticketAlternateId: z.string().max(40).optional(),
    assetId: z.string().optional(),
    startAt: isoDateTime('Start'),
    endAt: isoDateTime('End').optional(),
    remarks: optionalText('Remarks', 2000),
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
  }),
  example: { engineer: 'user-demo', activityType: 'Site Visit', startAt: '2026-02-21T10:00:00+05:30', remarks: 'Chiller CH-01 quarterly service' },
  references: { engineer: 'subscriber-user', assetId: 'asset' },
  columns: ['engineer', 'activityType', 'ticketAlternateId', 'startAt', 'endAt'],
  messages: {
    list: 'Failed to get list of field engineer activity',
    create: 'Failed to create field engineer activity',
    update: 'Failed to update field engineer activity',
    remove: 'Failed to delete field engineer activity',
    getById: 'Failed to get field engineer activity details',
  },
});

/** An engineer's allocation on the calendar (resource-view; my-resource-view shows the signed-in user's). */
export const resourceView = defineModule({
  name: 'resource-view',
  label: 'Resource View',
  area: 'service',
  path: '/api/app/resource-view',
  feature: 'RESOURCE_VIEW',
  fields: z.object({
    resource: id('Engineer'),
    title: text('Title', 200),
    start: isoDateTime('Start'),
    end: isoDateTime('End'),
    ticketAlternateId: z.string().max(40).optional(),
    allocationType: z.enum(['Ticket', 'Preventive Maintenance', 'Installation', 'Leave', 'Training'], { error: 'Allocation type is not valid' }).default('Ticket'),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be like #17bcff').optional(),
  }),
  example: { resource: 'user-demo', title: 'PM: VMC-850 Bay 3', start: '2026-02-23T09:00:00+05:30', end: '2026-02-23T13:00:00+05:30' },
  references: { resource: 'subscriber-user' },
  columns: ['resource', 'title', 'start', 'end', 'allocationType'],
  messages: {
    list: 'Failed to get list of resource view',
    create: 'Failed to create resource view',
    update: 'Failed to update resource view',
    remove: 'Failed to delete resource view',
    getById: 'Failed to get resource view details',
  },
});

const DUPLICATE_UNIQUE = 'Duplicate {field} Field.  Unique Number is Required !';

export const serviceProvider = defineModule({
  name: 'service-provider',
  label: 'Service Provider',
  area: 'admin',
  path: '/api/app/service-provider',
  feature: 'SERVICE_PROVIDER',
  fields: z.object({
    name: text('Name', 160),
    gstNo: z.string().trim().regex(GSTIN_PATTERN, 'GST Number is not valid'),
    panNo: z.string().trim().regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, 'PAN is not valid').optional(),
    contactPerson: optionalText('Contact person', 120),
    email: z.email('Email is not valid').optional(),
    phone: optionalText('Phone', 20),
    address: optionalText('Address', 400),
    services: z.array(z.string().trim().min(1)).default([]),
    status: z.enum(['Active', 'Inactive'], { error: 'Status is not valid' }).default('Active'),
  }),
  unique: ['gstNo'],
  example: { name: 'Chavan Pneumatics', gstNo: '27AAECP6310N1Z7', contactPerson: 'P. Chavan', services: ['Panel wiring', 'Motor rewinding'] },
  columns: ['name', 'gstNo', 'contactPerson', 'phone', 'status'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of ServiceProvider',
    create: 'Failed to create ServiceProvider',
    update: 'Failed to update ServiceProvider',
    remove: 'Failed to delete ServiceProvider',
    getById: 'Failed to get ServiceProvider details',
    duplicate: DUPLICATE_UNIQUE,
  },
});

/** Routes that show a service module through a filter (see ModuleView). */
export const serviceViews: readonly ModuleView[] = [
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
