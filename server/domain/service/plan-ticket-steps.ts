/**
 * A preventive ticket done moves its plan on: when a ticket a plan raised is resolved, closed or cancelled, the
 * occurrence it was raised for is marked done (once: a ticket resolved and then closed moves the plan once) and, in
 * the same transaction, the plan takes `occurrenceDone` as the scheduler (src/machines/lifecycles/maintenancePlan.ts),
 * whose effect counts the next occurrence (./maintenance-plan-steps.ts). Only the ticket recorded against the plan's
 * current occurrence moves it: a planId typed onto another ticket moves nothing.
 */
import { preventiveMaintenance } from '../../../src/contract/modules/service';
import { markOccurrenceDone } from '../../db/maintenance-occurrence-store';
import type { TransitionEffect } from '../lifecycle-effect';
import { repo } from '../../db/repository';
import { asString } from '../records';
import { partyContext, schedulerCaller } from '../step-context';

/** The ticket states in which its occurrence counts as done (or, cancelled, skipped). */
const DONE_STATES = new Set(['Resolved', 'Closed', 'Cancelled']);

export const planTicketSteps: TransitionEffect = async (ctx, tx, ticket, to, ticketId, step) => {
  const planId = asString(ticket.planId);
  if (!planId || !DONE_STATES.has(to)) return;
  const tenantId = ctx.user.tenantId;
  const occurrenceNo = await markOccurrenceDone(tx, tenantId, planId, ticketId);
  if (occurrenceNo === undefined) return;
  const plan = await repo(tx, preventiveMaintenance, tenantId).getBody(planId);
  // The plan moved on already (a person marked it done meanwhile), or it is paused or ended: it stays where it is.
  // A plan saved before occurrences were numbered is on its first (as the scheduler's claim counted it).
  const current = typeof plan?.occurrenceNo === 'number' ? plan.occurrenceNo : 1;
  if (!plan || current !== occurrenceNo || !['Scheduled', 'Due', 'Overdue', 'In Progress'].includes(String(plan.status))) return;
  const ticketName = asString(ticket.alternateId) ?? ticketId;
  const caller = { ...schedulerCaller(), name: `Scheduler (ticket ${ticketName} ${to.toLowerCase()} by ${ctx.user.name})` };
  await step.alsoStep(partyContext({ db: ctx.db, hub: ctx.hub, def: preventiveMaintenance, tenantId, caller }), planId, { event: 'occurrenceDone', data: { ticketStatus: to } });
};
