/**
 * System tickets raised by the platform (sensor alarms, offline devices), acknowledged and closed by staff,
 * and the dashboard-charts host of their KPI call. The close call's path is designed here (not in the spec).
 */
import { z } from 'zod';
import { defineModule } from './define';
import { text, optionalText, isoDateTime } from './serviceFields';
import { ticketMessages } from './serviceTickets';
import { dataOf, idParams, steppedRecord } from './replies';
import { says } from '../validationMessages';

export const SYSTEM_TICKET_STATUSES = ['Open', 'Acknowledged', 'Closed'] as const;

/** PUT closeTicket/{id} { closingRemarks? } (remarks are required for a Critical ticket). */
const closeBody = z.object({ closingRemarks: z.string().trim().max(2000, says('tooLongPlural', { label: 'Closing remarks' })).optional() }).optional();
export type CloseSystemTicketBody = z.infer<typeof closeBody>;

/** POST systemTicketKpi { from?, to? }: the system tickets raised in that window (all of them without one). */
const kpiBody = z
  .object({
    from: z.iso.datetime({ offset: true, message: says('notADateTime', { label: 'From' }) }).optional(),
    to: z.iso.datetime({ offset: true, message: says('notADateTime', { label: 'To' }) }).optional(),
  })
  .optional();
export type SystemTicketKpiBody = z.infer<typeof kpiBody>;

/** The system tickets in figures (src/contract/dashboardShapes.ts `SystemTicketKpi`). */
export const systemTicketKpi = z.strictObject({
  total: z.number().int().nonnegative(),
  byStatus: z.record(z.string(), z.number()),
  bySeverity: z.record(z.string(), z.number()),
  openCritical: z.number().int().nonnegative(),
  /** Mean minutes from raised to acknowledged, over acknowledged tickets (null when none). */
  meanMinutesToAcknowledge: z.number().nullable(),
  /** Mean minutes from raised to closed (null when none). */
  meanMinutesToClose: z.number().nullable(),
  byDay: z.array(z.strictObject({ date: z.iso.date(), count: z.number().int().nonnegative() })),
});

export const systemTicket = defineModule({
  name: 'system-ticket',
  label: 'System Tickets',
  record: 'system ticket',
  area: 'service',
  path: '/api/app/system-ticket',
  feature: 'SYSTEM_TICKET',
  alternateId: { prefix: 'SYS' },
  // Document 2 gives list and update; create is how the alarm pipeline raises one, getById the detail view.
  ops: ['list', 'create', 'update', 'getById'],
  fields: z.object({
    title: text('Title', 200),
    description: optionalText('Description', 5000),
    source: z.enum(['Sensor Alarm', 'Device Offline', 'Threshold Breach', 'System'], { error: says('notValid', { label: 'Source' }) }).default('Sensor Alarm'),
    severity: z.enum(['Info', 'Warning', 'Critical'], { error: says('notValid', { label: 'Severity' }) }).default('Warning'),
    status: z.enum(SYSTEM_TICKET_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Open'),
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
    // The ticket's acknowledge step; reply the ticket after it.
    {
      name: 'acknowledge',
      method: 'PUT',
      path: '/acknowledgedTicketState/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to acknowledge ticket',
      cache: 'merge',
      params: idParams,
      reply: steppedRecord,
    },
    // The close call's path is not shown in the spec: PUT closeTicket/{id} with optional { closingRemarks }.
    {
      name: 'close',
      method: 'PUT',
      path: '/closeTicket/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to closed ticket',
      cache: 'merge',
      params: idParams,
      body: closeBody,
      reply: steppedRecord,
    },
  ],
});

/** The dashboard-charts host: only the system-ticket KPI call (document 2 §7). */
export const dashboardCharts = defineModule({
  name: 'dashboard-charts',
  label: 'Dashboard Charts',
  record: 'dashboard chart',
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
    {
      name: 'systemTicketKpi',
      method: 'POST',
      path: '/systemTicketKpi',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of ticket',
      cache: 'none',
      body: kpiBody,
      reply: dataOf(systemTicketKpi),
    },
  ],
});
