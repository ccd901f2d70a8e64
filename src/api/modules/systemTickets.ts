/**
 * System tickets raised by the platform (sensor alarms, offline devices), acknowledged and closed by staff,
 * and the dashboard-charts host of their KPI call. The close call's path is designed here (not in the spec).
 */
import { z } from 'zod';
import { defineModule } from './define';
import { text, optionalText, isoDateTime } from './serviceFields';
import { ticketMessages } from './serviceTickets';

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
