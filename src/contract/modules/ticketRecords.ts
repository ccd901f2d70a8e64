/**
 * The records that hang off a ticket: action notes, and the comments, discussions, work logs and feedback
 * shown inside a ticket's detail.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { id, text, optionalText, isoDate, isoDateTime, attachment } from './serviceFields';
import { idParams, listOf, storedRecord } from './replies';
import { says } from '../validationMessages';

export const actionNote = defineModule({
  name: 'action-note',
  label: 'Action Notes',
  record: 'action note',
  area: 'service',
  path: '/api/app/action-note',
  feature: 'ACTION_',
  fields: z.object({
    ticketId: id('Ticket'),
    note: text('Note', 5000),
    actionType: z.enum(['Corrective', 'Preventive', 'Follow-up', 'Escalation'], { error: says('notValid', { label: 'Action type' }) }).default('Corrective'),
    owner: z.string().optional(),
    dueDate: isoDate('Due date').optional(),
    status: z.enum(['Open', 'Done'], { error: says('notValid', { label: 'Status' }) }).default('Open'),
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

/** Comments, discussions and work logs show inside a ticket's detail; they share one invented feature. */
const TICKET_ACTIVITY = 'TICKET_ACTIVITY';

export const discussion = defineModule({
  name: 'discussion',
  label: 'Discussions',
  record: 'discussion',
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
  record: 'comment',
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
  record: 'work log entry',
  area: 'service',
  path: '/api/app/worklog',
  feature: TICKET_ACTIVITY,
  fields: z.object({
    ticketId: id('Ticket'),
    engineer: z.string().optional(),
    startedAt: isoDateTime('Started at'),
    endedAt: isoDateTime('Ended at').optional(),
    activity: text('Activity', 2000),
    hours: z.coerce.number().nonnegative(says('negative', { label: 'Hours' })).optional(),
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
    // The work log of one service ticket, oldest first, as a list reply: each entry with its hours (its own figure, else
    // end − start), and the total.
    {
      name: 'svcTicketWorkLog',
      method: 'GET',
      path: '/svc-ticket-workLog/:id',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of work log',
      cache: 'replace-list',
      params: idParams,
      reply: listOf(storedRecord.extend({ hours: z.number() })).extend({ totalHours: z.number() }),
    },
  ],
});

export const feedback = defineModule({
  name: 'svc-feedBack',
  label: 'Feedback',
  record: 'feedback',
  area: 'service',
  path: '/api/app/svc-feedBack',
  feature: 'FEEDBACK',
  // The spec spells get-by-id with a lower-case b: /api/app/svc-feedback/getById/{id}. A route override is
  // relative to `path`, so the module serves getById here too and the extra call carries the absolute path.
  fields: z.object({
    ticketId: id('Ticket'),
    rating: z.coerce.number({ error: says('notANumber', { label: 'Rating' }) }).int().min(1, says('between', { label: 'Rating', min: 1, max: 5 })).max(5, says('between', { label: 'Rating', min: 1, max: 5 })),
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
    {
      name: 'getByIdLowerCase',
      method: 'GET',
      path: '/api/app/svc-feedback/getById/:id',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get feedback details',
      cache: 'none',
      params: idParams,
      reply: storedRecord,
    },
  ],
});
