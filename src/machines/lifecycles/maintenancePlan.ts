/**
 * A preventive-maintenance plan (the `preventive-maintenance` module): one machine serviced at a frequency.
 * Its state says where the next occurrence stands; the occurrence's own work, when it is raised as a ticket,
 * follows the ticket's lifecycle (./ticket.ts).
 *
 *   Scheduled ──fallDue (scheduler)──▶ Due ──becomeOverdue (scheduler)──▶ Overdue
 *   Scheduled ──becomeOverdue (scheduler)──▶ Overdue          (the server was off on the due date)
 *   Scheduled, Due, Overdue ──start──▶ In Progress
 *   Due, Overdue, In Progress ──markDone──▶ Scheduled        (the next due date moves on by the frequency)
 *   Scheduled, Due, Overdue, In Progress ──occurrenceDone (scheduler)──▶ Scheduled
 *                                                           (the occurrence's ticket was done: the plan moves on)
 *   Scheduled, Due, Overdue ──pause──▶ Paused ──resume──▶ Scheduled
 *   Scheduled, Due, Overdue, Paused ──complete──▶ Completed (final)
 *   Scheduled, Due, Overdue, Paused, In Progress ──cancel──▶ Cancelled (final)
 *
 * Choices (the spec is silent; this is what a CMMS does):
 * - The clock moves a plan to Due on its next due date and to Overdue the day after; no person sets either.
 *   The server's scheduler sends those steps (server/domain/service/maintenance-schedule.ts), and the history
 *   names it.
 * - Marking the occurrence done records the day and moves the next due date on by the plan's frequency, from
 *   the due date (not from the day it was done), so a plan keeps its rhythm; it skips occurrences already missed.
 * - A plan raises one Preventive Maintenance ticket per occurrence, a lead time ahead
 *   (server/domain/service/maintenance-tickets.ts). When that ticket is resolved, closed or cancelled, the server
 *   takes `occurrenceDone` as the scheduler: the plan moves on to its next occurrence (from the schedule or from the
 *   completion, as the plan says) whatever its state, even Scheduled (the work done within the lead time, before the
 *   due date). The engineer who resolves the ticket need not hold the plan's privileges: the ticket is the authority.
 * - Pausing (a machine off hire, a shutdown) needs the reason; resuming returns to Scheduled and the clock takes
 *   it from there.
 * - Completed is a plan that has run its course (the machine was returned); Cancelled one that was a mistake or is
 *   replaced, with the reason. Both are final: a new rhythm is a new plan.
 * Whoever holds PREVENTIVE_MAINTENANCE_TICKET UPDATE takes the people's steps.
 */
import { setup } from 'xstate';
import { hasPassed, holds, isScheduler, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const MAINTENANCE_PLAN_EVENTS = ['fallDue', 'becomeOverdue', 'occurrenceDone', 'start', 'markDone', 'pause', 'resume', 'complete', 'cancel'] as const;
export type MaintenancePlanEvent = LifecycleEvent<(typeof MAINTENANCE_PLAN_EVENTS)[number]>;

/** The occurrence's ticket was done (resolved, closed, cancelled): sent by the server, never by a person. */
const OCCURRENCE_DONE = { occurrenceDone: { target: 'Scheduled', guard: 'byItsTicket' } } as const;

/** What the planner may do while the next occurrence waits (Scheduled, Due, Overdue). */
const PLANNER_STEPS_WHILE_WAITING = {
  start: { target: 'In Progress', guard: 'mayPlan' },
  pause: { target: 'Paused', guard: 'mayPlan' },
  complete: { target: 'Completed', guard: 'mayPlan' },
  cancel: { target: 'Cancelled', guard: 'mayPlan' },
} as const;

export const maintenancePlanLifecycle = setup({
  types: {} as { context: LifecycleContext; events: MaintenancePlanEvent; input: LifecycleContext },
  guards: {
    mayPlan: ({ event }) => holds(event.caller, 'PREVENTIVE_MAINTENANCE_TICKET', 'UPDATE'),
    dueToday: ({ context, event }) => {
      const due = context.record.nextDueDate;
      return isScheduler(event.caller) && typeof due === 'string' && event.caller.today !== undefined && due.slice(0, 10) <= event.caller.today;
    },
    pastDue: ({ context, event }) => isScheduler(event.caller) && hasPassed(event.caller, context.record.nextDueDate),
    byItsTicket: ({ event }) => isScheduler(event.caller),
  },
}).createMachine({
  id: 'maintenancePlan',
  initial: 'Scheduled',
  context: ({ input }) => input,
  states: {
    Scheduled: {
      on: {
        fallDue: { target: 'Due', guard: 'dueToday' },
        becomeOverdue: { target: 'Overdue', guard: 'pastDue' },
        ...OCCURRENCE_DONE,
        ...PLANNER_STEPS_WHILE_WAITING,
      },
    },
    Due: {
      on: {
        becomeOverdue: { target: 'Overdue', guard: 'pastDue' },
        ...OCCURRENCE_DONE,
        markDone: { target: 'Scheduled', guard: 'mayPlan' },
        ...PLANNER_STEPS_WHILE_WAITING,
      },
    },
    Overdue: {
      on: {
        ...OCCURRENCE_DONE,
        markDone: { target: 'Scheduled', guard: 'mayPlan' },
        ...PLANNER_STEPS_WHILE_WAITING,
      },
    },
    'In Progress': {
      on: {
        ...OCCURRENCE_DONE,
        markDone: { target: 'Scheduled', guard: 'mayPlan' },
        cancel: { target: 'Cancelled', guard: 'mayPlan' },
      },
    },
    Paused: {
      on: {
        resume: { target: 'Scheduled', guard: 'mayPlan' },
        complete: { target: 'Completed', guard: 'mayPlan' },
        cancel: { target: 'Cancelled', guard: 'mayPlan' },
      },
    },
    Completed: { type: 'final' },
    Cancelled: { type: 'final' },
  },
});

/**
 * Edits and deletes (./recordRules.ts): a running plan is re-planned in any of its live states (its frequency,
 * its next due date); an ended or cancelled plan is history. A plan is deleted only while it is Scheduled and has
 * never been done (`unlessSet`): once work was done under it, it is cancelled instead.
 */
export const MAINTENANCE_PLAN_RECORD_RULES: RecordRules = {
  edit: {
    Scheduled: { guard: 'mayPlan' },
    Due: { guard: 'mayPlan' },
    Overdue: { guard: 'mayPlan' },
    'In Progress': { guard: 'mayPlan' },
    Paused: { guard: 'mayPlan' },
  },
  delete: { Scheduled: { guard: 'mayPlan', unlessSet: ['lastDoneAt'] } },
  locked: {
    Completed: refusal('lockedMaintenancePlanCompleted'),
    Cancelled: refusal('lockedMaintenancePlanCancelled'),
  },
};
