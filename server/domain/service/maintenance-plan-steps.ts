/**
 * What a maintenance plan's steps do beyond its status (src/machines/lifecycles/maintenancePlan.ts): when an
 * occurrence is done, by a person marking the plan done or by its ticket being done (`occurrenceDone`), the plan
 * moves on to its next occurrence by the rule of src/contract/maintenanceOccurrences.ts (`advanceAfterDone`): from the
 * schedule (the plan keeps its rhythm, occurrences missed meanwhile are not owed twice) or from the completion (the
 * interval counted again from today and from the meter's reading now), and its occurrence number moves on, which is
 * what lets the scheduler raise the next occurrence's ticket.
 */
import { advanceAfterDone } from '../../../src/contract/maintenanceOccurrences';
import { lifetimeCount, meterOfMachine } from '../../db/meter-store';
import type { AfterCommit, TransitionEffect } from '../lifecycle-effect';
import { asString, todayInIndia } from '../records';
import { occurrencePlanOf, raisePlanTickets, RAISING_STATES, withCountStarted } from './maintenance-tickets';

/** The next date after `isoDate` by `frequency` (a plan's frequency; months keep the day, clamped to the month's end). */
export function nextOccurrence(isoDate: string, frequency: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const days = { Daily: 1, Weekly: 7 }[frequency];
  if (days !== undefined) return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  const months = { Monthly: 1, Quarterly: 3, 'Half-Yearly': 6, Yearly: 12 }[frequency] ?? 1;
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export const maintenancePlanSteps: TransitionEffect = async (ctx, tx, plan, _to, _id, step) => {
  if (step.event !== 'markDone' && step.event !== 'occurrenceDone') return;
  const today = todayInIndia();
  const machineId = asString(plan.machineInstanceId);
  const meterKind = asString(plan.meterKind);
  const meter = machineId && meterKind ? await meterOfMachine(tx, ctx.user.tenantId, machineId, meterKind) : undefined;
  const counted = await withCountStarted(tx, ctx.user.tenantId, plan, meter);
  const advance = advanceAfterDone(occurrencePlanOf(counted), today, lifetimeCount(meter));
  const occurrenceNo = (typeof plan.occurrenceNo === 'number' ? plan.occurrenceNo : 1) + 1;
  // A ticket cancelled skips its occurrence: the plan moves on, but nothing was done on it.
  const skipped = step.event === 'occurrenceDone' && step.data.ticketStatus === 'Cancelled';
  return { ...advance, occurrenceNo, ...(skipped ? {} : { lastDoneDate: today }) };
};

/**
 * After a plan's step commits (resumed, marked done, edited into a raising state): the ticket its occurrence already
 * owes is raised now, not at the next hourly pass. Raising is idempotent (an occurrence is claimed once), so a step
 * that made nothing owed raises nothing; a failure is left to the hourly pass, which raises the same ticket.
 */
export const raiseOwedAfterPlanStep: AfterCommit = async (ctx, plan) => {
  if (!(RAISING_STATES as readonly string[]).includes(String(plan.status))) return;
  await raisePlanTickets(ctx.db, ctx.hub, todayInIndia(), { tenantId: ctx.tenantId as string, planIds: [plan._id] });
};
