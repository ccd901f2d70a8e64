/**
 * What a maintenance plan's steps do beyond its status (src/machines/lifecycles/maintenancePlan.ts): marking the
 * occurrence done records the day and moves the next due date on by the plan's frequency, counted from the due
 * date so the plan keeps its rhythm, past today (occurrences missed meanwhile are not owed twice).
 */
import type { TransitionEffect } from '../lifecycle-effect';
import { asString, todayInIndia } from '../records';

/** The next date after `isoDate` by `frequency` (a plan's frequency; months keep the day, clamped to the month's end). */
export function nextOccurrence(isoDate: string, frequency: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const days = { Daily: 1, Weekly: 7 }[frequency];
  if (days !== undefined) return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  const months = { Monthly: 1, Quarterly: 3, 'Half-Yearly': 6, Yearly: 12 }[frequency] ?? 1;
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export const maintenancePlanSteps: TransitionEffect = async (_ctx, _tx, plan, _to, _id, step) => {
  if (step.event !== 'markDone') return;
  const today = todayInIndia();
  const frequency = asString(plan.frequency) ?? 'Monthly';
  let next = nextOccurrence(asString(plan.nextDueDate) ?? today, frequency);
  while (next <= today) next = nextOccurrence(next, frequency);
  return { lastDoneDate: today, nextDueDate: next };
};
