/**
 * Engineers' time: preventive-maintenance schedules, field-engineer activity and the resource view (the
 * allocation calendar). The paths of preventive maintenance and the resource view are designed here.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { id, text, optionalText, isoDate, isoDateTime } from './serviceFields';
import { calendarQuery, calendarReply, rescheduleBody, rescheduleReply } from '../calendar';

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
    // Paused was added with the plan's lifecycle (src/machines/lifecycles/maintenancePlan.ts); no status was renamed.
    status: z.enum(['Scheduled', 'Due', 'In Progress', 'Completed', 'Overdue', 'Cancelled', 'Paused'], { error: 'Status is not valid' }).default('Scheduled'),
    estimatedHours: z.coerce.number().nonnegative('Estimated hours cannot be negative').optional(),
    instructions: optionalText('Instructions', 5000),
    /** Written by the lifecycle's steps: the last occurrence done (who, when, remarks), why it was paused or cancelled, who ended it. */
    lastDoneBy: z.string().optional(),
    lastDoneAt: isoDateTime('Last done at').optional(),
    doneRemarks: optionalText('Done remarks', 2000),
    pauseReason: optionalText('Pause reason', 1000),
    cancelReason: optionalText('Cancel reason', 1000),
    endedBy: z.string().optional(),
    endedAt: isoDateTime('Ended at').optional(),
  }),
  example: { title: 'Monthly lubrication and way-cover check', machineInstanceId: 'mi-demo', frequency: 'Monthly', startDate: '2026-01-05', nextDueDate: '2026-02-05' },
  references: { machineInstanceId: 'svc-machine-instances', assetId: 'asset', checklistId: 'checklist-view', assignedTo: 'subscriber-user' },
  columns: ['alternateId', 'title', 'frequency', 'nextDueDate', 'status', 'assignedTo'],
  serverFields: ['lastDoneDate', 'doneRemarks', 'pauseReason', 'cancelReason'],
  messages: {
    list: 'Failed to get list of preventive maintenance',
    create: 'Failed to create preventive maintenance',
    update: 'Failed to update preventive maintenance',
    remove: 'Failed to delete preventive maintenance',
    getById: 'Failed to get preventive maintenance details',
  },
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
  // Designed here (issue 31, item 3): the calendars' reads and the dispatcher's drag (src/contract/calendar.ts).
  calls: [
    // The resource calendar: every engineer's bookings, visits and plan occurrences, and the unscheduled tickets.
    { name: 'calendar', method: 'GET', path: '/calendar', privilege: 'VIEW', kind: 'custom', message: 'Failed to get list of resource view', cache: 'none', querystring: calendarQuery, reply: calendarReply },
    // My Calendar: the signed-in engineer's own (MY_CALENDER reaches it through the my-resource-view view).
    { name: 'myCalendar', method: 'GET', path: '/my-calendar', privilege: 'VIEW', kind: 'custom', message: 'Failed to get list of resource view', cache: 'none', querystring: calendarQuery, reply: calendarReply },
    // Move a booking, or book an unscheduled ticket, to an engineer and a time; the ticket's engineer and history follow.
    { name: 'reschedule', method: 'POST', path: '/reschedule', privilege: 'UPDATE', kind: 'custom', message: 'Failed to update resource view', cache: 'none', body: rescheduleBody, reply: rescheduleReply },
  ],
});
