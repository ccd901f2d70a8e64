/**
 * A ticket: the service tickets of every kind (breakdown, installation & commissioning, pre-sale, action) and
 * the generic tickets share this machine; the kinds differ in their fields and routes, not in their steps.
 *
 *   Open ──assign──▶ Assigned ──start──▶ In Progress ◀──resume── On Hold
 *   Open ──start──▶ In Progress ──hold──▶ On Hold
 *   Assigned, In Progress, On Hold ──resolve──▶ Resolved ──close──▶ Closed (final)
 *   Resolved ──reopen──▶ In Progress
 *   Open, Assigned, On Hold ──cancel──▶ Cancelled (final)
 *
 * Choices, as a mature CMMS makes them (the spec is silent):
 * - assigning names the engineer (assignedTo is the step's data); reassigning later is an edit of the field;
 * - starting an Open ticket without an engineer makes the person who starts it its engineer (the server's
 *   step effect, server/domain/service/ticket-steps.ts);
 * - resolving needs the resolution (and keeps the root cause); closing is the check that the work is done,
 *   and a resolved ticket may be reopened instead, with its reason in the step's note;
 * - putting a ticket on hold needs what it waits for (spares, the customer, a permit);
 * - cancelling needs a reason, and only work not yet started or held is cancelled: a ticket in progress is
 *   put on hold first, so its work log is never orphaned;
 * - Closed and Cancelled are final: a recurring fault is a new ticket with its own history.
 * Whoever may update tickets (the module's feature or a view of it, such as an engineer's "my open calls",
 * whose scope the server applies before the machine is asked) takes every step.
 */
import { setup } from 'xstate';
import type { LifecycleCaller, LifecycleContext, LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const TICKET_EVENTS = ['assign', 'start', 'hold', 'resume', 'resolve', 'reopen', 'close', 'cancel'] as const;
export type TicketEvent = LifecycleEvent<(typeof TICKET_EVENTS)[number]>;

/**
 * The screen codes that reach tickets (src/contract/modules/service.ts: the ticket modules' features and their
 * views). Listed here, not imported, so the machine stays free of the catalogue; a test compares the two.
 */
export const TICKET_FEATURES = [
  'BREAKDOWN_MAINTENENCE',
  'PRESALE_MAINTENANCE_TICKET',
  'INSTALLATION_AND_COMMISSIONING',
  'ACTION_',
  'TICKET_LIST',
  'GENERIC_TICKET_LIST',
  'MY_OPEN_CALLS',
  'MY_URGENT_CALLS',
  'URGENT_CALLS',
  'OPEN_CALLS',
  'CLOSED_CALLS',
  'TICKET_ASSIGNED_TO_ME',
  'CLIENT_TICKET',
  'TICKET_REPORT_LIST',
  'OPERATOR_TICKET',
] as const;

function mayUpdateTickets(caller: LifecycleCaller): boolean {
  return caller.kind === 'staff' && TICKET_FEATURES.some((feature) => caller.permissions[feature]?.includes('UPDATE'));
}

export const ticketLifecycle = setup({
  types: {} as { context: LifecycleContext; events: TicketEvent; input: LifecycleContext },
  guards: {
    mayWork: ({ event }) => mayUpdateTickets(event.caller),
  },
}).createMachine({
  id: 'ticket',
  initial: 'Open',
  context: ({ input }) => input,
  states: {
    Open: {
      on: {
        assign: { target: 'Assigned', guard: 'mayWork' },
        start: { target: 'In Progress', guard: 'mayWork' },
        cancel: { target: 'Cancelled', guard: 'mayWork' },
      },
    },
    Assigned: {
      on: {
        start: { target: 'In Progress', guard: 'mayWork' },
        resolve: { target: 'Resolved', guard: 'mayWork' },
        cancel: { target: 'Cancelled', guard: 'mayWork' },
      },
    },
    'In Progress': {
      on: {
        hold: { target: 'On Hold', guard: 'mayWork' },
        resolve: { target: 'Resolved', guard: 'mayWork' },
      },
    },
    'On Hold': {
      on: {
        resume: { target: 'In Progress', guard: 'mayWork' },
        resolve: { target: 'Resolved', guard: 'mayWork' },
        cancel: { target: 'Cancelled', guard: 'mayWork' },
      },
    },
    Resolved: {
      on: {
        close: { target: 'Closed', guard: 'mayWork' },
        reopen: { target: 'In Progress', guard: 'mayWork' },
      },
    },
    Closed: { type: 'final' },
    Cancelled: { type: 'final' },
  },
});

/**
 * Edits and deletes (./recordRules.ts): a ticket is worked (and reassigned, re-prioritised) until it is resolved;
 * a resolved one is reopened before it changes; Closed and Cancelled are final. Only an open ticket, on which no
 * work has started, is deleted: anything later is cancelled, so its history stays.
 */
export const TICKET_RECORD_RULES: RecordRules = {
  edit: { Open: { guard: 'mayWork' }, Assigned: { guard: 'mayWork' }, 'In Progress': { guard: 'mayWork' }, 'On Hold': { guard: 'mayWork' } },
  delete: { Open: { guard: 'mayWork' } },
  locked: {
    Resolved: refusal('lockedTicketResolved'),
    Closed: refusal('lockedTicketClosed'),
    Cancelled: refusal('lockedTicketCancelled'),
  },
};
