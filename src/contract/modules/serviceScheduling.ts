/**
 * Engineers' time: preventive-maintenance schedules, field-engineer activity and the resource view (the
 * allocation calendar). The paths of preventive maintenance and the resource view are designed here.
 */
import { z } from 'zod';
import { peopleCall } from './peoplePicker';
import { defineModule } from './define';
import { id, text, optionalText, isoDate, isoDateTime } from './serviceFields';
import { calendarQuery, calendarReply, rescheduleBody, rescheduleReply } from '../calendar';
import { idParams } from './replies';
import { METER_KINDS, planScheduleReply } from '../maintenanceShapes';
import { says } from '../validationMessages';

export const PM_FREQUENCIES = ['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Half-Yearly', 'Yearly'] as const;
/** What brings a plan's work: the calendar, a meter of its machine, or whichever of the two comes first. */
export const PM_TRIGGERS = ['Time', 'Meter', 'Whichever first'] as const;
export const PM_INTERVAL_UNITS = ['Days', 'Weeks', 'Months'] as const;
/** Where the next occurrence is counted from once one is done: the plan's rhythm, or the day (reading) it was done. */
export const PM_NEXT_FROM = ['Schedule', 'Completion'] as const;

export const preventiveMaintenance = defineModule({
  name: 'preventive-maintenance',
  label: 'Preventive Maintenance',
  record: 'maintenance plan',
  area: 'service',
  path: '/api/app/preventive-maintenance',
  feature: 'PREVENTIVE_MAINTENANCE_TICKET',
  alternateId: { prefix: 'PM' },
  fields: z.object({
    title: text('Title', 200),
    machineInstanceId: id('Machine'),
    assetId: z.string().optional(),
    checklistId: z.string().optional(),
    /**
     * The time rhythm. Plans saved before intervals have only `frequency`, which still works: it stands for an
     * interval (Monthly = 1 month, Quarterly = 3 months…; src/contract/maintenanceOccurrences.ts FREQUENCY_INTERVALS).
     * A new plan may give intervalCount + intervalUnit instead ("every 45 days"), which win when both are given, or
     * fixed dates. Optional because a plan by meter alone has no rhythm; the server asks for one where the trigger
     * needs it (server/domain/service/maintenance-plans.ts), naming the field.
     */
    frequency: z.enum(PM_FREQUENCIES, { error: says('notValid', { label: 'Frequency' }) }).optional(),
    trigger: z.enum(PM_TRIGGERS, { error: says('oneOf', { label: 'Trigger', choices: PM_TRIGGERS }) }).default('Time'),
    intervalCount: z.coerce.number({ error: says('notANumber', { label: 'Every' }) }).int(says('notAWholeNumber', { label: 'Every' })).min(1, says('atLeast', { label: 'Every', min: 1 })).max(999, says('tooLarge', { label: 'Every' })).optional(),
    intervalUnit: z.enum(PM_INTERVAL_UNITS, { error: says('oneOf', { label: 'Interval unit', choices: PM_INTERVAL_UNITS }) }).optional(),
    fixedDates: z.array(isoDate('Fixed date')).max(366, says('tooManyFixedDates')).default([]),
    meterKind: z.enum(METER_KINDS, { error: says('oneOf', { label: 'Meter', choices: METER_KINDS }) }).optional(),
    meterInterval: z.coerce.number({ error: says('notANumber', { label: 'Meter interval' }) }).positive(says('notPositive', { label: 'Meter interval' })).optional(),
    /** The meter reading the count starts from: the machine's reading when the plan is saved, unless given. */
    meterBaseline: z.coerce.number({ error: says('notANumber', { label: 'Meter baseline' }) }).nonnegative(says('negative', { label: 'Meter baseline' })).optional(),
    /** Days ahead of an occurrence its ticket is raised (a week unless the plan says). */
    leadDays: z.coerce.number({ error: says('notANumber', { label: 'Lead days' }) }).int(says('notAWholeNumber', { label: 'Lead days' })).min(0, says('negative', { label: 'Lead days' })).max(365, says('tooLarge', { label: 'Lead days' })).default(7),
    nextFrom: z.enum(PM_NEXT_FROM, { error: says('oneOf', { label: 'Next from', choices: PM_NEXT_FROM }) }).default('Schedule'),
    /** Which occurrence the plan is on (1 for its first): the key of its ticket, moved on when that ticket is done. */
    occurrenceNo: z.coerce.number().int().min(1).default(1),
    startDate: isoDate('Start date'),
    /** The current time occurrence; a plan by meter alone has none. */
    nextDueDate: isoDate('Next due date').optional(),
    lastDoneDate: isoDate('Last done date').optional(),
    assignedTo: z.string().optional(),
    // Paused was added with the plan's lifecycle (src/machines/lifecycles/maintenancePlan.ts); no status was renamed.
    status: z.enum(['Scheduled', 'Due', 'In Progress', 'Completed', 'Overdue', 'Cancelled', 'Paused'], { error: says('notValid', { label: 'Status' }) }).default('Scheduled'),
    estimatedHours: z.coerce.number().nonnegative(says('negative', { label: 'Estimated hours' })).optional(),
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
  // The plan's engineer works the tickets it raises.
  people: { assignedTo: { privilege: 'UPDATE', module: 'svc-ticket' } },
  columns: ['alternateId', 'title', 'frequency', 'nextDueDate', 'status', 'assignedTo'],
  serverFields: ['lastDoneDate', 'doneRemarks', 'pauseReason', 'cancelReason', 'occurrenceNo'],
  messages: {
    list: 'Failed to get list of preventive maintenance',
    create: 'Failed to create preventive maintenance',
    update: 'Failed to update preventive maintenance',
    remove: 'Failed to delete preventive maintenance',
    getById: 'Failed to get preventive maintenance details',
  },
  calls: [
    // Designed here: the plan's next five occurrences (from today, in India) and the tickets it has raised.
    {
      name: 'schedule',
      method: 'GET',
      path: '/schedule/:id',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get preventive maintenance details',
      cache: 'none',
      params: idParams,
      reply: planScheduleReply,
    },
    peopleCall,
  ],
});

export const feActivity = defineModule({
  name: 'feactivity',
  label: 'Field Engineer Activity',
  record: 'field engineer activity',
  area: 'service',
  path: '/api/app/feactivity',
  feature: 'FE_ACTIVITY',
  insertAt: 'end',
  fields: z.object({
    engineer: id('Engineer'),
    activityType: z.enum(['Site Visit', 'Travel', 'Training', 'Installation', 'Repair', 'Meeting', 'Leave'], { error: says('notValid', { label: 'Activity type' }) }),
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
  // An activity is a field engineer's: whoever works service tickets.
  people: { engineer: { privilege: 'UPDATE', module: 'svc-ticket' } },
  calls: [peopleCall],
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
  record: 'booking',
  area: 'service',
  path: '/api/app/resource-view',
  feature: 'RESOURCE_VIEW',
  fields: z.object({
    resource: id('Engineer'),
    title: text('Title', 200),
    start: isoDateTime('Start'),
    end: isoDateTime('End'),
    ticketAlternateId: z.string().max(40).optional(),
    allocationType: z.enum(['Ticket', 'Preventive Maintenance', 'Installation', 'Leave', 'Training'], { error: says('notValid', { label: 'Allocation type' }) }).default('Ticket'),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, says('colour')).optional(),
  }),
  example: { resource: 'user-demo', title: 'PM: VMC-850 Bay 3', start: '2026-02-23T09:00:00+05:30', end: '2026-02-23T13:00:00+05:30' },
  references: { resource: 'subscriber-user' },
  // A booking is of an engineer: whoever works service tickets.
  people: { resource: { privilege: 'UPDATE', module: 'svc-ticket' } },
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
    peopleCall,
    // The resource calendar: every engineer's bookings, visits and plan occurrences, and the unscheduled tickets.
    { name: 'calendar', method: 'GET', path: '/calendar', privilege: 'VIEW', kind: 'custom', message: 'Failed to get list of resource view', cache: 'none', querystring: calendarQuery, reply: calendarReply },
    // My Calendar: the signed-in engineer's own (MY_CALENDER reaches it through the my-resource-view view).
    { name: 'myCalendar', method: 'GET', path: '/my-calendar', privilege: 'VIEW', kind: 'custom', message: 'Failed to get list of resource view', cache: 'none', querystring: calendarQuery, reply: calendarReply },
    // Move a booking, or book an unscheduled ticket, to an engineer and a time; the ticket's engineer and history follow.
    { name: 'reschedule', method: 'POST', path: '/reschedule', privilege: 'UPDATE', kind: 'custom', message: 'Failed to update resource view', cache: 'none', body: rescheduleBody, reply: rescheduleReply },
  ],
});
